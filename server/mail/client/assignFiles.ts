/**
 * POST mails/assignfilestojob { ma_id, job_id, indexes? }: a mail's attachments become files of
 * the job (group EMAILATTACHMENTS), so they appear on the job's Documents tab. An attachment the
 * sync stored as a file is linked to the job (the same file, no copy); one read from the IMAP
 * server goes through the same typing, thumbnailing and one-transaction store as any upload.
 */
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { invalidField } from '../../envelope/errors';
import { objectBody } from '../../http/bodySchema';
import { idSchema, reportedOn } from '../../http/bodyShapes';
import { asObject } from '../../http/objects';
import { storeUploads, type StagedFile } from '../../files/upload';
import { modifiableJob } from '../../jobs/access';
import { action } from '../../http/route';
import { mailDb } from '../tables';
import { MAIL_CLIENT_GATE, visibleMail } from './access';
import { attachmentDb } from '../sync/attachmentTables';
import { attachmentSource, mailAttachmentList } from './attachments';

const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) <= 2147483647;

/** A required id whose absence or bad value both read 'Invalid value', as the handler answered. */
const anId = { ...idSchema('validation.value'), 'x-required-message': 'validation.value' };

const assignFilesBody = objectBody({ ma_id: anId, job_id: anId, indexes: reportedOn('indexes', { type: 'array', items: { type: 'integer', minimum: 0 } }) }, [
  'ma_id',
  'job_id',
]);

export function registerAssignFilesRoute(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'POST',
      url: '/api/mails/assignfilestojob',
      key: 'mails',
      gate: { ...MAIL_CLIENT_GATE, requiredFeatures: [...(MAIL_CLIENT_GATE.requiredFeatures ?? []), 'job.enabled'] },
      summary: "Files a mail's attachments (all, or those of `indexes`) to a job's documents ({ma_id, job_id, indexes?})",
      body: assignFilesBody,
      change: true,
    },
    async (req) => {
      const body = asObject(req.body);
      if (!isId(body.ma_id)) throw invalidField('ma_id');
      if (!isId(body.job_id)) throw invalidField('job_id');
      const indexes = body.indexes ?? null;
      if (indexes !== null && (!Array.isArray(indexes) || !indexes.every((i) => Number.isInteger(i) && i >= 0))) throw invalidField('indexes');
      const db = mailDb(req.db);
      const { mail } = await visibleMail(req, body.ma_id, db);
      const job = await db.selectFrom('jobs').select('job_id').where('job_id', '=', body.job_id).executeTakeFirst();
      if (!job) throw invalidField('job_id');
      await modifiableJob(req, job.job_id);

      const all = await mailAttachmentList(attachmentSource(req, db), mail);
      const chosen = all.filter((a) => indexes === null || (indexes as number[]).includes(a.index));
      if (indexes !== null && chosen.length !== new Set(indexes as number[]).size) throw invalidField('indexes');
      const files: StagedFile[] = [];
      try {
        for (const a of chosen.filter((c) => c.file_id === null)) {
          const bytes = await a.read();
          if (!bytes) continue;
          const path = await app.fileStore.stagingPath();
          files.push({ name: a.filename, path, size: 0 });
          await fs.writeFile(path, bytes);
          files[files.length - 1].size = (await fs.stat(path)).size;
        }
      } catch (err) {
        await Promise.all(files.map((f) => fs.rm(f.path, { force: true })));
        throw err;
      }
      const copied = files.length
        ? await storeUploads(req, app.fileStore, { fields: {}, files }, { group: 'EMAILATTACHMENTS', skipResize: false, jobId: body.job_id })
        : [];
      const linked = chosen.flatMap((a) => (a.file_id === null ? [] : [a.file_id]));
      if (linked.length) {
        await attachmentDb(db)
          .insertInto('file_job_links')
          .values(linked.map((file_id) => ({ file_id, job_id: body.job_id as number })))
          .onConflict((oc) => oc.columns(['file_id', 'job_id']).doNothing())
          .execute();
      }
      const fileIds = [...linked, ...copied];
      return { data: { ma_id: Number(mail.ma_id), job_id: body.job_id, file_ids: fileIds } };
    },
  );
}
