/**
 * The engineer's jobs: POST engineerportal/filter (only jobs the engineer is on, 10 a page) and
 * GET engineerportal/{id}/details. A job the engineer is not on answers 404, as if absent.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { JOB_STATUSES } from '../../core/enums';
import type { EngineerJobRow } from '../../core/jobs/costs/types';
import type { EngineerJob } from '../../core/engineerportal/types';
import { toWireDate } from '../envelope/datetime';
import { notFound } from '../envelope/errors';
import { parseListQuery, parseSearchText, type ListOptions, type ListQuery } from '../http/listQuery';
import { asObject } from '../http/objects';
import { FieldErrors, integer, oneOf, text } from '../jobs/sales/parse';
import type { PortalDb } from './tables';
import { containsPattern } from '../resources/likeEscape';

export const ENGINEER_PAGE_SIZE = 10;
const SORTABLE = ['job_number', 'job_status', 'job_start', 'job_end', 'job_id'] as const;
/** 10 a page, latest start first; the newest job breaks ties (nulls are placed by the query). */
const LIST: ListOptions<(typeof SORTABLE)[number]> = {
  pageSize: ENGINEER_PAGE_SIZE,
  sort: { sortable: SORTABLE, defaultSort: '-job_start', tieBreaker: { column: 'job_id', desc: true } },
};

function baseQuery(db: PortalDb, usId: number) {
  return db
    .selectFrom('jobs as j')
    .innerJoin('job_engineers as je', (j) => j.onRef('je.job_id', '=', 'j.job_id').on('je.us_id', '=', usId))
    .leftJoin('jobsites as s', 's.js_id', 'j.js_id')
    .leftJoin('departments as d', 'd.de_id', 'j.de_id')
    .leftJoin('job_engineer_locks as l', (j) => j.onRef('l.job_id', '=', 'j.job_id').on('l.us_id', '=', usId));
}

interface Filter {
  job_number?: string | null;
  jobsite_name?: string | null;
  job_status_ids?: string[];
  /** jobsitehistory: the site, and free text over number and description. */
  js_id?: number;
  stext?: string | null;
}

/** `filter` takes job_number and jobsite_name; `site` (jobsitehistory) a required js_id and stext. */
function parseFilter(input: unknown, kind: 'filter' | 'site'): Filter {
  const body = asObject(input);
  const errs = new FieldErrors();
  const f: Filter = {};
  if (kind === 'filter') {
    f.job_number = text(errs, 'job_number', body.job_number, 100);
    f.jobsite_name = text(errs, 'jobsite_name', body.jobsite_name, 100);
  } else {
    const js = integer(errs, 'js_id', body.js_id, 1, 2147483647);
    if (js === undefined || js === null) errs.add('js_id', 'required');
    else f.js_id = js;
    // Type and length first, with the other fields; then the 3 characters, blank text too short too.
    f.stext = text(errs, 'stext', body.stext, 100);
    if (f.stext) f.stext = parseSearchText(f.stext, { blank: 'tooShort' });
  }
  if (body.job_status_ids !== undefined && body.job_status_ids !== null) {
    if (!Array.isArray(body.job_status_ids)) errs.add('job_status_ids', 'value');
    else f.job_status_ids = body.job_status_ids.map((s, i) => oneOf(errs, `job_status_ids.${i}`, s, JOB_STATUSES, true) as string);
  }
  errs.throwIfAny();
  return f;
}

type Row = Omit<EngineerJobRow, 'job_start' | 'job_end' | 'locked'> & { job_start: Date | null; job_end: Date | null; locked: boolean | null };
const wireRow = (r: Row): EngineerJobRow => ({ ...r, job_start: toWireDate(r.job_start), job_end: toWireDate(r.job_end), locked: r.locked ?? false });

const columns = [
  'j.job_id',
  'j.job_number',
  'j.job_status',
  'j.job_desc',
  'j.js_id',
  's.js_address',
  'd.de_name',
  'j.job_start',
  'j.job_end',
  'l.locked',
] as const;

/**
 * POST engineerportal/filter, and POST engineerportal/jobsitehistory (`kind` 'site': the engineer's
 * jobs at one site, the same rows; a site with none of their jobs simply lists nothing).
 */
export async function filterEngineerJobs(
  req: FastifyRequest,
  db: PortalDb,
  query: ListQuery,
  kind: 'filter' | 'site' = 'filter',
): Promise<{ data: EngineerJobRow[]; totalCount?: number }> {
  const usId = req.user!.us_id;
  const f = parseFilter(req.body, kind);
  const p = parseListQuery(query, LIST);
  let q = baseQuery(db, usId);
  if (f.job_number) q = q.where('j.job_number', 'ilike', containsPattern(f.job_number));
  if (f.jobsite_name) q = q.where('s.js_address', 'ilike', containsPattern(f.jobsite_name));
  if (f.job_status_ids?.length) q = q.where('j.job_status', 'in', f.job_status_ids);
  if (f.js_id !== undefined) q = q.where('j.js_id', '=', f.js_id);
  if (f.stext) {
    const like = containsPattern(f.stext);
    q = q.where((eb) => eb.or([eb('j.job_number', 'ilike', like), eb('j.job_desc', 'ilike', like)]));
  }
  let page = q.select([...columns]);
  for (const t of p.sort) page = page.orderBy(sql.ref(`j.${t.column}`), (ob) => (t.desc ? ob.desc().nullsLast() : ob.asc().nullsFirst()));
  const [rows, total] = await Promise.all([
    page.limit(p.limit).offset(p.offset).execute(),
    p.withTotal ? q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst() : undefined,
  ]);
  return { data: (rows as Row[]).map(wireRow), totalCount: total ? Number(total.n) : undefined };
}

export async function engineerJobDetails(db: PortalDb, usId: number, jobId: number): Promise<EngineerJob> {
  const row = await baseQuery(db, usId)
    .leftJoin('job_engineer_costdesc as cd', (j) => j.onRef('cd.job_id', '=', 'j.job_id').on('cd.us_id', '=', usId))
    .select([...columns, 'j.job_details', 's.js_city', 's.js_postcode', 'cd.costdesc', 'j.job_has_issue', 'j.job_has_remedial'])
    .where('j.job_id', '=', jobId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return {
    ...wireRow(row as Row),
    job_details: row.job_details,
    js_city: row.js_city,
    js_postcode: row.js_postcode,
    costdesc: row.costdesc,
    job_has_issue: row.job_has_issue,
    job_has_remedial: row.job_has_remedial,
  };
}

/** 404 unless the engineer is on the job. */
export async function requireOnJob(db: PortalDb, usId: number, jobId: number): Promise<void> {
  const on = await db.selectFrom('job_engineers').select('us_id').where('job_id', '=', jobId).where('us_id', '=', usId).executeTakeFirst();
  if (!on) throw notFound();
}
