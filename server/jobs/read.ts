/**
 * Reading jobs for the wire: list rows (JobListRow) and the job item's details (JobDetails), with
 * the customer's view applied (no status outside CUSTOMER_VISIBLE_STATUSES).
 */
import type { FastifyRequest } from 'fastify';
import type { Role } from '../../core/access/roles';
import type { JobDetails, JobListRow } from '../../core/jobs/types';
import { canModifyJob, isCustomerVisibleStatus } from '../../core/jobs/rules';
import { toWireDate } from '../envelope/datetime';
import { notFound } from '../envelope/errors';
import { withListColumns } from './filter';
import type { JobDb } from './tables';

type RawRow = Record<string, unknown>;

/** The status hidden from a customer when it must be, in place. */
function masked(row: RawRow, role: Role | null): RawRow {
  if (role === 'Customer' && !isCustomerVisibleStatus(row.job_status as string)) row.job_status = null;
  return row;
}

/** A list row as the wire carries it: dates as strings, the status hidden from a customer when it must be. */
export function toListRow(row: RawRow, role: Role | null): JobListRow {
  const out: RawRow = {};
  // for...in, not Object.entries: no array per column.
  for (const key in row) {
    if (key === 'customer_us_id') continue;
    const value = row[key];
    out[key] = value instanceof Date ? toWireDate(value) : value;
  }
  return masked(out, role) as unknown as JobListRow;
}

/** The sheet's rows, read by wireRows: already the wire's (jobRowsByIds selects the list row's columns), so not copied again. */
export const sheetListRows = (rows: RawRow[], role: Role | null, currency: string): JobListRow[] =>
  rows.map((row) => {
    row.currency = currency;
    return masked(row, role) as unknown as JobListRow;
  });

function joinedJob(db: JobDb) {
  return withListColumns(
    db
      .selectFrom('jobs as j')
      .leftJoin('departments as d', 'd.de_id', 'j.de_id')
      .leftJoin('contacts as c', 'c.co_id', 'j.co_id')
      .leftJoin('jobsites as s', 's.js_id', 'j.js_id')
      .leftJoin('propertymanagers as p', 'p.pm_id', 'j.pm_id')
      .leftJoin('jobsitecontacts as sc', 'sc.jsc_id', 'j.jsc_id'),
    'joined',
  );
}

export async function jobListRow(db: JobDb, jobId: number, role: Role | null): Promise<JobListRow> {
  const row = await joinedJob(db).where('j.job_id', '=', jobId).executeTakeFirst();
  if (!row) throw notFound();
  return toListRow(row as RawRow, role);
}

export async function jobDetails(req: FastifyRequest, db: JobDb, jobId: number): Promise<JobDetails> {
  const role = req.user?.role ?? null;
  const [row, engineers, suppliers, assignedIds] = await Promise.all([
    joinedJob(db)
      .select(['j.jsc_id', 'j.job_details', 'j.job_has_remedial', 'j.job_has_issue', 'j.skip_remedial_check', 'j.customer_us_id', 'sc.jsc_name'])
      .where('j.job_id', '=', jobId)
      .executeTakeFirst(),
    db
      .selectFrom('job_engineers as e')
      .innerJoin('users as u', 'u.us_id', 'e.us_id')
      .leftJoin('job_engineer_locks as l', (j) => j.onRef('l.job_id', '=', 'e.job_id').onRef('l.us_id', '=', 'e.us_id'))
      .select(['e.us_id', 'e.is_lead', 'u.fullname', 'l.locked'])
      .where('e.job_id', '=', jobId)
      .orderBy('e.is_lead', 'desc')
      .orderBy('u.fullname')
      .execute(),
    db
      .selectFrom('job_suppliers as js')
      .innerJoin('contacts as c', 'c.co_id', 'js.co_id')
      .select(['js.co_id', 'c.co_name'])
      .where('js.job_id', '=', jobId)
      .orderBy('c.co_name')
      .execute(),
    db.selectFrom('job_assigned_users').select('us_id').where('job_id', '=', jobId).execute(),
  ]);
  if (!row) throw notFound();
  const base = toListRow(row as RawRow, role);
  const r = row as unknown as {
    jsc_id: number | null;
    jsc_name: string | null;
    job_details: string | null;
    job_has_remedial: boolean;
    job_has_issue: boolean;
    skip_remedial_check: boolean;
    customer_us_id: number | null;
    js_id: number | null;
  };
  return {
    ...base,
    jsc_id: r.jsc_id,
    jsc_name: r.jsc_name,
    job_details: r.job_details,
    job_has_remedial: r.job_has_remedial,
    job_has_issue: r.job_has_issue,
    skip_remedial_check: r.skip_remedial_check,
    remedial_flag: r.job_has_remedial && !r.js_id && !r.skip_remedial_check,
    engineers: engineers.map((e) => ({ us_id: e.us_id, is_lead: e.is_lead, fullname: e.fullname, locked: !!e.locked })),
    suppliers,
    customer_us_id: r.customer_us_id,
    can_modify:
      role === 'Customer'
        ? r.customer_us_id === req.user?.us_id
        : canModifyJob(
            role,
            req.user?.us_id ?? 0,
            assignedIds.map((a) => a.us_id),
          ),
  };
}
