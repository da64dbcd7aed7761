/**
 * The mail sync workers on a PostgreSQL-backed queue (pg-boss 12, schema `pgboss`), so several
 * server processes share the work and a crash loses nothing (a job left active expires and is
 * retried). One pg-boss instance per process:
 * - a ticker every `intervalMs` queues every enabled account (with an incoming server) of every
 *   brand whose mail feature is on;
 * - `concurrency` workers run syncAccount for one job each; a failing account throws, so pg-boss
 *   retries it with back-off, and the other accounts go on.
 *
 * - unless `watchIdle` is false, an IMAP IDLE watcher per enabled account's INBOX (idleWatch.ts)
 *   queues a sync as soon as the server reports a change; the ticker refreshes the watched list.
 *
 * Queue policy 'short': at most one *queued* job per singletonKey `${schema}:${accountId}`, so
 * ticks and "Sync now" clicks collapse into one. It does not limit *active* jobs; the account's
 * lease in syncAccount does (a second worker of any process sees the lease and finishes at
 * once). pg-boss's 'stately' policy would also cap active jobs, but in pg-boss 10 (where this was chosen) a fetch whose
 * first candidate's key is already active fails as a whole (the error is swallowed), so one long
 * first sync with a follow-up queued would stall every other account behind it.
 */
import { closeParseWorkers } from '../sync/parseBatch';
import { PgBoss, type Job } from 'pg-boss';
import { isFeatureOn, type FeatureTree } from '../../../core/access/access';
import { brandDb, globalDb, isBrandSchemaName, type RootDb } from '../../db/types';
import type { FileStore } from '../../files/storage';
import { syncAccount } from '../sync/syncAccount';
import { mailDb } from '../tables';
import { startIdleWatchers, type WatchedAccount } from './idleWatch';
import { carryOverLegacyJobs, setLegacyQueueAside } from './legacyQueue';
import type { MailSyncQueue } from './requestSync';

export const MAIL_SYNC_QUEUE = 'mail-sync';
export const BOSS_SCHEMA = 'pgboss';

export interface MailSyncJob {
  schema: string;
  accountId: number;
}

export interface MailWorkerOptions {
  root: RootDb;
  /** The database the app uses (pg-boss keeps its own small pool). */
  connectionString: string;
  /** pg-boss's schema; default `pgboss`. */
  bossSchema?: string;
  /** Ticker period; default MAIL_SYNC_INTERVAL_S (60) seconds. */
  intervalMs?: number;
  /** Syncs run at once by this process; default 2. */
  concurrency?: number;
  /** How often an idle worker looks for a job; at least 0.5 s. */
  pollingIntervalSeconds?: number;
  /** Called after each job's sync (logs, tests): `ran` is false when another worker held the lease. */
  onSynced?: (info: {
    schema: string;
    accountId: number;
    startedAt: number;
    endedAt: number;
    ran: boolean;
    heldFrom?: number;
    heldUntil?: number;
    error?: string;
  }) => void;
  /** Errors of the ticker or pg-boss itself (never thrown: the process keeps serving). */
  onError?: (err: unknown) => void;
  /** Where synced attachments are stored (the app's FileStore); default the data folder's. */
  fileStore?: FileStore;
  /** IMAP IDLE on each watched account's INBOX; default true. */
  watchIdle?: boolean;
  /** Each time an account's INBOX is open under IDLE (tests wait for it rather than for a while). */
  onIdleOpen?: (account: WatchedAccount) => void;
  /** The accounts the ticker queues; default every enabled account of every brand with mail on. */
  accounts?: () => Promise<WatchedAccount[]>;
  /** The accounts to watch; default every account the ticker queues. */
  watchAccounts?: () => Promise<WatchedAccount[]>;
  /** Schedules the ticker's next run after `delayMs` (tests record the delays asked for); default setTimeout. */
  tickTimer?: (run: () => void, delayMs: number) => NodeJS.Timeout;
}

export interface MailWorkers extends MailSyncQueue {
  /** Queues every enabled account now (the ticker's work); the number of jobs queued. */
  tick(): Promise<number>;
  stop(): Promise<void>;
  readonly boss: PgBoss;
}

export function mailSyncIntervalMs(): number {
  const seconds = Number(process.env.MAIL_SYNC_INTERVAL_S ?? 60);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 60) * 1000;
}

export const singletonKey = (schema: string, accountId: number) => `${schema}:${accountId}`;

/** Brand schemas whose site config has mail on (a domain cannot switch a feature on for syncing). */
async function mailSchemas(root: RootDb): Promise<string[]> {
  const sites = await globalDb(root).selectFrom('sites').select(['schema_name', 'config']).where('schema_name', 'is not', null).orderBy('s_id').execute();
  return sites
    .filter((s) => s.schema_name && isBrandSchemaName(s.schema_name))
    .filter((s) => isFeatureOn((s.config as { features?: FeatureTree }).features, 'mail.enabled'))
    .map((s) => s.schema_name as string);
}

/** Every enabled account with an incoming server, or a Microsoft mailbox (Graph), of every brand with mail on. */
export async function enabledAccounts(root: RootDb): Promise<WatchedAccount[]> {
  const out: WatchedAccount[] = [];
  for (const schema of await mailSchemas(root)) {
    const accounts = await mailDb(brandDb(root, schema))
      .selectFrom('mailaccounts')
      .select(['mailaccount_id', 'ma_source'])
      .where('ma_enabled', '=', true)
      .where((eb) => eb.or([eb('mis_id', 'is not', null), eb('ma_source', '=', 'graph')]))
      .execute();
    out.push(...accounts.map((a) => ({ schema, accountId: a.mailaccount_id, ...(a.ma_source === 'graph' ? { idle: false as const } : {}) })));
  }
  return out;
}

