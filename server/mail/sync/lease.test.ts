/** The mail sync lease: one holder at a time, kept while renewed, taken over once its holder stops renewing. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDb, type RootDb } from '../../db/types';
import { createTestBrand, testDb } from '../../test/helpers';
import { mailDb, type MailDb } from '../tables';
import { keepLease, leaseSeconds, takeLease } from './lease';

let root: RootDb;
let db: MailDb;
const LEASE_S = 3;
const saved = process.env.MAIL_SYNC_LEASE_S;

beforeAll(async () => {
  process.env.MAIL_SYNC_LEASE_S = String(LEASE_S);
  root = testDb();
  db = mailDb(brandDb(root, (await createTestBrand(root)).schema));
}, 60_000);

afterAll(async () => {
  if (saved === undefined) delete process.env.MAIL_SYNC_LEASE_S;
  else process.env.MAIL_SYNC_LEASE_S = saved;
  await root?.destroy();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function account(name: string): Promise<number> {
  const row = await db
    .insertInto('mailaccounts')
    .values({ ma_name: name, ma_email: `${name}@lease.test` })
    .returning('mailaccount_id')
    .executeTakeFirstOrThrow();
  return row.mailaccount_id;
}

describe('the mail sync lease', () => {
  it('reads MAIL_SYNC_LEASE_S', () => {
    expect(leaseSeconds()).toBe(LEASE_S);
  });

  it('has one holder at a time, among many asking at once', async () => {
    const id = await account('once');
    const taken = await Promise.all(Array.from({ length: 6 }, () => takeLease(db, id)));
    expect(taken.filter(Boolean)).toHaveLength(1);
  });

  it('stays with a holder that renews it past the lease time, and passes on once the holder stops (a killed process)', async () => {
    const id = await account('renewed');
    expect(await takeLease(db, id)).toBe(true);
    const release = keepLease(db, id);
    try {
      await pause((LEASE_S + 1.5) * 1000);
      expect(await takeLease(db, id)).toBe(false);
    } finally {
      release();
    }
    // The holder is gone without a word: no renewal, the row still says running.
    await pause((LEASE_S + 0.5) * 1000);
    expect(await takeLease(db, id)).toBe(true);
  }, 20_000);

  it('is not taken while its last renewal is recent however long ago the sync started; a disabled account is never taken', async () => {
    const id = await account('long');
    await db
      .updateTable('mailaccounts')
      .set({ sync_status: 'running', sync_started_at: sql`now() - interval '3 hours'`, sync_alive_at: sql`now()` })
      .where('mailaccount_id', '=', id)
      .execute();
    expect(await takeLease(db, id)).toBe(false);
    await db.updateTable('mailaccounts').set({ sync_status: 'idle', ma_enabled: false }).where('mailaccount_id', '=', id).execute();
    expect(await takeLease(db, id)).toBe(false);
  });
});
