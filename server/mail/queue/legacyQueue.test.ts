/** A data folder from pg-boss 10: its pending mail syncs survive the move to pg-boss 12. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import LegacyBoss from 'pg-boss-v10';
import { testDb, uniqueName } from '../../test/helpers';
import type { RootDb } from '../../db/types';
import { legacySchemaName } from './legacyQueue';
import { MAIL_SYNC_QUEUE, startMailWorkers, type MailSyncJob, type MailWorkers } from './workers';

let root: RootDb;
const running: MailWorkers[] = [];

beforeAll(() => {
  root = testDb();
});
afterAll(async () => {
  for (const w of running) await w.stop().catch(() => undefined);
  await root?.destroy();
});

async function schemaExists(schema: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select exists(select 1 from pg_namespace where nspname = ${schema}) as found`.execute(root);
  return rows[0].found;
}

/** A queue as pg-boss 10 left it: two syncs queued, one finished. */
async function legacyQueue(schema: string): Promise<MailSyncJob[]> {
  const old = new LegacyBoss({ connectionString: inject('databaseUrl'), schema, supervise: false, schedule: false });
  await old.start();
  await old.createQueue(MAIL_SYNC_QUEUE, { name: MAIL_SYNC_QUEUE, policy: 'short' });
  const pending: MailSyncJob[] = [
    { schema: 'site_900001', accountId: 11 },
    { schema: 'site_900002', accountId: 12 },
  ];
  for (const job of pending) await old.send(MAIL_SYNC_QUEUE, job, { singletonKey: `${job.schema}:${job.accountId}` });
  await old.send(MAIL_SYNC_QUEUE, { schema: 'site_900003', accountId: 13 }, { priority: 1 });
  const [done] = await old.fetch<MailSyncJob>(MAIL_SYNC_QUEUE, { priority: true });
  expect(done.data.accountId).toBe(13);
  await old.complete(MAIL_SYNC_QUEUE, done.id);
  await old.stop({ graceful: false, wait: true });
  return pending;
}

describe('pg-boss 10 queue carried over to pg-boss 12', () => {
  it('keeps every unfinished sync job with its singleton key, drops the finished one and the old schema', async () => {
    const schema = uniqueName('pgboss_legacy').replace('-', '_');
    const pending = await legacyQueue(schema);
    const { rows: before } = await sql<{ version: number }>`select version from ${sql.id(schema, 'version')}`.execute(root);
    expect(Number(before[0].version)).toBeLessThan(25);

    const workers = await startMailWorkers({
      root,
      connectionString: inject('databaseUrl'),
      bossSchema: schema,
      concurrency: 0,
      intervalMs: 3_600_000,
      watchIdle: false,
      watchAccounts: async () => [],
      onError: () => undefined,
    });
    running.push(workers);
    // The made-up brands have no accounts the ticker could queue: their jobs came from pg-boss 10.
    const jobs = await workers.boss.fetch<MailSyncJob>(MAIL_SYNC_QUEUE, { batchSize: 100 });
    const carried = jobs.map((j) => j.data).filter((d) => d.schema.startsWith('site_9000'));
    expect(carried.sort((a, b) => a.accountId - b.accountId)).toEqual(pending);
    const { rows: keys } = await sql<{
      singleton_key: string;
    }>`select singleton_key from ${sql.id(schema, 'job')} where singleton_key like 'site_9000%' order by singleton_key`.execute(root);
    expect(keys.map((k) => k.singleton_key)).toEqual(['site_900001:11', 'site_900002:12']);
    expect(await schemaExists(legacySchemaName(schema))).toBe(false);
    const { rows: after } = await sql<{ version: number }>`select version from ${sql.id(schema, 'version')}`.execute(root);
    expect(Number(after[0].version)).toBeGreaterThanOrEqual(25);

    // A second start finds nothing to carry over and keeps the queue as it is.
    await workers.stop();
    const again = await startMailWorkers({
      root,
      connectionString: inject('databaseUrl'),
      bossSchema: schema,
      concurrency: 0,
      intervalMs: 3_600_000,
      watchIdle: false,
      watchAccounts: async () => [],
      onError: () => undefined,
    });
    running.push(again);
    const { rows: count } = await sql<{
      n: string;
    }>`select count(*) as n from ${sql.id(schema, 'job')} where singleton_key like 'site_9000%' or data->>'schema' like 'site_9000%'`.execute(root);
    expect(Number(count[0].n)).toBe(2);
    await sql`drop schema ${sql.id(schema)} cascade`.execute(root);
  });
});
