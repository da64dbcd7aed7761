/**
 * The tasks sync on a schedule: the workers' periodic check queues one sync job per due account
 * (as the Sync button would), leaves alone an account synced within the interval, one left out of
 * the selection or with the schedule off, and one account's failure does not stop another's.
 */
import { describe, expect, it } from 'vitest';
import { periodicChecks, runAccountingTask, type AccountingJob } from '../../accounting/queue/tasks';
import { call, useTestApp, useTestBrand } from '../../test/helpers';
import { queueDueTasksSyncs } from './schedule';
import { TASKS_SYNC } from './syncTask';
import { tasksKit } from './tasksTestKit';

const t = useTestApp();
const own = useTestBrand(t);
const kit = tasksKit(
  () => t.app,
  () => own.brand.host,
);
const MINUTE = 60_000;

/** Runs the schedule for this file's brand only, recording what it queued. */
async function schedule(now: Date, opts: { failFor?: number; minutes?: number } = {}) {
  const queued: AccountingJob[] = [];
  const errors: unknown[] = [];
  const enqueue = async (job: AccountingJob) => {
    if (job.data?.ga_id === opts.failFor) throw new Error('queue refused');
    queued.push(job);
    return true;
  };
  await queueDueTasksSyncs(t.db, enqueue, now, { task: TASKS_SYNC, minutes: opts.minutes ?? 15, schemas: [own.brand.schema], onError: (e) => errors.push(e) });
  return { queued, errors, ids: queued.map((j) => j.data?.ga_id) };
}

const states = () => kit.ok<{ ga_id: number; running: boolean; error: string | null }[]>('GET', '/api/tasks/syncstate', own.admin);

describe('scheduled tasks sync', () => {
  it('is registered on the workers’ ticker', () => {
    expect(periodicChecks().length).toBeGreaterThan(0);
  });

  it('queues each due account once, syncs it, and waits the interval before the next', async () => {
    const a = await kit.connected(own.admin);
    const b = await kit.connected(own.admin);
    const first = await schedule(new Date());
    expect(first.ids).toEqual([a.ga_id, b.ga_id]);
    expect(first.queued.map((j) => [j.schema, j.task, j.key])).toEqual([
      [own.brand.schema, TASKS_SYNC, `ga${a.ga_id}`],
      [own.brand.schema, TASKS_SYNC, `ga${b.ga_id}`],
    ]);
    expect((await states()).filter((s) => [a.ga_id, b.ga_id].includes(s.ga_id)).map((s) => s.running)).toEqual([true, true]);
    // Queued (running) accounts are not queued again.
    expect((await schedule(new Date(Date.now() + 20 * MINUTE))).ids).toEqual([]);

    for (const job of first.queued) expect(await runAccountingTask(t.db, job)).toEqual({ status: 'done' });
    expect((await kit.tasks(own.admin, { ga_id: a.ga_id })).length).toBe(4);
    expect((await kit.tasks(own.admin, { ga_id: b.ga_id })).length).toBe(4);

    expect((await schedule(new Date(Date.now() + 5 * MINUTE))).ids).toEqual([]);
    expect((await schedule(new Date(Date.now() + 16 * MINUTE))).ids).toEqual([a.ga_id, b.ga_id]);
  });

  it('goes on to the next account when one cannot be queued, and skips deselected accounts', async () => {
    const later = Date.now() + 60 * MINUTE;
    const a = await kit.connected(own.admin);
    const b = await kit.connected(own.admin);
    const c = await kit.connected(own.admin);
    const deselected = await call(t.app, {
      method: 'POST',
      url: '/api/googleaccounts/selection',
      body: { ga_id: c.ga_id },
      cookie: own.admin,
      host: own.brand.host,
    });
    expect(deselected.status, deselected.text).toBe(200);
    const run = await schedule(new Date(later), { failFor: a.ga_id });
    expect(run.ids).toContain(b.ga_id);
    expect(run.ids).not.toContain(a.ga_id);
    expect(run.ids).not.toContain(c.ga_id);
    expect(run.errors).toHaveLength(1);
    // The refused one is not left looking busy, and is tried again only after the interval.
    expect((await states()).find((s) => s.ga_id === a.ga_id)?.running).toBe(false);
    expect((await schedule(new Date(later + MINUTE))).ids).not.toContain(a.ga_id);
    expect((await schedule(new Date(later + 16 * MINUTE))).ids).toContain(a.ga_id);
  });

  it('queues nothing with the schedule turned off', async () => {
    await kit.connected(own.admin);
    expect((await schedule(new Date(Date.now() + 24 * 60 * MINUTE), { minutes: 0 })).ids).toEqual([]);
  });
});
