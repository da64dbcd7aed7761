/**
 * A job's documents (the Documents tab, POST jobs/{id}/documents/filter): the files linked to the
 * job (uploads to its groups, mail attachments assigned to it) with the link's processed and
 * visible-to-client flags, plus the documents of the job's site, which count as the JOBSITES group.
 */
import type { FastifyRequest } from 'fastify';
import type { FileGroup, JobDocumentRow } from '../../core/files/types';
import { asObject } from '../http/objects';
import { parseGroup } from './filter';
import { fileQuery, relationsOf, toFileRow, wantsRelations, type FileRecord } from './records';
import { fileDb, type FileDb } from './tables';

export interface JobDocumentsQuery {
  f_grp_id?: FileGroup | null;
  /** 1-based; default 1. */
  page?: number;
  /** Default 10 (SPEC.md point 9). */
  size?: number;
  /** A customer sees only the files marked visible to the client (no site documents). */
  visibleToClientOnly?: boolean;
  /** Add each file's job and site relations (the brand's file.extendWithRelations). */
  withRelations?: boolean;
}

export interface JobDocumentsPage {
  rows: JobDocumentRow[];
  total: number;
}

function documentsOf(db: FileDb, jobId: number, q: JobDocumentsQuery) {
  return fileQuery(db)
    .leftJoin('file_job_links as x', (join) => join.onRef('x.file_id', '=', 'f.file_id').on('x.job_id', '=', jobId))
    .where((eb) => {
      const linked = eb('x.fxj_id', 'is not', null);
      // Through the builder, not raw SQL, so the tables are those of the request's brand schema.
      const onSite = eb.exists(
        eb
          .selectFrom('file_site_links as s')
          .innerJoin('jobs as j', 'j.js_id', 's.js_id')
          .select('s.file_id')
          .whereRef('s.file_id', '=', 'f.file_id')
          .where('j.job_id', '=', jobId),
      );
      if (q.visibleToClientOnly) {
        const visible = eb('x.fxj_visible_to_client', '=', true);
        return q.f_grp_id ? eb.and([visible, eb('f.f_grp_id', '=', q.f_grp_id)]) : visible;
      }
      if (q.f_grp_id === 'JOBSITES') return eb.or([eb.and([linked, eb('f.f_grp_id', '=', 'JOBSITES')]), onSite]);
      if (q.f_grp_id) return eb.and([linked, eb('f.f_grp_id', '=', q.f_grp_id)]);
      return eb.or([linked, onSite]);
    });
}

export async function listJobDocuments(db: FileDb, jobId: number, q: JobDocumentsQuery = {}): Promise<JobDocumentsPage> {
  const size = Math.min(Math.max(q.size ?? 10, 1), 500);
  const page = Math.max(q.page ?? 1, 1);
  const [rows, count] = await Promise.all([
    documentsOf(db, jobId, q)
      .select(['x.fxj_id', 'x.fxj_processed', 'x.fxj_visible_to_client'])
      .orderBy('f.f_added', 'desc')
      .orderBy('f.file_id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    documentsOf(db, jobId, q)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ]);
  const relations = q.withRelations
    ? await relationsOf(
        db,
        rows.map((r) => r.file_id),
      )
    : null;
  return {
    rows: rows.map((r) => {
      const file = toFileRow(r as FileRecord, relations?.get(r.file_id));
      // A site document is shown in the JOBSITES group of the job, whatever group it was filed in.
      const group = r.fxj_id === null ? 'JOBSITES' : file.f_grp_id;
      return { ...file, f_grp_id: group, fxj_id: r.fxj_id, fxj_processed: r.fxj_processed ?? false, fxj_visible_to_client: r.fxj_visible_to_client ?? false };
    }),
    total: Number(count?.n ?? 0),
  };
}

/**
 * The whole answer of POST jobs/{id}/documents/filter for a job the caller may read: body
 * `{ f_grp_id }`, query `page` (default 1) and `size` (default 10). A customer sees only the files
 * marked visible to the client. Use as `return answerJobDocuments(req, jobId)` in the route.
 */
export async function answerJobDocuments(req: FastifyRequest, jobId: number): Promise<{ data: JobDocumentRow[]; totalCount: number }> {
  const body = asObject(req.body);
  const query = req.query as { page?: number; size?: number };
  const page = await listJobDocuments(fileDb(req.db), jobId, {
    f_grp_id: parseGroup(body.f_grp_id),
    page: query.page ?? 1,
    size: query.size ?? 10,
    visibleToClientOnly: req.user?.role === 'Customer',
    withRelations: wantsRelations(req),
  });
  return { data: page.rows, totalCount: page.total };
}
