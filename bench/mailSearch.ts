/**
 * BENCH_ONLY=mail (and the full `npm run bench`): the mail client's list and free-text search over
 * 100,000 mails of one account. The demo mailbox is copied up to that size in SQL, then each
 * query of POST mails/filter (listMails: rows, date groups and total) is timed many times.
 * Goal: search p99 under 100 ms.
 */
import { openDemoDatabase } from './demoDatabase';
import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { brandDb } from '../server/db/types';
import { listMails } from '../server/mail/client/mailList';
import { mailDb, type MailDb } from '../server/mail/tables';
import type { MailFilter } from '../core/mail/client/types';

const MAILS = Number(process.env.BENCH_SEARCH_MAILS ?? 100_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
const GOAL_MS = 100;

async function fill(db: MailDb, schema: string, accountId: number, inboxId: number, count: number): Promise<void> {
  const t = (name: string) => sql.id(schema, name);
  await sql`
    insert into ${t('mails')} (mailaccount_id, message_id, mail_subject, mail_from, mail_to_arr, mail_date, mail_text, mail_html, mail_size, is_seen, is_flagged)
    select m.mailaccount_id, '<bulk-' || g || '@bench.example>', m.mail_subject, m.mail_from, m.mail_to_arr,
           date_trunc('second', now()) - make_interval(mins => g * 3), m.mail_text || ' ref' || g, m.mail_html, m.mail_size, g % 7 <> 0, g % 53 = 0
    from generate_series(1, ${count}) g
    join (select row_number() over (order by ma_id) - 1 as rn, * from ${t('mails')} where mailaccount_id = ${accountId}) m
      on m.rn = g % (select count(*) from ${t('mails')} where mailaccount_id = ${accountId})`.execute(db);
  await sql`
    insert into ${t('mail_locations')} (ifolder_id, uid, uidvalidity, ma_id, mail_date)
    select ${inboxId}, 1000000 + row_number() over (order by ma_id), 1, ma_id, mail_date
    from ${t('mails')} where message_id like '<bulk-%'`.execute(db);
  await sql`analyze ${t('mails')}`.execute(db);
  await sql`analyze ${t('mail_locations')}`.execute(db);
}

/** Copies the demo's office@demo.test INBOX up to `count` more mails, in SQL. */
export async function fillDemoMailbox(db: MailDb, schema: string, count: number): Promise<{ accountId: number; inboxId: number }> {
  const account = await db.selectFrom('mailaccounts').select('mailaccount_id').where('ma_email', '=', 'office@demo.test').executeTakeFirstOrThrow();
  const inbox = await db
    .selectFrom('imapfolders')
    .select('ifolder_id')
    .where('mailaccount_id', '=', account.mailaccount_id)
    .where('ifolder_path', '=', 'INBOX')
    .executeTakeFirstOrThrow();
  await fill(db, schema, account.mailaccount_id, inbox.ifolder_id, count);
  return { accountId: account.mailaccount_id, inboxId: inbox.ifolder_id };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function time(fn: () => Promise<unknown>): Promise<{ p50: number; p99: number; rows: number }> {
  let rows = 0;
  for (let i = 0; i < 5; i += 1) await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    const out = (await fn()) as { rows: unknown[] };
    ms.push(performance.now() - start);
    rows = out.rows.length;
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p99: percentile(ms, 99), rows };
}

export async function runMailSearchBench(dataDir: string): Promise<void> {
  const { database, schema } = await openDemoDatabase(dataDir);
  try {
    const db = mailDb(brandDb(database.db, schema));
    const started = Date.now();
    const { accountId, inboxId } = await fillDemoMailbox(db, schema, MAILS);
    console.log(`\nmail search: ${MAILS} mails copied into the demo mailbox in ${Date.now() - started} ms`);

    const ids = [accountId];
    const base: Required<MailFilter> = {
      mailaccount_ids: ids,
      ifolder_id: null,
      stext: null,
      is_seen: null,
      is_flagged: null,
      is_deleted: false,
      before: null,
    };
    // The SPA asks pages without a total (a full page means more may follow).
    const first = { limit: 100, offset: 0, withTotal: false };
    const counted = { ...first, withTotal: true };
    const inboxOnly = { ...base, ifolder_id: inboxId };
    const [edge] = (await listMails(db, ids, inboxOnly, { limit: 1, offset: 4899, withTotal: false }, 'UTC')).rows;
    const before = { mail_date: edge.mail_date!, ma_id: edge.ma_id };
    const cases: [string, Required<MailFilter>, typeof first][] = [
      ['list, all folders, page 1', base, first],
      ['list, all folders, page 1 + total (not asked by the SPA)', base, counted],
      ['list, INBOX, page 1', { ...base, ifolder_id: inboxId }, first],
      ['list, INBOX, page 50 by offset 4,900', inboxOnly, { limit: 100, offset: 4900, withTotal: false }],
      ['list, INBOX, page 50 by keyset (what the SPA asks)', { ...inboxOnly, before }, first],
      ['unread only, page 1', { ...base, is_seen: false }, first],
      ['search "radiator" (common word)', { ...base, stext: 'radiator' }, first],
      ['search "radiator" + total (not asked by the SPA)', { ...base, stext: 'radiator' }, counted],
      ['search "ref4242" (one mail)', { ...base, stext: 'ref4242' }, first],
      ['search address tom@baxterplumbing.example', { ...base, stext: 'tom@baxterplumbing.example' }, first],
      ['search "csőtörés rákóczi" in INBOX', { ...base, ifolder_id: inboxId, stext: 'csőtörés rákóczi' }, first],
    ];
    console.log(`${'query'.padEnd(58)} ${'rows'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  goal`);
    for (const [name, filter, page] of cases) {
      const r = await time(() => listMails(db, ids, filter, page, 'Europe/London'));
      const search = filter.stext !== null && !page.withTotal;
      const goal = search ? `p99 < ${GOAL_MS} ms: ${r.p99 < GOAL_MS ? 'yes' : 'NO'}` : '';
      console.log(`${name.padEnd(58)} ${String(r.rows).padStart(5)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)}  ${goal}`);
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
