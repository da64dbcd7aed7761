/**
 * The accounting queue on pg-boss (this file's own pg-boss schema): a sync route queues its pull,
 * a worker runs it to the end, and a 429 from Xero sends the job again with startAfter at the time
 * Xero allows (the worker does not sleep); the sync stays running, not failed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { providerControl } from '../../../providers/control';
import { brandDb } from '../../db/types';
import { call, sandboxProviders, uniqueName, useTestApp, useTestBrand } from '../../test/helpers';
import { readState } from '../sync/state';
import type { SyncDb } from '../sync/tables';
import { connectXero } from '../testConnect';
import type { AccountingJob, TaskOutcome } from './tasks';
import { ACCOUNTING_QUEUE, startAccountingWorkers, type AccountingWorkers } from './workers';

const t = useTestApp();
const own = useTestBrand(t);
const bossSchema = uniqueName('pgboss_accounting').replace(/-/g, '_');
let workers: AccountingWorkers;
let providers: string;
const outcomes: { job: AccountingJob; outcome: TaskOutcome }[] = [];

beforeAll(async () => {
  providers = sandboxProviders();
  await connectXero(t.app, providers, own.brand.host, own.admin);
  workers = await startAccountingWorkers({
    root: t.db,
    connectionString: inject('databaseUrl'),
    bossSchema,
    pollingIntervalSeconds: 0.5,
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

const db = () => brandDb(t.db, own.brand.schema) as unknown as SyncDb;
const post = (url: string) => call(t.app, { method: 'POST', url, body: {}, cookie: own.admin, host: own.brand.host });

async function nextOutcome(count: number): Promise<TaskOutcome> {
  for (let i = 0; i < 200 && outcomes.length < count; i += 1) await new Promise((r) => setTimeout(r, 50));
  expect(outcomes.length).toBeGreaterThanOrEqual(count);
  return outcomes[count - 1].outcome;
}

describe('accounting queue', () => {
  it('runs a queued tax-rate pull to the end on a worker', async () => {
    const res = await post('/api/xerotaxrates/sync');
    expect(res.status, res.text).toBe(200);
    expect(res.json.xerotaxrates.data).toMatchObject({ resource: 'taxrates', running: true });
    expect(await nextOutcome(1)).toEqual({ status: 'done' });
    expect(await readState(db(), 'taxrates')).toMatchObject({ running: false, done: 9, error: null });
  });

  it("reschedules the job at Xero's retry time after a 429 instead of failing it", async () => {
    await providerControl(providers).xero.failNext({ status: 429, operationId: 'getTaxRates' });
    expect((await post('/api/xerotaxrates/sync')).status).toBe(200);
    const outcome = await nextOutcome(2);
    expect(outcome.status).toBe('retry');
    const retryAt = outcome.status === 'retry' ? outcome.retryAt.getTime() : 0;
    expect(retryAt).toBeGreaterThan(Date.now());
    const waiting = await t.db
      .selectFrom(`${bossSchema}.job`)
      .select(['start_after', 'data'])
      .where('name', '=', ACCOUNTING_QUEUE)
      .where('state', '=', 'created')
      .execute();
    expect(waiting).toHaveLength(1);
    expect(waiting[0].data).toMatchObject({ schema: own.brand.schema, task: 'pull-taxrates' });
    expect(Math.abs(new Date(waiting[0].start_after).getTime() - retryAt)).toBeLessThan(1000);
    expect(await readState(db(), 'taxrates')).toMatchObject({ running: true, error: null, next_page: 1 });
  });
});
