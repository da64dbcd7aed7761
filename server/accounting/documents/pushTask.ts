/**
 * The pushes as a task of the accounting queue: sends a brand's due rows, and when rows are still
 * waiting (a 429, a 503, more than one batch) asks to run again when the earliest is due. The
 * accounting workers' ticker queues it for every brand with due rows, so a push queued while Xero
 * was busy goes out without anyone pressing "retry now".
 */
import { sql } from 'kysely';
import type { AnyDb } from '../../resources/hooks';
import { registerAccountingTask, type TaskOutcome } from '../queue/tasks';
import { processDuePushes } from './queue';

export const PUSH_TASK = 'xero-push';
/** Rows a task run sends (in batches of 50 a call). */
const ROWS_PER_RUN = 200;

/** When the brand's earliest waiting push is due; null when nothing waits. */
export async function nextPushDue(db: AnyDb): Promise<Date | null> {
  const row = await db
    .selectFrom('xero_sync_pending')
    .select(sql<Date | null>`min(next_attempt_at)`.as('due'))
    .where('status', '=', 'pending')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.due ? new Date(row.due) : null;
}

export async function runPushTask(db: AnyDb, schema: string): Promise<TaskOutcome> {
  const result = await processDuePushes(db, schema, { limit: ROWS_PER_RUN });
  if (!result.connected) return { status: 'done' };
  const due = await nextPushDue(db);
  return due ? { status: 'retry', retryAt: due } : { status: 'done' };
}

registerAccountingTask(PUSH_TASK, (ctx) => runPushTask(ctx.db as unknown as AnyDb, ctx.schema));
