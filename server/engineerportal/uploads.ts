/**
 * The engineer's documents on a job (SPEC.md point 7, engineer portal): POST {id}/files (photos and
 * documents, into GENERALDOCUMENTS) and POST {id}/invoices (into PURCHASE_INVOICES, raising
 * NEW_PURCHASE_INVOICE for the office), both multipart through the one upload machinery
 * (server/files); GET {id}/getGeneralDocs (the job's general documents) and GET {id}/invoices (the
 * invoices this engineer uploaded on the job). Only a job the engineer is on: any other is 404.
 *
 * Idempotency: an upload may carry an `Idempotency-Key` header (8–100 of A–Z a–z 0–9 _ -; the SPA
 * makes one per file when it is chosen and sends each file alone). The files a key stored are
 * recorded in engineer_uploads in the same transaction as the files; a request with a key this
 * engineer already used answers those files again, reading and storing nothing. Two requests with
 * one key at once are serialised by a transaction lock on the key, so the second stores nothing.
 * A key already used on another job is a 409.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { FileGroup, JobDocumentRow } from '../../core/files/types';
import { conflict, invalidField } from '../envelope/errors';
import { action, idParams } from '../http/route';
import { listJobDocuments } from '../files/jobDocuments';
import type { FileStore } from '../files/storage';
import { fileDb, type FileDb } from '../files/tables';
import { uploadFromRequest } from '../files/uploadRequest';
import { ENGINEER_GATE } from '../jobs/access';
import { jobDb } from '../jobs/tables';
import { notifyPurchaseInvoiceFiles } from '../notifications/jobEvents';
import { requireOnJob } from './jobs';
import { portalDb, uploadsDb } from './tables';

const key = 'engineerportal';
const gate = ENGINEER_GATE;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
const UPLOADS = { files: 'GENERALDOCUMENTS', invoices: 'PURCHASE_INVOICES' } as const satisfies Record<string, FileGroup>;
const jobIdOf = (req: FastifyRequest) => (req.params as { id: number }).id;

/** A retry whose key was recorded by another request meanwhile: nothing of this one is kept. */
class AlreadyStored extends Error {}

function idempotencyKey(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) throw invalidField('Idempotency-Key');
  return raw;
}

/** The files this engineer's key stored, or null when the key is new; another job's key is a 409. */
async function storedUnder(db: FileDb, usId: number, uploadKey: string, jobId: number): Promise<number[] | null> {
  const rows = await uploadsDb(db)
    .selectFrom('engineer_uploads')
    .select(['file_id', 'job_id'])
    .where('us_id', '=', usId)
    .where('upload_key', '=', uploadKey)
    .execute();
  if (!rows.length) return null;
  if (rows.some((r) => r.job_id !== jobId)) throw conflict();
  return rows.map((r) => r.file_id);
}

async function rowsOf(db: FileDb, jobId: number, group: FileGroup, ids: number[]): Promise<JobDocumentRow[]> {
  const page = await listJobDocuments(db, jobId, { f_grp_id: group, page: 1, size: 500 });
  return page.rows.filter((r) => ids.includes(r.file_id));
}

async function engineerUpload(req: FastifyRequest, store: FileStore, group: FileGroup): Promise<JobDocumentRow[]> {
  const usId = req.user!.us_id;
  const jobId = jobIdOf(req);
  const db = fileDb(req.db);
  await requireOnJob(portalDb(req.db), usId, jobId);
  const uploadKey = idempotencyKey(req);
  if (uploadKey) {
    const before = await storedUnder(db, usId, uploadKey, jobId);
    if (before) return rowsOf(db, jobId, group, before);
  }
  const lockName = `engineer_upload:${req.brand!.schema}:${usId}:${uploadKey}`;
  let ids: number[];
  try {
    ids = await uploadFromRequest(req, store, {
      group,
      jobId,
      noteOnly: true,
      recorded: uploadKey
        ? async (trx, fileIds) => {
            await sql`select pg_advisory_xact_lock(hashtext(${lockName}))`.execute(trx);
            if (await storedUnder(trx, usId, uploadKey, jobId)) throw new AlreadyStored();
            await uploadsDb(trx)
              .insertInto('engineer_uploads')
              .values(fileIds.map((file_id) => ({ us_id: usId, upload_key: uploadKey, file_id, job_id: jobId })))
              .execute();
          }
        : undefined,
    });
  } catch (err) {
    if (!(err instanceof AlreadyStored) || !uploadKey) throw err;
    return rowsOf(db, jobId, group, (await storedUnder(db, usId, uploadKey, jobId)) ?? []);
  }
  const added = await rowsOf(db, jobId, group, ids);
  if (group === 'PURCHASE_INVOICES') await notifyPurchaseInvoiceFiles(jobDb(req.db), jobId, usId, added);
  return added;
}

/** The lists: the job's general documents, and the invoices this engineer uploaded on it. */
export function registerEngineerDocumentRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/engineerportal/:id/getGeneralDocs',
      key,
      gate,
      params: idParams,
      summary: "The job's general documents and photos, newest first",
    },
    async (req) => {
      await requireOnJob(portalDb(req.db), req.user!.us_id, jobIdOf(req));
      const page = await listJobDocuments(fileDb(req.db), jobIdOf(req), { f_grp_id: 'GENERALDOCUMENTS', page: 1, size: 500 });
      return { data: page.rows, totalCount: page.total };
    },
  );
  action(
    app,
    {
      method: 'GET',
      url: '/api/engineerportal/:id/invoices',
      key,
      gate,
      params: idParams,
      summary: 'The invoices this engineer uploaded on the job, newest first',
    },
    async (req) => {
      const usId = req.user!.us_id;
      await requireOnJob(portalDb(req.db), usId, jobIdOf(req));
      const page = await listJobDocuments(fileDb(req.db), jobIdOf(req), { f_grp_id: 'PURCHASE_INVOICES', page: 1, size: 500 });
      const own = page.rows.filter((r) => r.uploaded_by === usId);
      return { data: own, totalCount: own.length };
    },
  );
}

/** The uploads; `app` must take multipart bodies (server/files/multipartScope.ts). */
export function registerEngineerUploads(app: FastifyInstance, store: () => FileStore): void {
  for (const [name, group] of Object.entries(UPLOADS)) {
    action(
      app,
      {
        method: 'POST',
        url: `/api/engineerportal/:id/${name}`,
        key,
        gate,
        params: idParams,
        status: 201,
        change: true,
        summary: `multipart/form-data: file (one or several) into ${group}; note. Header Idempotency-Key: a retry with a used key answers the stored files`,
      },
      async (req) => ({ data: await engineerUpload(req, store(), group) }),
    );
  }
}
