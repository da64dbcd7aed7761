/**
 * Draft attachments: uploaded as files of group EMAILATTACHMENTS (the files area stores them) and
 * linked to the draft. A locked draft takes no attachment; each change bumps the version.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { withMultipart } from '../../../files/multipartScope';
import { uploadFromRequest } from '../../../files/uploadRequest';
import { action, idParams } from '../../../http/route';

const ID = { type: 'integer', minimum: 1, maximum: 2147483647 };
import { MAIL_GATE, mailNotFound, userId } from '../access';
import { composeDb, type ComposeDb } from '../tables';
import { accessibleDraft, draftLocked } from './store';
import { draftView } from './wire';

const key = 'maildrafts';

async function writableDraft(db: ComposeDb, req: FastifyRequest, id: number) {
  const row = await accessibleDraft(db, userId(req), id);
  if (row.mdraft_locked) throw draftLocked();
  return row;
}

const bump = (db: ComposeDb, id: number) =>
  db
    .updateTable('maildrafts')
    .set({ mdraft_version: sql<number>`mdraft_version + 1`, updated_at: sql<Date>`now()` })
    .where('mdraft_id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export function registerDraftAttachmentRoutes(app: FastifyInstance): void {
  withMultipart(app, (scope) => {
    action(
      scope,
      {
        method: 'POST',
        url: '/api/maildrafts/:id/attachments',
        key,
        gate: MAIL_GATE,
        params: idParams,
        status: 201,
        change: true,
        summary: 'multipart/form-data: file (one or several) attached to the draft; answers the draft',
      },
      async (req) => {
        const db = composeDb(req.db);
        const id = (req.params as { id: number }).id;
        await writableDraft(db, req, id);
        const fileIds = await uploadFromRequest(req, app.fileStore, { group: 'EMAILATTACHMENTS' });
        const row = await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('maildraft_files')
            .values(fileIds.map((file_id) => ({ mdraft_id: id, file_id })))
            .onConflict((oc) => oc.doNothing())
            .execute();
          return bump(trx, id);
        });
        return { data: await draftView(db, row) };
      },
    );
  });

  action(
    app,
    {
      method: 'DELETE',
      url: '/api/maildrafts/:id/attachments/:fileId',
      key,
      gate: MAIL_GATE,
      params: { type: 'object', properties: { id: ID, fileId: ID }, required: ['id', 'fileId'] },
      change: true,
      summary: 'Remove an attachment from the draft',
    },
    async (req) => {
      const db = composeDb(req.db);
      const { id, fileId } = req.params as { id: number; fileId: number };
      await writableDraft(db, req, id);
      const row = await db.transaction().execute(async (trx) => {
        const res = await trx.deleteFrom('maildraft_files').where('mdraft_id', '=', id).where('file_id', '=', fileId).executeTakeFirst();
        if (Number(res.numDeletedRows) === 0) throw mailNotFound();
        return bump(trx, id);
      });
      return { data: await draftView(db, row) };
    },
  );
}
