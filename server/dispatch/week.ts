/**
 * GET dispatch/week's answer: the brand's engineers, their visits in the week (bounded by the
 * user's local midnights, so a 23:30 visit on Sunday in London is not Monday's) and a page of the
 * open jobs still waiting for a time or an engineer.
 */
import { sql } from 'kysely';
import type { DispatchEngineer, DispatchJob, DispatchVisit, DispatchWeek } from '../../core/dispatch/types';
import { DISPATCHABLE_STATUSES, UNSCHEDULED_PAGE_SIZE, addDays, localToWire, weekDays } from '../../core/dispatch/week';
import type { JobStatus } from '../../core/enums';
import { toWireDate } from '../envelope/datetime';
import { containsText, searchParts } from '../lists/containsText';
import type { JobDb } from '../jobs/tables';
import { parseWireDate } from '../jobs/validate';

export interface WeekQuery {
  monday: string;
  zone: string;
  stext: string | null;
  page: number;
}

async function engineers(db: JobDb): Promise<DispatchEngineer[]> {
  return db
    .selectFrom('users')
    .select(['us_id', 'fullname'])
    .where('role', '=', 'Engineer')
    .where('is_hidden', '=', false)
    .orderBy('fullname')
    .orderBy('us_id')
    .execute();
}

async function visits(db: JobDb, from: Date, to: Date): Promise<DispatchVisit[]> {
  const rows = await db
    .selectFrom('jobs as j')
    .innerJoin('job_engineers as e', 'e.job_id', 'j.job_id')
    .leftJoin('jobsites as s', 's.js_id', 'j.js_id')
    .select(['j.job_id', 'j.job_number', 'j.job_desc', 's.js_address', 'j.job_status', 'j.job_start', 'j.job_end', 'e.us_id', 'e.is_lead'])
    .where('j.job_start', '<', to)
    .where((eb) => eb.or([eb('j.job_end', '>=', from), eb.and([eb('j.job_end', 'is', null), eb('j.job_start', '>=', from)])]))
    .orderBy('j.job_start')
    .orderBy('j.job_id')
    .limit(5000)
    .execute();
  return rows.map((r) => ({ ...r, job_status: r.job_status as JobStatus, job_start: toWireDate(r.job_start)!, job_end: toWireDate(r.job_end) }));
}

/** Open jobs with no time or no engineer, newest first; free text as on the sheet. */
async function unscheduled(db: JobDb, stext: string | null, page: number): Promise<DispatchWeek['unscheduled']> {
  const base = db
    .selectFrom('jobs as j')
    .where('j.job_status', 'in', DISPATCHABLE_STATUSES)
    .where('j.job_number', 'is not', null)
    .where((eb) =>
      eb.or([eb('j.job_start', 'is', null), eb.not(eb.exists(eb.selectFrom('job_engineers as e').select('e.us_id').whereRef('e.job_id', '=', 'j.job_id')))]),
    )
    .$if(!!stext, (q) => q.where((eb) => containsText(eb, 'j.search', searchParts(stext!.toLowerCase()))));
  const [rows, total] = await Promise.all([
    base
      .leftJoin('jobsites as s', 's.js_id', 'j.js_id')
      .select(['j.job_id', 'j.job_number', 'j.job_desc', 's.js_address', 'j.job_status', 'j.job_start', 'j.job_end'])
      .orderBy('j.job_id', 'desc')
      .limit(UNSCHEDULED_PAGE_SIZE)
      .offset((page - 1) * UNSCHEDULED_PAGE_SIZE)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const data: DispatchJob[] = rows.map((r) => ({
    ...r,
    job_status: r.job_status as JobStatus,
    job_start: toWireDate(r.job_start),
    job_end: toWireDate(r.job_end),
  }));
  return { data, totalCount: Number(total.n), page, pageSize: UNSCHEDULED_PAGE_SIZE };
}

export async function dispatchWeek(db: JobDb, q: WeekQuery): Promise<DispatchWeek> {
  const from = parseWireDate(localToWire(q.monday, '00:00', q.zone))!;
  const to = parseWireDate(localToWire(addDays(q.monday, 7), '00:00', q.zone))!;
  const [lanes, onLanes, waiting] = await Promise.all([engineers(db), visits(db, from, to), unscheduled(db, q.stext, q.page)]);
  return { start: q.monday, days: weekDays(q.monday), time_zone: q.zone, engineers: lanes, visits: onLanes, unscheduled: waiting };
}
