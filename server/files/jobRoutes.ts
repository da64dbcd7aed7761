/**
 * A job's document writes (SPEC.md point 7, envelope key 'jobs', staff with job.enabled): uploads
 * to a group (generaldocuments, salesinvoices, purchaseinvoices, workorders), the processed flag
 * (costinvoices), the visible-to-client switch, and deleting attachments. The list itself is
 * POST jobs/{id}/documents/filter, served by the jobs area with listJobDocuments.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Gate } from '../../core/access/access';
import { STAFF } from '../../core/access/roles';
import { JOB_UPLOAD_GROUPS, type JobUploadAction } from '../../core/files/types';
import { invalidField } from '../envelope/errors';
import { objectBody } from '../http/bodySchema';
import { boolSchema, idSchema, reportedOn } from '../http/bodyShapes';
import { action, idParams } from '../http/route';
import { modifiableJob } from '../jobs/access';
import { jobDb } from '../jobs/tables';
import { notifyPurchaseInvoiceFiles } from '../notifications/jobEvents';
import { registerDextRoute } from './dext';
import { listJobDocuments } from './jobDocuments';
import { wantsRelations } from './records';
import { deleteFileRows, parseIdList, removeBytes } from './remove';
import type { FileStore } from './storage';
import { fileDb } from './tables';
import { uploadFromRequest } from './uploadRequest';

const key = 'jobs';
export const JOB_DOCUMENTS_GATE: Gate = { roles: STAFF, requiredFeatures: ['job.enabled'] };
const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;

/**
 * The job if this user may change it (server/jobs/access.ts): 404 for a job they cannot see, 403
 * 'You are not allowed to modify this job.' when an assigned list leaves them out, the rule every
 * other write on a job follows too.
 */
async function writableJobId(req: FastifyRequest): Promise<number> {
  return (await modifiableJob(req, idOf(req))).job_id;
}

/** `{ fxj_ids: number[], <flag>: boolean }`; every link must belong to this job. */
/**
 * `{ fxj_ids, [flag] }`, nothing else. No ids (or not a list) reads 'Field is required!'; too many
 * or a bad one, 'Invalid value' on the list.
 */
const flagBody = (flag: string) => ({
  ...objectBody(
    {
      fxj_ids: {
        type: 'array',
        minItems: 1,
        'x-message': 'validation.required',
        allOf: [{ maxItems: 500, items: reportedOn('fxj_ids', idSchema()), 'x-message': 'validation.value' }],
      },
      [flag]: boolSchema(),
    },
    ['fxj_ids', flag],
  ),
  additionalProperties: false,
});

async function firstPage(req: FastifyRequest, jobId: number) {
  const page = await listJobDocuments(fileDb(req.db), jobId, { page: 1, size: 10, withRelations: wantsRelations(req) });
  return { data: page.rows, totalCount: page.total };
}

/** The uploads into a job's document groups; `app` must take multipart bodies (multipartScope.ts). */
export function registerJobDocumentUploads(app: FastifyInstance, store: FileStore): void {
  for (const [name, group] of Object.entries(JOB_UPLOAD_GROUPS) as [JobUploadAction, (typeof JOB_UPLOAD_GROUPS)[JobUploadAction]][]) {
    action(
      app,
      {
        method: 'POST',
        url: `/api/jobs/:id/${name}`,
        key,
        gate: JOB_DOCUMENTS_GATE,
        params: idParams,
        status: 201,
        change: true,
        summary: `multipart/form-data: file (one or several) into ${group}; note, skipResize, fxj_visible_to_client`,
      },
      async (req) => {
        const jobId = await writableJobId(req);
        const ids = await uploadFromRequest(req, store, { group, jobId });
        const page = await listJobDocuments(fileDb(req.db), jobId, { f_grp_id: group, page: 1, size: 500, withRelations: wantsRelations(req) });
        const added = page.rows.filter((r) => ids.includes(r.file_id));
        if (group === 'PURCHASE_INVOICES') await notifyPurchaseInvoiceFiles(jobDb(req.db), jobId, req.user!.us_id, added);
        return { data: added };
      },
    );
  }
}

export function registerJobDocumentRoutes(app: FastifyInstance, store: FileStore): void {
  registerDextRoute(app, store, writableJobId);

  const flagRoute = (url: string, flag: 'fxj_processed' | 'fxj_visible_to_client', summary: string) =>
    action(
      app,
      {
        method: 'PATCH',
        url,
        key,
        gate: JOB_DOCUMENTS_GATE,
        params: idParams,
        change: true,
        summary,
        body: flagBody(flag),
      },
      async (req) => {
        const db = fileDb(req.db);
        const jobId = await writableJobId(req);
        const body = req.body as Record<string, unknown>;
        const ids = [...new Set(body.fxj_ids as number[])];
        const value = body[flag] as boolean;
        await db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('file_job_links')
            .set(flag === 'fxj_processed' ? { fxj_processed: value } : { fxj_visible_to_client: value })
            .where('job_id', '=', jobId)
            .where('fxj_id', 'in', ids)
            .returning('fxj_id')
            .execute();
          // A link of another job (or none) in the list: nothing is changed.
          if (updated.length !== ids.length) throw invalidField('fxj_ids');
        });
        return firstPage(req, jobId);
      },
    );
  flagRoute('/api/jobs/:id/costinvoices', 'fxj_processed', "Marks the job's invoices processed or not: { fxj_ids, fxj_processed }");
  flagRoute('/api/jobs/:id/filevisibletoclient', 'fxj_visible_to_client', 'Shows files to the client or hides them: { fxj_ids, fxj_visible_to_client }');

  action(
    app,
    {
      method: 'DELETE',
      url: '/api/jobs/:id/attachments',
      key,
      gate: JOB_DOCUMENTS_GATE,
      params: idParams,
      change: true,
      querystring: { type: 'object', properties: { file_ids: { type: 'string', maxLength: 6000 } }, required: ['file_ids'] },
      summary: 'Removes files from the job; a file linked nowhere else is deleted with its bytes',
    },
    async (req) => {
      const db = fileDb(req.db);
      const jobId = await writableJobId(req);
      const ids = parseIdList((req.query as { file_ids?: unknown }).file_ids);
      const removed = await db.transaction().execute(async (trx) => {
        const unlinked = await trx.deleteFrom('file_job_links').where('job_id', '=', jobId).where('file_id', 'in', ids).returning('file_id').execute();
        if (unlinked.length !== ids.length) throw invalidField('file_ids');
        const orphans = await trx
          .selectFrom('files as f')
          .select('f.file_id')
          .where('f.file_id', 'in', ids)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('file_job_links as x').select('x.fxj_id').whereRef('x.file_id', '=', 'f.file_id'))))
          .where((eb) => eb.not(eb.exists(eb.selectFrom('file_site_links as s').select('s.js_id').whereRef('s.file_id', '=', 'f.file_id'))))
          .execute();
        return deleteFileRows(
          trx,
          orphans.map((o) => o.file_id),
        );
      });
      await removeBytes(req, store, removed);
      return { data: { file_ids: ids, deleted_file_ids: removed.map((r) => r.file_id) } };
    },
  );
}
