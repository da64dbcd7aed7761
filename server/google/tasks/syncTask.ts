/**
 * The tasks sync as a task of the accounting queue (server/accounting/queue: pg-boss, so a sync
 * queued survives a restart and a crashed one runs again), one job per account (its own singleton
 * key): one account's failure never stops another's. A quota answer (403 userRateLimitExceeded,
 * 429, or the shared budget) sends the job again at Google's retry time; the sync stays running.
 * Besides the Sync button, the workers' ticker queues each account's sync on a schedule (schedule.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { TasksSyncState } from '../../../core/google/tasks';
import { registerAccountingTask, registerPeriodicCheck, type TaskContext, type TaskOutcome } from '../../accounting/queue/tasks';
import { requestAccountingTask } from '../../accounting/queue/workers';
import { RateLimited, Unavailable } from '../../integrations/http/errors';
import { loginRequired } from '../accountRoutes';
import { driveError } from '../drive/driveErrors';
import { queueDueTasksSyncs } from './schedule';
import { SyncInterrupted, syncTasksAccount } from './sync';
import type { TasksDb } from './tables';

export const TASKS_SYNC = 'google-tasks-sync';
const UNAVAILABLE_RETRY_MS = 30_000;

const messageOf = (error: unknown): string => {
  const refusal = driveError(error);
  return refusal instanceof Error ? refusal.message : String(refusal);
};

const finish = (db: TasksDb, gaId: number, error: string | null) =>
  db
    .updateTable('google_accounts')
    .set({
      tasks_running: false,
      tasks_error: error,
      ...(error ? { last_error: error } : { tasks_synced_at: new Date(), last_sync_at: new Date(), last_error: null }),
    })
    .where('og_id', '=', gaId)
    .execute();

/** The account can be synced: its grant is live and the user has not left it out. */
async function usable(db: TasksDb, gaId: number): Promise<boolean> {
  const row = await db
    .selectFrom('oauth_grants as g')
    .innerJoin('google_accounts as a', 'a.og_id', 'g.og_id')
    .select(['g.status', 'a.disabled'])
    .where('g.og_id', '=', gaId)
    .executeTakeFirst();
  return row?.status === 'active' && !row.disabled;
}

export async function runTasksSync(ctx: Pick<TaskContext, 'db' | 'schema' | 'data' | 'stopping'>): Promise<TaskOutcome> {
  const db = ctx.db as unknown as TasksDb;
  const gaId = Number(ctx.data.ga_id);
  if (!(await usable(db, gaId))) {
    await finish(db, gaId, loginRequired().message);
    return { status: 'failed', code: 'GOOGLE_AUTH' };
  }
  try {
    await syncTasksAccount(db, ctx.schema, gaId, ctx.stopping);
    await finish(db, gaId, null);
    return { status: 'done' };
  } catch (error) {
    if (error instanceof SyncInterrupted) return { status: 'retry', retryAt: new Date() };
    if (error instanceof RateLimited) {
      // Still running: the quota's text tells the user why it waits.
      await db
        .updateTable('google_accounts')
        .set({ tasks_error: messageOf(error) })
        .where('og_id', '=', gaId)
        .execute();
      return { status: 'retry', retryAt: error.retryAt };
    }
    if (error instanceof Unavailable) return { status: 'retry', retryAt: error.retryAt ?? new Date(Date.now() + UNAVAILABLE_RETRY_MS) };
    await finish(db, gaId, messageOf(error));
    return { status: 'failed', code: 'GOOGLE_TASKS' };
  }
}

registerAccountingTask(TASKS_SYNC, runTasksSync);
registerPeriodicCheck(TASKS_SYNC, (root, enqueue, now, onError) => queueDueTasksSyncs(root, enqueue, now, { task: TASKS_SYNC, onError }));

/** Marks the account's sync running (progress from zero) and queues it; a sync already waiting absorbs the request. */
export async function requestTasksSync(req: FastifyRequest, db: TasksDb, gaId: number): Promise<void> {
  await db.updateTable('google_accounts').set({ tasks_running: true, tasks_done: 0, tasks_total: 0, tasks_error: null }).where('og_id', '=', gaId).execute();
  await requestAccountingTask(req, TASKS_SYNC, { ga_id: gaId }, `ga${gaId}`);
}

/** The sync state of the user's accounts (the Sync button polls it). */
export async function syncStates(db: TasksDb, usId: number, gaIds: number[]): Promise<TasksSyncState[]> {
  if (!gaIds.length) return [];
  const rows = await db
    .selectFrom('google_accounts as a')
    .innerJoin('oauth_grants as g', 'g.og_id', 'a.og_id')
    .select((eb) => [
      'a.og_id',
      'g.email',
      'a.tasks_running',
      'a.tasks_done',
      'a.tasks_total',
      'a.tasks_error',
      'a.tasks_synced_at',
      eb
        .selectFrom('google_tasks as t')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('t.og_id', '=', 'a.og_id')
        .where('t.conflict', '=', true)
        .as('conflicts'),
    ])
    .where('a.us_id', '=', usId)
    .where('a.og_id', 'in', gaIds)
    .orderBy('a.og_id')
    .execute();
  return rows.map((r) => ({
    ga_id: r.og_id,
    email: r.email,
    running: r.tasks_running,
    done: r.tasks_done,
    total: r.tasks_total,
    error: r.tasks_error,
    last_sync_at: r.tasks_synced_at ? r.tasks_synced_at.toISOString() : null,
    conflicts: Number(r.conflicts ?? 0),
  }));
}