const SYNC_JOB_EXPIRE_S = 15 * 60;

/** Seconds before a sync request that found the account busy is tried again. */
const BUSY_RETRY_S = 5;

async function syncRunning(db: ReturnType<typeof mailDb>, accountId: number): Promise<boolean> {
  const row = await db.selectFrom('mailaccounts').select(['ma_enabled', 'sync_status']).where('mailaccount_id', '=', accountId).executeTakeFirst();
  return !!row && row.ma_enabled && row.sync_status === 'running';
}

/** The mail queue as the workers and the send-only API processes (server/processes/queueSender.ts) both create it. */
export async function createMailSyncQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(MAIL_SYNC_QUEUE, {
    policy: 'short',
    retryLimit: 3,
    retryDelay: 15,
    retryBackoff: true,
    // A job still active this long belonged to a crashed process and is retried (its account was
    // taken over sooner, once its lease lapsed: lease.ts); a live sync's retry finds the lease held.
    expireInSeconds: SYNC_JOB_EXPIRE_S,
  });
}

export function mailSyncSender(boss: PgBoss): MailSyncQueue {
  return {
    enqueue: async (schema, accountId) => {
      if (!isBrandSchemaName(schema)) throw new Error(`Not a brand schema: ${schema}`);
      const id = await boss.send(MAIL_SYNC_QUEUE, { schema, accountId } satisfies MailSyncJob, { singletonKey: singletonKey(schema, accountId) });
      return id !== null;
    },
  };
}

export async function startMailWorkers(opts: MailWorkerOptions): Promise<MailWorkers> {
  const onError = opts.onError ?? ((err: unknown) => console.error('[mail-sync]', err));
  const schema = opts.bossSchema ?? BOSS_SCHEMA;
  const legacy = await setLegacyQueueAside(opts.root, schema);
  const boss = new PgBoss({ connectionString: opts.connectionString, schema, max: 4, schedule: false, application_name: 'mail-sync' });
  boss.on('error', onError);
  await boss.start();
  await createMailSyncQueue(boss);
  if (legacy) {
    await carryOverLegacyJobs(opts.root, legacy, async (job) => {
      if (job.name === MAIL_SYNC_QUEUE) await boss.send(MAIL_SYNC_QUEUE, job.data as MailSyncJob, { singletonKey: job.singletonKey ?? undefined });
    });
  }

  const enqueue = mailSyncSender(boss).enqueue;

  const accounts = opts.accounts ?? (() => enabledAccounts(opts.root));
  const tick = async (): Promise<number> => {
    let queued = 0;
    for (const a of await accounts()) if (await enqueue(a.schema, a.accountId)) queued += 1;
    return queued;
  };

  const handle = async ([job]: Job<MailSyncJob>[]) => {
    const { schema, accountId } = job.data;
    const startedAt = Date.now();
    const db = mailDb(brandDb(opts.root, schema));
    const result = await syncAccount(db, accountId, { fileStore: opts.fileStore });
    opts.onSynced?.({
      schema,
      accountId,
      startedAt,
      endedAt: Date.now(),
      ran: result.ran,
      heldFrom: result.heldFrom,
      heldUntil: result.heldUntil,
      error: result.error,
    });
    // Thrown, so pg-boss retries with back-off; the error is already on the account row.
    if (result.error) throw new Error(`mail sync of ${schema}:${accountId} failed: ${result.error}`);
    // Another worker's sync holds the account and may have passed the folder this request was
    // for (an IDLE event during a long sync): ask again shortly rather than lose the change.
    if (!result.ran && (await syncRunning(db, accountId)))
      await boss.send(MAIL_SYNC_QUEUE, job.data, { singletonKey: singletonKey(schema, accountId), startAfter: BUSY_RETRY_S });
  };
  const workOptions = { batchSize: 1, pollingIntervalSeconds: Math.max(0.5, opts.pollingIntervalSeconds ?? 2) };
  for (let i = 0; i < (opts.concurrency ?? 2); i += 1) await boss.work<MailSyncJob>(MAIL_SYNC_QUEUE, workOptions, handle);

  const watchers =
    opts.watchIdle === false
      ? null
      : startIdleWatchers({ root: opts.root, onChange: (a) => enqueue(a.schema, a.accountId), onError: () => undefined, onOpen: opts.onIdleOpen });
  const watchList = opts.watchAccounts ?? (async () => (await accounts()).filter((a) => a.idle !== false));

  // A chain of timeouts, not an interval: a slow tick never overlaps the next one.
  const intervalMs = opts.intervalMs ?? mailSyncIntervalMs();
  const schedule = opts.tickTimer ?? ((run: () => void, delayMs: number) => setTimeout(run, delayMs));
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  // The tick in flight, so a stop waits for it rather than closing the pool under it.
  let running: Promise<void> = Promise.resolve();
  const loop = async () => {
    try {
      await tick();
      if (watchers && !stopped) watchers.set(await watchList());
    } catch (err) {
      onError(err);
    }
    if (!stopped) timer = schedule(() => (running = loop()), intervalMs);
  };
  running = loop();

  return {
    boss,
    enqueue,
    tick,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await watchers?.stop();
      // Running syncs get a moment to finish; an unfinished one is retried (its work is resumable).
      await boss.stop({ graceful: true, timeout: 10_000 });
      await closeParseWorkers();
    },
  };
}
