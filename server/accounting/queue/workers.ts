/**
 * The accounting queue on pg-boss (the mail workers' instance pattern, server/mail/queue): one
 * queue `accounting` whose jobs name a task (./tasks.ts). Policy 'short' with the singleton key
 * `${schema}:${task}` keeps one waiting job per brand and task (and key, when a job has one: the
 * Google tasks sync is one per account), so repeated "Sync" clicks collapse.
 * A task answering `retry` (429, 503, the budget) is sent again with startAfter its retry time;
 * the worker never sleeps. A job left active by a crashed process expires and runs again, and the
 * task resumes from the state it wrote after each page.
 */
import { PgBoss, type Job } from 'pg-boss';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brandDb, globalDb, isBrandSchemaName, rootOfBound, type RootDb } from '../../db/types';
import { BOSS_SCHEMA } from '../../mail/queue/workers';
import type { AnyDb } from '../../resources/hooks';
import { nextPushDue, PUSH_TASK } from '../documents/pushTask';
import { periodicChecks, runAccountingTask, type AccountingJob, type TaskOutcome } from './tasks';

export const ACCOUNTING_QUEUE = 'accounting';

export interface AccountingQueue {
  /** Queues a task of a brand; false when the same task is already waiting. */
  enqueue(job: AccountingJob, startAfter?: Date): Promise<boolean>;
}

export interface AccountingWorkers extends AccountingQueue {
  stop(): Promise<void>;
  readonly boss: PgBoss;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's accounting queue once its workers run; null without workers. */
    accountingQueue: { current: AccountingQueue | null };
  }
}

export function decorateAccountingQueue(app: FastifyInstance): void {
  if (!app.hasDecorator('accountingQueue')) app.decorate('accountingQueue', { current: null });
}

// A task about one of several things (a Google account, a Microsoft mailbox) names it in `key` or `data.singleton`, so each waits once.
const singletonKey = (job: AccountingJob) => {
  const one = job.key ?? (typeof job.data?.singleton === 'string' ? job.data.singleton : null);
  return `${job.schema}:${job.task}${one ? `:${one}` : ''}`;
};

/** The accounting queue as the workers and the send-only API processes (server/processes/queueSender.ts) both create it. */
export async function createAccountingQueue(boss: PgBoss): Promise<void> {
  // A page takes a call or two; ten minutes without finishing means the process died.
  await boss.createQueue(ACCOUNTING_QUEUE, { policy: 'short', retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 });
}

export function accountingSender(boss: PgBoss): AccountingQueue {
  return {
    enqueue: async (job, startAfter) => {
      if (!isBrandSchemaName(job.schema)) throw new Error(`Not a brand schema: ${job.schema}`);
      const id = await boss.send(ACCOUNTING_QUEUE, job, { singletonKey: singletonKey(job), ...(startAfter ? { startAfter } : {}) });
      return id !== null;
    },
  };
}

export async function startAccountingWorkers(opts: {
  root: RootDb;
  connectionString: string;
  bossSchema?: string;
  concurrency?: number;
  pollingIntervalSeconds?: number;
  /** How often every brand is looked at for due pushes and scheduled tasks (periodicChecks); default 60 s, 0 turns the ticker off. */
  pushTickMs?: number;
  onDone?: (job: AccountingJob, outcome: TaskOutcome) => void;
  onError?: (err: unknown) => void;
}): Promise<AccountingWorkers> {
  const onError = opts.onError ?? ((err: unknown) => console.error('[accounting]', err));
  const boss = new PgBoss({
    connectionString: opts.connectionString,
    schema: opts.bossSchema ?? BOSS_SCHEMA,
    max: 3,
    schedule: false,
    application_name: 'accounting',
  });
  boss.on('error', onError);
  await boss.start();
  await createAccountingQueue(boss);
  const enqueue = accountingSender(boss).enqueue;

  let stopping = false;
  const handle = async ([job]: Job<AccountingJob>[]) => {
    const outcome = await runAccountingTask(opts.root, job.data, { stopping: () => stopping });
    if (outcome.status === 'retry') await enqueue(job.data, outcome.retryAt);
    opts.onDone?.(job.data, outcome);
  };
  const workOptions = { batchSize: 1, pollingIntervalSeconds: Math.max(0.5, opts.pollingIntervalSeconds ?? 2) };
  for (let i = 0; i < (opts.concurrency ?? 2); i += 1) await boss.work<AccountingJob>(ACCOUNTING_QUEUE, workOptions, handle);

  const tickMs = opts.pushTickMs ?? 60_000;
  const tick = () => {
    void queueDuePushes(opts.root, enqueue).catch(onError);
    for (const check of periodicChecks()) void check(opts.root, enqueue, new Date(), onError).catch(onError);
  };
  const ticker = tickMs > 0 ? setInterval(tick, tickMs) : null;
  ticker?.unref();

  return {
    boss,
    enqueue,
    stop: async () => {
      if (ticker) clearInterval(ticker);
      // Running syncs finish their page and are queued again (startAfter now), to resume in the next process.
      stopping = true;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

/** Queues the push task of every brand with a push due now; answers how many brands were queued. */
export async function queueDuePushes(root: RootDb, enqueue: AccountingQueue['enqueue'], now = new Date()): Promise<number> {
  const sites = await globalDb(root).selectFrom('sites').select('schema_name').where('schema_name', 'is not', null).execute();
  let queued = 0;
  for (const { schema_name: schema } of sites) {
    if (!schema || !isBrandSchemaName(schema)) continue;
    const due = await nextPushDue(brandDb(root, schema) as unknown as AnyDb);
    if (due && due <= now && (await enqueue({ schema, task: PUSH_TASK }))) queued += 1;
  }
  return queued;
}

/**
 * Runs a task for the request's brand: through the queue when this process has workers, else in
 * this process's background (tests, tools that build the app alone), where a `retry` is a timer.
 */
export async function requestAccountingTask(req: FastifyRequest, task: string, data: Record<string, unknown> = {}, key?: string): Promise<void> {
  const job: AccountingJob = { schema: req.brand!.schema, task, data, ...(key ? { key } : {}) };
  const queue = req.server.accountingQueue?.current;
  if (queue) {
    await queue.enqueue(job);
    return;
  }
  const root = rootOfBound(req.db!);
  if (!root) throw new Error('The request database is not a brand-bound instance');
  const run = (): void =>
    void runAccountingTask(root, job)
      .then((outcome) => {
        if (outcome.status === 'retry') setTimeout(run, Math.max(0, outcome.retryAt.getTime() - Date.now())).unref();
      })
      .catch((err) => req.log.error({ err, task }, 'background accounting task failed'));
  run();
}
