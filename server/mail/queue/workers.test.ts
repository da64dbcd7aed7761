/** The pg-boss mail workers against Dovecot: new mail arrives by itself, the queue dedupes, two processes never sync one account at once. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { brandDb, type RootDb } from '../../db/types';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { createTestBrand, testDb, uniqueName } from '../../test/helpers';
import { leaseSeconds } from '../sync/lease';
import { createTestAccount, rawMail, withMailbox } from '../sync/testMailbox';
import { mailDb, type MailDb } from '../tables';
import { enabledAccounts, MAIL_SYNC_QUEUE, startMailWorkers, type MailWorkerOptions, type MailWorkers } from './workers';

let root: RootDb;
let db: MailDb;
let schema: string;
let dovecot: Dovecot;
/**
 * This file's own queue, and only this brand's accounts: by the time it runs, earlier files have left enabled
 * accounts on Dovecots long stopped, and jobs in the shared queue, which would stand in line before this file's.
 */
const bossSchema = uniqueName('pgboss_workers').replace(/-/g, '_');
const running: MailWorkers[] = [];
type Sync = { process: string; schema: string; accountId: number; startedAt: number; endedAt: number; ran: boolean; heldFrom?: number; heldUntil?: number };
const syncs: Sync[] = [];
/** Called as each sync ends (before the next can take the account), for checks made right then. */
let afterSync: ((s: Sync) => void) | null = null;
/** Each timeout the tickers asked for: the process, the delay, and whether it has fired. */
const ticks: { process: string; delayMs: number; fired: boolean }[] = [];

beforeAll(async () => {
  root = testDb();
  const brand = await createTestBrand(root);
  schema = brand.schema;
  db = mailDb(brandDb(root, schema));
  dovecot = await startDovecot();
}, 60_000);

afterAll(async () => {
  for (const w of running) await w.stop().catch(() => undefined);
  await dovecot?.stop();
  await sql`drop schema if exists ${sql.id(bossSchema)} cascade`.execute(root);
  await root?.destroy();
});

async function workers(name: string, concurrency: number, intervalMs: number, idle: Partial<MailWorkerOptions> = { watchIdle: false }): Promise<MailWorkers> {
  const w = await startMailWorkers({
    ...idle,
    root,
    bossSchema,
    accounts: async () => (await enabledAccounts(root)).filter((a) => a.schema === schema),
    connectionString: inject('databaseUrl'),
    intervalMs,
    concurrency,
    pollingIntervalSeconds: 0.5,
    onSynced: (info) => {
      syncs.push({ process: name, ...info });
      afterSync?.({ process: name, ...info });
    },
    onError: () => undefined,
    tickTimer: (run, delayMs) => {
      const tick = { process: name, delayMs, fired: false };
      ticks.push(tick);
      return setTimeout(() => {
        tick.fired = true;
        run();
      }, delayMs);
    },
  });
  running.push(w);
  return w;
}

