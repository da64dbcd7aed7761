/**
 * Record-level rules for one job, shared by every job route (details, sales, costs, schedule):
 * who may read it and who may change it. Route gates check role and feature first; these check
 * the record. A job the user may not read answers 404, as if it did not exist.
 */
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Gate } from '../../core/access/access';
import { STAFF, type Role } from '../../core/access/roles';
import { jobText } from '../../core/jobs/messages';
import { SHEET_ROLES, canModifyJob } from '../../core/jobs/rules';
import { AppError, authRequired, notFound } from '../envelope/errors';
import { jobDb, type JobDb, type JobsTable } from './tables';

export type JobRow = Selectable<JobsTable>;

const JOB_FEATURE = ['job.enabled'];
/** The job sheet and a job's details: staff and customers (customers see only their own). */
export const SHEET_GATE: Gate = { roles: SHEET_ROLES, requiredFeatures: JOB_FEATURE };
/** Office work on a job: sales, costs, schedule, assignments. */
export const JOB_STAFF_GATE: Gate = { roles: STAFF, requiredFeatures: JOB_FEATURE };
/** The engineer portal. */
export const ENGINEER_GATE: Gate = { roles: ['Engineer'], requiredFeatures: JOB_FEATURE };

/** 403 for one record: the SPA shows the notice and stays on the page (general 'record'). */
export const notAllowedToModify = () => new AppError({ code: 'FORBIDDEN', status: 403, primary: jobText('errors.notAllowedToModify'), general: 'record' });

function sessionUser(req: FastifyRequest) {
  if (!req.user) throw authRequired();
  return req.user;
}

/** The job if this user may see it: staff any job, a customer their own, an engineer one they are on. */
export async function readableJob(req: FastifyRequest, jobId: number, db: JobDb = jobDb(req.db)): Promise<JobRow> {
  const user = sessionUser(req);
  const job = await db.selectFrom('jobs').selectAll().where('job_id', '=', jobId).executeTakeFirst();
  if (!job || !(await mayRead(db, user.role, user.us_id, job))) throw notFound();
  return job;
}

async function mayRead(db: JobDb, role: Role | null, usId: number, job: JobRow): Promise<boolean> {
  if (role && STAFF.includes(role)) return true;
  if (role === 'Customer') return job.customer_us_id === usId;
  if (role === 'Engineer') {
    const on = await db.selectFrom('job_engineers').select('us_id').where('job_id', '=', job.job_id).where('us_id', '=', usId).executeTakeFirst();
    return !!on;
  }
  return false;
}

export async function assignedUserIds(db: JobDb, jobId: number): Promise<number[]> {
  const rows = await db.selectFrom('job_assigned_users').select('us_id').where('job_id', '=', jobId).execute();
  return rows.map((r) => r.us_id);
}

/**
 * The job if this staff user may change it. Pass the transaction's `db` and `forUpdate` when the
 * change reads-then-writes, so two saves of one job queue instead of interleaving.
 */
export async function modifiableJob(req: FastifyRequest, jobId: number, db: JobDb = jobDb(req.db), forUpdate = false): Promise<JobRow> {
  const user = sessionUser(req);
  let q = db.selectFrom('jobs').selectAll().where('job_id', '=', jobId);
  if (forUpdate) q = q.forUpdate();
  const job = await q.executeTakeFirst();
  if (!job || !(await mayRead(db, user.role, user.us_id, job))) throw notFound();
  if (user.role === 'Customer') {
    if (job.customer_us_id !== user.us_id) throw notAllowedToModify();
    return job;
  }
  if (!canModifyJob(user.role, user.us_id, await assignedUserIds(db, jobId))) throw notAllowedToModify();
  return job;
}
