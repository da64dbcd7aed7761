/** The file browser's list: filter body, list query (limit, pagenumber, sort, totalcount) and the page query. */
import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import { FILE_GROUPS } from '../../core/enums';
import { FILE_SORT_FIELDS, FILE_TYPE_CATEGORIES, type FileFilter, type FileGroup, type FileRow, type FileTypeCategory } from '../../core/files/types';
import { invalidField, validationError } from '../envelope/errors';
import { enText } from '../../core/i18n/en-US';
import { asObject } from '../http/objects';
import { parseListQuery, parseSearchText, type ListOptions, type ListQuery } from '../http/listQuery';
import { fileQuery, toWireRows, type FileRecord } from './records';
import { fileDb, type FileDb } from './tables';
import { containsPattern } from '../resources/likeEscape';

// Names sort as people read them, not by code point ('kitchen' before 'Quote'); the newest file breaks ties.
const SORT_COLUMNS = { name: sql`lower(f.f_name)`, size: sql`f.f_size`, type: sql`f.f_type`, added: sql`f.f_added`, file_id: sql`f.file_id` } as const;
/** 20 a page, newest first; the id is no sort of the wire's, only the last key. */
const LIST: ListOptions<keyof typeof SORT_COLUMNS> = {
  pageSize: 20,
  sort: { sortable: FILE_SORT_FIELDS, defaultSort: '-added', tieBreaker: { column: 'file_id', desc: true } },
};
const OFFICE_MIME = sql`(f.f_type like 'application/vnd.%' or f.f_type in ('application/msword', 'application/rtf'))`;

function positiveId(value: unknown, field: string): number | null {
  if (value === undefined || value === null) return null;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 2147483647) throw invalidField(field, 'validation.number');
  return n;
}

export function parseGroup(value: unknown, field = 'f_grp_id'): FileGroup | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !(FILE_GROUPS as readonly string[]).includes(value)) throw invalidField(field);
  return value as FileGroup;
}

export function parseFileFilter(input: unknown): FileFilter {
  const body = asObject(input);
  const known = new Set(['f_grp_id', 'stext', 'type', 'job_id', 'js_id']);
  const unknown = Object.keys(body).filter((k) => !known.has(k));
  if (unknown.length) throw validationError(unknown.map((field) => ({ field, message: enText('validation.value') })));
  const stext = parseSearchText(body.stext, { blank: 'tooShort' });
  const type = body.type;
  if (type !== undefined && type !== null && !(FILE_TYPE_CATEGORIES as readonly unknown[]).includes(type)) throw invalidField('type');
  return {
    f_grp_id: parseGroup(body.f_grp_id),
    stext,
    type: (type as FileTypeCategory | undefined) ?? null,
    job_id: positiveId(body.job_id, 'job_id'),
    js_id: positiveId(body.js_id, 'js_id'),
  };
}

function typeCondition(type: FileTypeCategory): Expression<SqlBool> {
  switch (type) {
    case 'image':
      return sql<SqlBool>`f.f_type like 'image/%'`;
    case 'pdf':
      return sql<SqlBool>`f.f_type = 'application/pdf'`;
    case 'text':
      return sql<SqlBool>`f.f_type like 'text/%'`;
    case 'office':
      return sql<SqlBool>`${OFFICE_MIME}`;
    case 'other':
      return sql<SqlBool>`not (f.f_type like 'image/%' or f.f_type = 'application/pdf' or f.f_type like 'text/%' or ${OFFICE_MIME})`;
  }
}

function filtered(db: FileDb, filter: FileFilter) {
  let q = fileQuery(db);
  if (filter.f_grp_id) q = q.where('f.f_grp_id', '=', filter.f_grp_id);
  if (filter.stext) {
    const like = containsPattern(filter.stext);
    q = q.where((eb) => eb.or([eb('f.f_name', 'ilike', like), eb('f.f_note', 'ilike', like)]));
  }
  if (filter.type) q = q.where(typeCondition(filter.type));
  if (filter.job_id) {
    const jobId = filter.job_id;
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('file_job_links as x').select('x.fxj_id').whereRef('x.file_id', '=', 'f.file_id').where('x.job_id', '=', jobId)),
    );
  }
  if (filter.js_id) {
    const jsId = filter.js_id;
    q = q.where((eb) => eb.exists(eb.selectFrom('file_site_links as s').select('s.js_id').whereRef('s.file_id', '=', 'f.file_id').where('s.js_id', '=', jsId)));
  }
  return q;
}

export interface FilePage {
  data: FileRow[];
  totalCount?: number;
}

export async function listFiles(req: FastifyRequest, filter: FileFilter, query: ListQuery): Promise<FilePage> {
  const db = fileDb(req.db);
  const p = parseListQuery(query, LIST);
  let q = filtered(db, filter);
  for (const term of p.sort) q = q.orderBy(SORT_COLUMNS[term.column], term.desc ? 'desc' : 'asc');
  const [rows, total] = await Promise.all([
    q.limit(p.limit).offset(p.offset).execute(),
    p.withTotal
      ? filtered(db, filter)
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  return { data: await toWireRows(req, rows as FileRecord[]), totalCount: p.withTotal ? Number(total?.n ?? 0) : undefined };
}
