/**
 * Raises notifications (SPEC.md point 3's notification types) for the users who should see them.
 * Called by the job, sales and cost writes inside their transaction, so a rolled-back change
 * leaves no notification behind. The actor is never notified of their own action.
 */
import { OPERATOR_GROUP } from '../../core/access/roles';
import type { NotificationType } from '../../core/enums';
import type { JobDb } from '../jobs/tables';

const INSERT_BATCH = 5000;

export interface RaiseInput {
  type: NotificationType;
  job_id: number | null;
  /** Who did it (not notified). */
  actor: number | null;
  /** Who should see it; default: the job's audience. */
  recipients?: readonly number[];
  params?: Record<string, unknown>;
}

/** A job's audience: its assigned users, or every visible operator-group user when nobody is assigned. */
export async function jobAudience(db: JobDb, jobId: number): Promise<number[]> {
  const assigned = await db.selectFrom('job_assigned_users').select('us_id').where('job_id', '=', jobId).execute();
  if (assigned.length) return assigned.map((r) => r.us_id);
  const operators = await db
    .selectFrom('users')
    .select('us_id')
    .where('role', 'in', [...OPERATOR_GROUP])
    .where('is_hidden', '=', false)
    .execute();
  return operators.map((r) => r.us_id);
}

export async function raiseNotification(db: JobDb, n: RaiseInput): Promise<number> {
  const audience = n.recipients ?? (n.job_id !== null ? await jobAudience(db, n.job_id) : []);
  const recipients = [...new Set(audience)].filter((id) => id !== n.actor);
  if (!recipients.length) return 0;
  const params = JSON.stringify(n.params ?? {});
  // Batches keep each statement under PostgreSQL's 65,535 bind parameters, however many operators a brand has.
  for (let i = 0; i < recipients.length; i += INSERT_BATCH) {
    await db
      .insertInto('notifications')
      .values(
        recipients.slice(i, i + INSERT_BATCH).map((us_id) => ({ us_id, notif_type: n.type, job_id: n.job_id, notif_params: params, created_by: n.actor })),
      )
      .execute();
  }
  return recipients.length;
}
