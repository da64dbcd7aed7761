/** Reading file rows for the wire: the file, who uploaded it, and its relations when the brand wants them. */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { FileGroup, FileRelations, FileRow } from '../../core/files/types';
import { toWireDate } from '../envelope/datetime';
import { notFound } from '../envelope/errors';
import { fileDb, type FileDb } from './tables';

/** Files (`f`) with the columns every file answer carries, and the uploader (`u`). */
export function fileQuery(db: FileDb) {
  return db
    .selectFrom('files as f')
    .leftJoin('users as u', 'u.us_id', 'f.f_added_by')
    .select([
      'f.file_id',
      'f.f_grp_id',
      'f.f_name',
      'f.f_storage_name',
      'f.f_size',
      'f.f_type',
      'f.f_thumbs',
      'f.f_note',
      'f.f_added',
      'f.f_added_by',
      sql<string | null>`coalesce(nullif(u.fullname, ''), nullif(trim(concat_ws(' ', u.firstname, u.surname)), ''), u.email)`.as('uploaded_by_name'),
    ]);
}

export interface FileRecord {
  file_id: number;
  f_grp_id: string;
  f_name: string;
  f_storage_name: string;
  f_size: number;
  f_type: string;
  f_thumbs: number[];
  f_note: string | null;
  f_added: Date;
  f_added_by: number | null;
  uploaded_by_name: string | null;
}

export function toFileRow(r: FileRecord, relations?: FileRelations): FileRow {
  const row: FileRow = {
    file_id: r.file_id,
    f_grp_id: r.f_grp_id as FileGroup,
    name: r.f_name,
    size: Number(r.f_size),
    type: r.f_type,
    added: toWireDate(r.f_added) ?? '',
    uploaded_by: r.f_added_by,
    uploaded_by_name: r.uploaded_by_name,
    note: r.f_note,
    thumbs: [...(r.f_thumbs ?? [])].sort((a, b) => a - b),
    download_name: r.f_storage_name,
  };
  if (relations) row.relations = relations;
  return row;
}

export function wantsRelations(req: FastifyRequest): boolean {
  return !!req.brand?.config.features.file?.extendWithRelations;
}

/** The jobs and sites each file is linked to, for a page of files in one query each. */
export async function relationsOf(db: FileDb, fileIds: readonly number[]): Promise<Map<number, FileRelations>> {
  const map = new Map<number, FileRelations>(fileIds.map((id) => [id, { jobs: [], sites: [] }]));
  if (!fileIds.length) return map;
  const [jobs, sites] = await Promise.all([
    db
      .selectFrom('file_job_links as x')
      .innerJoin('jobs as j', 'j.job_id', 'x.job_id')
      .select(['x.file_id', 'j.job_id', 'j.job_number'])
      .where('x.file_id', 'in', fileIds)
      .orderBy('j.job_id')
      .execute(),
    db
      .selectFrom('file_site_links as s')
      .innerJoin('jobsites as js', 'js.js_id', 's.js_id')
      .select(['s.file_id', 'js.js_id', 'js.js_address'])
      .where('s.file_id', 'in', fileIds)
      .orderBy('js.js_id')
      .execute(),
  ]);
  for (const j of jobs) map.get(j.file_id)?.jobs.push({ job_id: j.job_id, job_number: j.job_number });
  for (const s of sites) map.get(s.file_id)?.sites.push({ js_id: s.js_id, js_address: s.js_address });
  return map;
}

/** Wire rows for records, with relations added when the brand has file.extendWithRelations on. */
export async function toWireRows(req: FastifyRequest, records: readonly FileRecord[]): Promise<FileRow[]> {
  if (!wantsRelations(req)) return records.map((r) => toFileRow(r));
  const rel = await relationsOf(
    fileDb(req.db),
    records.map((r) => r.file_id),
  );
  return records.map((r) => toFileRow(r, rel.get(r.file_id)));
}

export async function findFile(db: FileDb, where: { file_id?: number; storage_name?: string }): Promise<FileRecord | null> {
  let q = fileQuery(db);
  if (where.file_id !== undefined) q = q.where('f.file_id', '=', where.file_id);
  if (where.storage_name !== undefined) q = q.where('f.f_storage_name', '=', where.storage_name);
  return ((await q.executeTakeFirst()) as FileRecord | undefined) ?? null;
}

export async function fileOr404(db: FileDb, fileId: number): Promise<FileRecord> {
  const found = await findFile(db, { file_id: fileId });
  if (!found) throw notFound();
  return found;
}
