/**
 * A customer's documents: POST {id}/documents/filter { f_grp_id } (only files marked visible to the
 * client, 10 a page), the multipart uploads {id}/generaldocuments and {id}/workorders (stored visible
 * to the client, raising CUSTOMER_NEW_FILE for the job's operators), and GET download/{name} and
 * url/{id}, which serve a file only when it is visible on one of the customer's jobs (else 404).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Gate } from '../../core/access/access';
import { requireGate } from '../auth/gate';
import { notFound } from '../envelope/errors';
import { asObject } from '../http/objects';
import { listQuerySchema, type ListQuery } from '../http/listQuery';
import { action, idParams } from '../http/route';
import { sendFile } from '../files/download';
import { parseGroup } from '../files/filter';
import { listJobDocuments } from '../files/jobDocuments';
import { findFile } from '../files/records';
import { isStorageName, type FileStore } from '../files/storage';
import { fileDb } from '../files/tables';
import { uploadFromRequest } from '../files/uploadRequest';
import { jobDb } from '../jobs/tables';
import { raiseNotification } from '../notifications/raise';
import { loadScope, scopedJob, scopedJobIds } from './scope';
import { customerDb, type CustomerDb } from './tables';
import type { CustomerScope } from './scope';

const key = 'customerportal';
const DOCUMENT_PAGE_SIZE = 10;
const CUSTOMER_UPLOADS = { generaldocuments: 'GENERALDOCUMENTS', workorders: 'WORKORDERS' } as const;
const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;

const sizeQuery = {
  type: 'object',
  properties: {
    size: { type: 'integer', minimum: 1, maximum: 10000, description: 'Thumbnail size; the nearest made size is served' },
    inline: { type: 'string', enum: ['0', '1'], description: '1: show inline (raster images and PDF only)' },
  },
} as const;

/** The file if it is visible to the client on a job in scope. */
async function visibleFile(db: CustomerDb, scope: CustomerScope, where: { file_id?: number; storage_name?: string }) {
  const file = await findFile(fileDb(db), where);
  if (!file) return null;
  const link = await db
    .selectFrom('file_job_links')
    .select('fxj_id')
    .where('file_id', '=', file.file_id)
    .where('fxj_visible_to_client', '=', true)
    .where('job_id', 'in', scopedJobIds(db, scope))
    .executeTakeFirst();
  return link ? file : null;
}

export function registerCustomerDocumentRoutes(app: FastifyInstance, gate: Gate, store: () => FileStore): void {
  action(
    app,
    {
      method: 'POST',
      url: '/api/customerportal/:id/documents/filter',
      key,
      gate,
      params: idParams,
      querystring: listQuerySchema,
      docBody: { type: 'object', properties: { f_grp_id: { type: ['string', 'null'] } } },
      summary: "The job's documents visible to the client, newest first (10 a page): { f_grp_id }",
    },
    async (req) => {
      const db = customerDb(req.db);
      const body = asObject(req.body);
      const group = parseGroup(body.f_grp_id ?? null);
      await scopedJob(db, await loadScope(req, db), idOf(req));
      const q = req.query as ListQuery;
      const page = await listJobDocuments(fileDb(db), idOf(req), {
        f_grp_id: group,
        page: q.pagenumber ?? 1,
        size: q.limit ?? DOCUMENT_PAGE_SIZE,
        visibleToClientOnly: true,
      });
      return { data: page.rows, totalCount: page.total };
    },
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/customerportal/url/:id',
      key,
      gate,
      params: idParams,
      querystring: sizeQuery,
      summary: 'The address to preview or download a file visible on one of the customer’s jobs',
    },
    async (req) => {
      const db = customerDb(req.db);
      const file = await visibleFile(db, await loadScope(req, db), { file_id: idOf(req) });
      if (!file) throw notFound();
      const base = (req.brand!.config.apiUrl || '/api').replace(/\/+$/, '');
      const asked = (req.query as { size?: number }).size;
      const size = file.f_thumbs.length && asked ? asked : null;
      const params = new URLSearchParams();
      if (size) params.set('size', String(size));
      params.set('inline', '1');
      return {
        data: { file_id: file.file_id, url: `${base}/customerportal/download/${file.f_storage_name}?${params}`, size, type: size ? 'image/webp' : file.f_type },
      };
    },
  );

  app.route({
    method: 'GET',
    url: '/api/customerportal/download/:name',
    config: { envelopeKey: key, gate },
    preHandler: requireGate(gate),
    schema: {
      tags: [key],
      summary: 'A file visible on one of the customer’s jobs (or ?size thumbnail); others are 404',
      params: { type: 'object', properties: { name: { type: 'string', maxLength: 80 } }, required: ['name'] },
      querystring: sizeQuery,
    },
    handler: async (req, reply) => {
      const { name } = req.params as { name: string };
      if (!isStorageName(name)) throw notFound();
      const db = customerDb(req.db);
      const file = await visibleFile(db, await loadScope(req, db), { storage_name: name });
      if (!file) throw notFound();
      const q = req.query as { size?: number; inline?: string };
      return sendFile(req, reply, store(), file, { size: q.size, inline: q.inline === '1' });
    },
  });
}

/** The uploads; `app` must take multipart bodies (server/files/multipartScope.ts). */
export function registerCustomerUploads(app: FastifyInstance, gate: Gate, store: () => FileStore): void {
  for (const [name, group] of Object.entries(CUSTOMER_UPLOADS)) {
    action(
      app,
      {
        method: 'POST',
        url: `/api/customerportal/:id/${name}`,
        key,
        gate,
        params: idParams,
        status: 201,
        change: true,
        summary: `multipart/form-data: file (one or several) into ${group}, visible to the client; note`,
      },
      async (req) => {
        const db = customerDb(req.db);
        const scope = await loadScope(req, db);
        const job = await scopedJob(db, scope, idOf(req));
        const ids = await uploadFromRequest(req, store(), { group, jobId: job.job_id, customer: true });
        const page = await listJobDocuments(fileDb(db), job.job_id, { f_grp_id: group, page: 1, size: 500, visibleToClientOnly: true });
        const added = page.rows.filter((r) => ids.includes(r.file_id));
        await raiseNotification(jobDb(db), {
          type: 'CUSTOMER_NEW_FILE',
          job_id: job.job_id,
          actor: scope.usId,
          params: { job_number: job.job_number, group, file_ids: added.map((f) => f.file_id), names: added.map((f) => f.name) },
        });
        return { data: added };
      },
    );
  }
}