async function waitFor(check: () => Promise<boolean>, ms = 20_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe('mail sync workers', () => {
  it('keeps one queued sync per account however often it is asked', async () => {
    // No workers here: the jobs stay queued, so the dedupe is visible.
    const idle = await workers('idle', 0, 3_600_000);
    const accountId = 2_000_000_000;
    const results = await Promise.all([idle.enqueue(schema, accountId), idle.enqueue(schema, accountId), idle.enqueue(schema, accountId)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await idle.enqueue(schema, accountId + 1)).toBe(true);
    const queued = await root
      .selectFrom(`${bossSchema}.job`)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('name', '=', MAIL_SYNC_QUEUE)
      .where('singleton_key', '=', `${schema}:${accountId}`)
      .where('state', '=', 'created')
      .executeTakeFirstOrThrow();
    expect(Number(queued.n)).toBe(1);
    await idle.stop();
  });

  it('brings a mail appended on the server into `mails` within seconds, and two processes never sync one account at once', async () => {
    const user = `${uniqueName('box')}@test.example`;
    const accountId = await createTestAccount(db, dovecot, user, 'pw-1');
    await withMailbox(dovecot, user, 'pw-1', async (c) => {
      for (let i = 0; i < 20; i += 1) await c.append('INBOX', rawMail({ subject: `Backlog ${i}` }));
    });
    // Two "processes": separate pg-boss instances and pools on one database, ticking every second.
    const a = await workers('a', 2, 1000);
    const b = await workers('b', 2, 1000);
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('mails')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('mailaccount_id', '=', accountId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await waitFor(async () => (await count()) === 20)).toBe(true);

    const subject = `Arrived ${Date.now()}`;
    const arrived = async () =>
      !!(await db.selectFrom('mails').select('ma_id').where('mailaccount_id', '=', accountId).where('mail_subject', '=', subject).executeTakeFirst());
    await withMailbox(dovecot, user, 'pw-1', (c) => c.append('INBOX', rawMail({ subject })));
    const appended = Date.now();
    // Nobody asks for a sync here: the tickers do. "Within seconds" is "by the next sync": the
    // first sync that took the account after the append must have brought the mail, checked as
    // that sync ends (counts and order, not this machine's speed).
    const firstAfter: Promise<boolean>[] = [];
    afterSync = (s) => {
      if (s.schema === schema && s.accountId === accountId && s.ran && s.heldFrom! >= appended && !firstAfter.length) firstAfter.push(arrived());
    };
    expect(await waitFor(async () => firstAfter.length > 0, 30_000)).toBe(true);
    afterSync = null;
    expect(await firstAfter[0]).toBe(true);
    // Each process ticks every intervalMs (1 s here), again and again (on a fast machine the syncs above
    // can be over before one of them has ticked: its first tick is waited for, not assumed).
    for (const name of ['a', 'b']) {
      expect(await waitFor(async () => ticks.some((t) => t.process === name && t.fired), 10_000), name).toBe(true);
      const own = ticks.filter((t) => t.process === name);
      expect(
        own.every((t) => t.delayMs === 1000),
        name,
      ).toBe(true);
    }

    // Let a few more ticks run on both processes, then check that the real syncs never overlapped.
    const seen = syncs.length;
    expect(await waitFor(async () => syncs.filter((s, i) => i >= seen && s.schema === schema && s.accountId === accountId).length >= 4, 30_000)).toBe(true);
    // Other test files' brands have accounts with the same ids: this brand's schema only.
    const ran = syncs.filter((s) => s.schema === schema && s.accountId === accountId && s.ran).sort((x, y) => x.heldFrom! - y.heldFrom!);
    expect(ran.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < ran.length; i += 1) expect(ran[i].heldFrom).toBeGreaterThanOrEqual(ran[i - 1].heldUntil!);
    expect(await count()).toBe(21);
    // Both share the queue with the next tests' workers: left running, they would take those tests' jobs
    // and tick their accounts every second.
    await Promise.all([a.stop(), b.stop()]);
  }, 60_000);

  it('with the IDLE watcher, a mail appended to INBOX is synced within seconds, long before the next tick', async () => {
    const user = `${uniqueName('idle')}@test.example`;
    const accountId = await createTestAccount(db, dovecot, user, 'pw-1');
    await withMailbox(dovecot, user, 'pw-1', (c) => c.append('INBOX', rawMail({ subject: 'Before watching' })));
    const has = (subject: string) => async () =>
      !!(await db.selectFrom('mails').select('ma_id').where('mailaccount_id', '=', accountId).where('mail_subject', '=', subject).executeTakeFirst());
    // The ticker runs once at start and then not for an hour: only IDLE can bring the next mail.
    let watched = false;
    const w = await workers('idle-watch', 1, 3_600_000, { watchAccounts: async () => [{ schema, accountId }], onIdleOpen: () => void (watched = true) });
    expect(await waitFor(has('Before watching'), 30_000)).toBe(true);
    // The start's own sync goes on after INBOX (more batches, the other folders) and would bring a mail appended
    // meanwhile: let it end, so that the next mail can only come by a sync that IDLE asked for.
    const ownSyncs = () => syncs.filter((s) => s.process === 'idle-watch' && s.schema === schema && s.accountId === accountId && s.ran);
    expect(await waitFor(async () => ownSyncs().length > 0, 30_000)).toBe(true);
    const startSyncEnd = ownSyncs()[0].heldUntil!;
    // From the moment its INBOX is open, the watcher reports every change.
    expect(await waitFor(async () => watched, 30_000)).toBe(true);
    const subject = `Pushed ${Date.now()}`;
    await withMailbox(dovecot, user, 'pw-1', (c) => c.append('INBOX', rawMail({ subject })));
    expect(await waitFor(has(subject), 30_000)).toBe(true);
    // Long before the next tick: the ticker asked for an hour and has not fired since its start,
    // so the sync that brought the mail (one that took the account after the start's sync) was IDLE's.
    const own = ticks.filter((t) => t.process === 'idle-watch');
    expect(own.map((t) => t.delayMs)).toEqual([3_600_000]);
    expect(own[0].fired).toBe(false);
    // The mail is committed while that sync goes on to the other folders: wait for it to end. Under load it may
    // have taken the account before the append (IDLE had reported an earlier change) and read INBOX after it, and
    // the append's own notice then found a sync already waiting: it is a later sync than the start's all the same.
    const idleSync = async () => ownSyncs().some((s) => s.heldFrom! >= startSyncEnd);
    expect(await waitFor(idleSync, 30_000)).toBe(true);
    await w.stop();
  }, 60_000);

  it('a sync asked for while another sync holds the account runs once that one is done', async () => {
    const user = `${uniqueName('busy')}@test.example`;
    const accountId = await createTestAccount(db, dovecot, user, 'pw-1');
    await withMailbox(dovecot, user, 'pw-1', (c) => c.append('INBOX', rawMail({ subject: 'Waited' })));
    // Another process's long sync holds the lease: started 20 minutes ago, renewed just now.
    await db
      .updateTable('mailaccounts')
      .set({ sync_status: 'running', sync_started_at: sql`now() - interval '20 minutes'`, sync_alive_at: sql`now()` })
      .where('mailaccount_id', '=', accountId)
      .execute();
    const w = await workers('busy', 1, 3_600_000);
    await w.enqueue(schema, accountId);
    const has = async () => !!(await db.selectFrom('mails').select('ma_id').where('mailaccount_id', '=', accountId).executeTakeFirst());
    await new Promise((r) => setTimeout(r, 2000));
    expect(await has()).toBe(false);
    await db.updateTable('mailaccounts').set({ sync_status: 'idle' }).where('mailaccount_id', '=', accountId).execute();
    expect(await waitFor(has, 15_000)).toBe(true);
    await w.stop();
  }, 60_000);

  it('an account whose sync stopped renewing its lease (a process killed mid-sync) is synced by another worker', async () => {
    const user = `${uniqueName('orphan')}@test.example`;
    const accountId = await createTestAccount(db, dovecot, user, 'pw-1');
    await withMailbox(dovecot, user, 'pw-1', (c) => c.append('INBOX', rawMail({ subject: 'Taken over' })));
    // The row still says running, but its holder last renewed the lease longer ago than the lease lasts.
    await db
      .updateTable('mailaccounts')
      .set({
        sync_status: 'running',
        sync_started_at: sql`now() - interval '2 minutes'`,
        sync_alive_at: sql`now() - make_interval(secs => ${leaseSeconds() + 1})`,
      })
      .where('mailaccount_id', '=', accountId)
      .execute();
    const w = await workers('orphan', 1, 3_600_000);
    await w.enqueue(schema, accountId);
    const state = async () => {
      const mail = await db.selectFrom('mails').select('mail_subject').where('mailaccount_id', '=', accountId).executeTakeFirst();
      const row = await db.selectFrom('mailaccounts').select('sync_status').where('mailaccount_id', '=', accountId).executeTakeFirstOrThrow();
      return { subject: mail?.mail_subject ?? null, status: row.sync_status };
    };
    expect(await waitFor(async () => (await state()).status === 'idle', 15_000)).toBe(true);
    expect(await state()).toEqual({ subject: 'Taken over', status: 'idle' });
    await w.stop();
  }, 60_000);
});
