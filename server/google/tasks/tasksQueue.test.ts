/**
 * The tasks sync on the accounting queue's pg-boss workers: one job per account (its own singleton
 * key), so two accounts of a user are synced side by side and neither waits for or absorbs the other.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AccountingJob, TaskOutcome } from '../../accounting/queue/tasks';
import { ACCOUNTING_QUEUE, startAccountingWorkers, type AccountingWorkers } from '../../accounting/queue/workers';
import { uniqueName, useTestApp, useTestBrand } from '../../test/helpers';
import { TASKS_SYNC } from './syncTask';
import { tasksKit } from './tasksTestKit';

const t = useTestApp();
const own = useTestBrand(t);
const kit = tasksKit(
  () => t.app,
  () => own.brand.host,
);
const bossSchema = uniqueName('pgboss_tasks').replace(/-/g, '_');
let workers: AccountingWorkers;
const outcomes: { job: AccountingJob; outcome: TaskOutcome }[] = [];

beforeAll(async () => {
  workers = await startAccountingWorkers({
    root: t.db,
    connectionString: inject('databaseUrl'),
    bossSchema,
    pollingIntervalSeconds: 0.5,
    pushTickMs: 0,
    onDone: (job, outcome) => outcomes.push({ job, outcome }),
    onError: () => undefined,
  });
  t.app.accountingQueue.current = workers;
});

afterAll(async () => {
  t.app.accountingQueue.current = null;
  await workers?.stop();
  await sql`drop schema if exists ${sql.id(bossSchema)} cascade`.execute(t.db);
});

describe('tasks sync on the queue', () => {
  it('queues one job per account and runs each to the end on a worker', async () => {
    const a = await kit.connected(own.admin);
    const b = await kit.connected(own.admin);
    const started = await kit.ok<{ ga_id: number; running: boolean }[]>('POST', '/api/tasks/sync', own.admin, {});
    expect(started.map((s) => [s.ga_id, s.running])).toEqual([
      [a.ga_id, true],
      [b.ga_id, true],
    ]);
    const jobs = await t.db.selectFrom(`${bossSchema}.job`).select(['data', 'singleton_key']).where('name', '=', ACCOUNTING_QUEUE).execute();
    expect(jobs.map((j) => (j.data as AccountingJob).data?.ga_id).sort()).toEqual([a.ga_id, b.ga_id].sort());
    expect(new Set(jobs.map((j) => j.singleton_key)).size).toBe(2);

    for (let i = 0; i < 200 && outcomes.filter((o) => o.job.task === TASKS_SYNC).length < 2; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(outcomes.filter((o) => o.job.task === TASKS_SYNC).map((o) => o.outcome)).toEqual([{ status: 'done' }, { status: 'done' }]);
    for (const id of [a.ga_id, b.ga_id]) expect((await kit.tasks(own.admin, { ga_id: id })).length).toBe(4);
    const states = await kit.ok<{ ga_id: number; running: boolean; error: string | null }[]>('GET', '/api/tasks/syncstate', own.admin);
    expect(states.filter((s) => [a.ga_id, b.ga_id].includes(s.ga_id)).every((s) => !s.running && s.error === null)).toBe(true);
  });
});
