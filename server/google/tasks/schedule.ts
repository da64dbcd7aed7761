/**
 * The tasks sync on a schedule: on the accounting workers' ticker, every connected, selected
 * account of every brand with Google Tasks on whose last sync (or last scheduled try) is older
 * than the interval gets its own sync job, as the Sync button would queue it. One account's
 * failure to queue is reported and the others are still queued.
 * GOOGLE_TASKS_SYNC_MINUTES sets the interval (default 15; 0 turns the schedule off).
 */
import { sql } from 'kysely';
import { isFeatureOn, type FeatureTree } from '../../../core/access/access';
import type { AccountingJob } from '../../accounting/queue/tasks';
import { brandDb, globalDb, isBrandSchemaName, type RootDb } from '../../db/types';
import type { TasksDb } from './tables';

const DEFAULT_MINUTES = 15;

export function tasksSyncMinutes(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.GOOGLE_TASKS_SYNC_MINUTES?.trim();
  const n = raw ? Number(raw) : DEFAULT_MINUTES;
  return Number.isFinite(n) && n >= 0 ? n : DEFAULT_MINUTES;
}

/** The accounts of one brand whose scheduled sync is due. */
async function dueAccounts(db: TasksDb, before: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('google_accounts as a')
    .innerJoin('oauth_grants as g', 'g.og_id', 'a.og_id')
    .select('a.og_id')
    .where('g.provider', '=', 'google')
    .where('g.status', '=', 'active')
    .where('a.disabled', '=', false)
    .where('a.tasks_running', '=', false)
    // Never synced nor scheduled is due at once.
    .where(sql<boolean>`coalesce(greatest(a.tasks_synced_at, a.tasks_scheduled_at), '-infinity'::timestamptz) < ${before}`)
    .orderBy('a.og_id')
    .execute();
  return rows.map((r) => r.og_id);
}

export async function queueDueTasksSyncs(
  root: RootDb,
  enqueue: (job: AccountingJob) => Promise<boolean>,
  now: Date,
  /** `schemas` limits the look to these brands. */
  opts: { task: string; minutes?: number; schemas?: string[]; onError?: (err: unknown) => void },
): Promise<number> {
  const minutes = opts.minutes ?? tasksSyncMinutes();
  if (minutes <= 0) return 0;
  const before = new Date(now.getTime() - minutes * 60_000);
  const sites = await globalDb(root).selectFrom('sites').select(['schema_name', 'config']).where('schema_name', 'is not', null).execute();
  let queued = 0;
  for (const { schema_name: schema, config } of sites) {
    if (!schema || !isBrandSchemaName(schema) || (opts.schemas && !opts.schemas.includes(schema))) continue;
    if (!isFeatureOn((config as { features?: FeatureTree }).features ?? null, 'google.tasks')) continue;
    const db = brandDb(root, schema) as unknown as TasksDb;
    for (const gaId of await dueAccounts(db, before)) {
      try {
        await db
          .updateTable('google_accounts')
          .set({ tasks_scheduled_at: now, tasks_running: true, tasks_done: 0, tasks_total: 0, tasks_error: null })
          .where('og_id', '=', gaId)
          .execute();
        if (await enqueue({ schema, task: opts.task, data: { ga_id: gaId }, key: `ga${gaId}` })) queued += 1;
      } catch (err) {
        await db.updateTable('google_accounts').set({ tasks_running: false }).where('og_id', '=', gaId).execute();
        opts.onError?.(err);
      }
    }
  }
  return queued;
}
