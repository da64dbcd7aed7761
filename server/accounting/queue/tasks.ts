/**
 * The accounting queue's tasks: a name → handler map, so every accounting job (the pulls here, the
 * pushes of invoices and quotes elsewhere) runs on the one pg-boss queue. A handler never sleeps: it
 * answers `retry` with the time Xero or the shared budget allows the next call, and the queue
 * sends the job again to start then.
 */
import { brandDb, isBrandSchemaName, type RootDb } from '../../db/types';

export interface AccountingJob {
  schema: string;
  task: string;
  data?: Record<string, unknown>;
  /** Keeps one waiting job per brand, task and key (a per-account sync), rather than per brand and task. */
  key?: string;
}

export type TaskOutcome = { status: 'done' } | { status: 'retry'; retryAt: Date } | { status: 'failed'; code: string };

export interface TaskContext {
  root: RootDb;
  schema: string;
  /** The brand's database (brandDb); cast to the tables the task needs. */
  db: ReturnType<typeof brandDb>;
  data: Record<string, unknown>;
  /** True once the process is stopping: a long task stops after its current page and asks to be retried (it resumes there). */
  stopping: () => boolean;
}

export type AccountingTask = (ctx: TaskContext) => Promise<TaskOutcome>;

const tasks = new Map<string, AccountingTask>();

/** Adds a task to the accounting queue (the modules that define tasks call this when imported). */
export function registerAccountingTask(name: string, handler: AccountingTask): void {
  tasks.set(name, handler);
}

export const accountingTaskNames = (): string[] => [...tasks.keys()];

/** A look, on the workers' ticker, for tasks due on a schedule (the Google tasks sync every 15 minutes); answers how many it queued. */
export type PeriodicCheck = (
  root: RootDb,
  enqueue: (job: AccountingJob) => Promise<boolean>,
  now: Date,
  /** A failure about one thing (one account) that did not stop the others. */
  onError: (err: unknown) => void,
) => Promise<number>;
const periodic = new Map<string, PeriodicCheck>();

export function registerPeriodicCheck(name: string, check: PeriodicCheck): void {
  periodic.set(name, check);
}

export const periodicChecks = (): PeriodicCheck[] => [...periodic.values()];

/** Runs one job to its outcome in this process (the worker, and tests that run a task directly). */
export async function runAccountingTask(root: RootDb, job: AccountingJob, opts: { stopping?: () => boolean } = {}): Promise<TaskOutcome> {
  if (!isBrandSchemaName(job.schema)) throw new Error(`Not a brand schema: ${job.schema}`);
  const handler = tasks.get(job.task);
  if (!handler) throw new Error(`Unknown accounting task: ${job.task}`);
  return handler({ root, schema: job.schema, db: brandDb(root, job.schema), data: job.data ?? {}, stopping: opts.stopping ?? (() => false) });
}
