/**
 * The one path every job write takes (create, PATCH, schedule, assignments, remedial, copy):
 * check the body against the stored job, number it when it stops being a draft or changes
 * department, write the row and the people lists, record the history and raise notifications, all
 * in the caller's transaction.
 */
import type { FastifyRequest } from 'fastify';
import { jobText } from '../../core/jobs/messages';
import { authRequired } from '../envelope/errors';
import { notifyMissingReports } from '../notifications/jobEvents';
import { jobAudience, raiseNotification } from '../notifications/raise';
import { diff, recordHistory } from './history';
import { nextJobNumber } from './numbering';
import { applyPeople, peopleOf, type JobPeople } from './people';
import type { JobRow } from './access';
import { checkJobRefs, checkJobRules, checkSiteContact, type CleanJobWrite } from './validate';
import type { JobDb } from './tables';

/** Columns a write may set directly (people lists and the draft flag are handled apart). */
const COLUMNS = [
  'de_id',
  'co_id',
  'js_id',
  'pm_id',
  'jsc_id',
  'job_status',
  'job_wopo',
  'job_desc',
  'job_details',
  'job_start',
  'job_end',
  'job_tags',
  'job_has_remedial',
  'skip_remedial_check',
  'customer_us_id',
] as const;
type Column = (typeof COLUMNS)[number];

export interface JobChange extends CleanJobWrite {
  customer_us_id?: number | null;
}

function actorOf(req: FastifyRequest): number {
  if (!req.user) throw authRequired();
  return req.user.us_id;
}

function columnsOf(w: JobChange): Partial<Record<Column, unknown>> {
  const out: Partial<Record<Column, unknown>> = {};
  for (const c of COLUMNS) if (w[c] !== undefined) out[c] = w[c];
  return out;
}

async function notifyPlanned(db: JobDb, jobId: number, actor: number, number: string | null, start: Date) {
  const engineers = await db.selectFrom('job_engineers').select('us_id').where('job_id', '=', jobId).execute();
  const recipients = [...(await jobAudience(db, jobId)), ...engineers.map((e) => e.us_id)];
  await raiseNotification(db, { type: 'JOB_PLANNED', job_id: jobId, actor, recipients, params: { job_number: number, job_start: start.toISOString() } });
}

/** Inserts a new job; returns its id. */
export async function createJob(req: FastifyRequest, db: JobDb, w: JobChange, action = 'create', extraHistory: Record<string, unknown> = {}): Promise<number> {
  const actor = actorOf(req);
  await checkJobRefs(db, w);
  checkJobRules({ js_id: w.js_id ?? null, job_start: w.job_start ?? null, job_end: w.job_end ?? null }, w, jobText);
  await checkSiteContact(db, w.js_id ?? null, w.jsc_id ?? null);
  const job_number = w.job_is_draft ? null : await nextJobNumber(db, w.de_id!);
  const cols = columnsOf(w);
  const row = await db
    .insertInto('jobs')
    .values({ ...(cols as { de_id: number }), job_number, created_by: actor })
    .returning('job_id')
    .executeTakeFirstOrThrow();
  const none: JobPeople = { engineers: [], suppliers: [], assigned: [] };
  const people = await applyPeople(db, row.job_id, w, none);
  await recordHistory(db, {
    job_id: row.job_id,
    us_id: actor,
    entity: 'job',
    entityId: row.job_id,
    action,
    changes: { ...cols, job_number, ...flatten(people), ...extraHistory },
  });
  if (w.job_start) await notifyPlanned(db, row.job_id, actor, job_number, w.job_start);
  return row.job_id;
}

const flatten = (changes: Record<string, { from: unknown; to: unknown }>) => Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.to]));

/** Changes a stored job (already checked with modifiableJob, locked for update). */
export async function updateJob(req: FastifyRequest, db: JobDb, job: JobRow, w: JobChange, action = 'update'): Promise<void> {
  const actor = actorOf(req);
  await checkJobRefs(db, { ...w, de_id: w.de_id !== undefined && w.de_id !== job.de_id ? w.de_id : undefined });
  const merged = {
    js_id: w.js_id !== undefined ? w.js_id : job.js_id,
    job_start: w.job_start !== undefined ? w.job_start : job.job_start,
    job_end: w.job_end !== undefined ? w.job_end : job.job_end,
  };
  checkJobRules(merged, w, jobText);
  // Checked when the site or the contact changes, so saving an untouched older job never fails on it.
  const jscId = w.jsc_id !== undefined ? w.jsc_id : job.jsc_id;
  if ((w.js_id !== undefined && w.js_id !== job.js_id) || (w.jsc_id !== undefined && w.jsc_id !== job.jsc_id)) await checkSiteContact(db, merged.js_id, jscId);

  const set: Record<string, unknown> = columnsOf(w);
  const deId = (w.de_id ?? job.de_id) as number;
  // A draft saved (PATCH, not an assignment) without the flag gets its number; a numbered job moved
  // to another department gets the next number of that department (SPEC.md point 4).
  const savesDraft = job.job_number === null && action === 'update' && !w.job_is_draft;
  if (savesDraft || (job.job_number !== null && deId !== job.de_id)) {
    set.job_number = await nextJobNumber(db, deId);
  }
  const changes: Record<string, unknown> = diff(job as unknown as Record<string, unknown>, set);
  if (Object.keys(changes).length) {
    await db
      .updateTable('jobs')
      .set({ ...set, updated_at: new Date() })
      .where('job_id', '=', job.job_id)
      .execute();
  }
  const people = await applyPeople(db, job.job_id, w, await peopleOf(db, job.job_id));
  Object.assign(changes, people);
  if (!Object.keys(changes).length) return;
  if (Object.keys(people).length && !Object.keys(set).length) {
    await db.updateTable('jobs').set({ updated_at: new Date() }).where('job_id', '=', job.job_id).execute();
  }
  await recordHistory(db, { job_id: job.job_id, us_id: actor, entity: 'job', entityId: job.job_id, action, changes });
  const start = merged.job_start;
  const number = (set.job_number as string | undefined) ?? job.job_number;
  if ('job_start' in changes && start) await notifyPlanned(db, job.job_id, actor, number, start);
  if ('job_status' in changes)
    await notifyMissingReports(db, { job_id: job.job_id, job_number: number }, actor, job.job_status, set.job_status as string | null);
  if (req.user?.role === 'Customer') {
    await raiseNotification(db, {
      type: 'CUSTOMER_JOB_UPDATE',
      job_id: job.job_id,
      actor,
      params: { job_number: job.job_number, fields: Object.keys(changes) },
    });
  }
}
