/** The Graph source against the fake Graph (providers/microsoft/mail*): nothing lost, nothing doubled, changes both ways. */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { startGraphMailTestServer, type GraphMailTestServer } from '../../../providers/microsoft/mailTestServer';
import { brandDb, type RootDb } from '../../db/types';
import { createTestBrand, testDb, uniqueName } from '../../test/helpers';
import { setMailDeleted } from '../client/serverDelete';
import { moveMail } from '../client/move';
import { rawMail } from '../sync/testMailbox';
import { enabledAccounts } from '../queue/workers';
import { pushFlags } from '../sync/pushFlags';
import { syncAccount } from '../sync/syncAccount';
import { mailDb, type MailDb } from '../tables';
import { graphAccount, setGraphAccessTokens } from './source';
import { syncGraphAccount } from './sync';
import { sendThroughGraph } from './writeBack';

let root: RootDb;
let db: MailDb;
let schema: string;
let fake: GraphMailTestServer;

beforeAll(async () => {
  root = testDb();
  const brand = await createTestBrand(root);
  schema = brand.schema;
  db = mailDb(brandDb(root, brand.schema));
  fake = await startGraphMailTestServer();
  // Each mailbox's token is its subject with a prefix (see newMailbox).
  setGraphAccessTokens(async (_db, _msa, accountId) => `token-${accountId}`, { graphUrl: fake.graphUrl });
}, 120_000);

afterAll(async () => {
  setGraphAccessTokens(null);
  await fake?.close();
  await root?.destroy();
});

afterEach(() => {
  expect(fake.violations).toEqual([]);
  fake.knobs.throttle(0);
  fake.knobs.latency(0);
});

async function newMailbox() {
  const subject = uniqueName('mbx');
  const account = await db
    .insertInto('mailaccounts')
    .values({ ma_name: subject, ma_email: `${subject}@sandbox.onmicrosoft.test`, ma_source: 'graph' })
    .returning('mailaccount_id')
    .executeTakeFirstOrThrow();
  const id = account.mailaccount_id;
  fake.allowToken(`token-${id}`, subject);
  const box = fake.knobs.state.mailbox(subject);
  return { id, subject, box };
}

const mailsOf = (id: number) => db.selectFrom('mails').selectAll().where('mailaccount_id', '=', id).orderBy('mail_date').orderBy('ma_id').execute();
const locationsOf = (id: number) =>
  db
    .selectFrom('mail_locations as l')
    .innerJoin('imapfolders as f', 'f.ifolder_id', 'l.ifolder_id')
    .innerJoin('mails as m', 'm.ma_id', 'l.ma_id')
    .select(['f.ifolder_path', 'f.ifolder_type', 'l.uid', 'l.ma_id', 'l.graph_id', 'm.mail_subject'])
    .where('f.mailaccount_id', '=', id)
    .orderBy('l.uid')
    .execute();
const mimeCalls = () => fake.knobs.calls.filter((c) => c.operationId === 'user_GetMessagesContent' && c.status === 200).length;
const linkOf = async (id: number, path: string) =>
  (await db.selectFrom('imapfolders').select('graph_delta_link').where('mailaccount_id', '=', id).where('ifolder_path', '=', path).executeTakeFirstOrThrow())
    .graph_delta_link;

describe('the Graph mail source', () => {
  it('is queued by the sync ticker like an IMAP account, without an IMAP IDLE watch', async () => {
    const box = await newMailbox();
    const listed = (await enabledAccounts(root)).filter((a) => a.schema === schema && a.accountId === box.id);
    expect(listed).toEqual([{ schema, accountId: box.id, idle: false }]);
  });

  it('first sync: every folder (child folders too) with its mail, parsed by the shared pipeline; a second sync fetches nothing', async () => {
    const box = await newMailbox();
    const inbox = fake.knobs.state.folder(box.box, 'inbox')!;
    const jobs = fake.knobs.state.addFolder(box.box, 'Jobs', inbox.id);
    fake.knobs.deliver(box.subject, rawMail({ subject: 'Boiler quote', messageId: '<gq1@client.example>', html: '<p>Hello <b>there</b></p>' }));
    fake.knobs.deliver(box.subject, rawMail({ subject: 'Re: Boiler quote', inReplyTo: '<gq1@client.example>' }), 'inbox', { isRead: true });
    fake.knobs.deliver(box.subject, rawMail({ subject: 'Job 42 photos' }), jobs.id);

    const first = await syncAccount(db, box.id);
    expect(first.error).toBeUndefined();
    expect(first.folders.Inbox).toMatchObject({ added: 2 });
    expect(first.folders['Inbox/Jobs']).toMatchObject({ added: 1 });
    const mails = await mailsOf(box.id);
    expect(mails.map((m) => m.mail_subject).sort()).toEqual(['Boiler quote', 'Job 42 photos', 'Re: Boiler quote']);
    const quote = mails.find((m) => m.mail_subject === 'Boiler quote')!;
    const reply = mails.find((m) => m.mail_subject === 'Re: Boiler quote')!;
    expect(quote.mail_html).toContain('<b>there</b>');
    expect(reply.thread_id).toBe(quote.thread_id);
    expect([quote.is_seen, reply.is_seen]).toEqual([false, true]);
    const folders = await db.selectFrom('imapfolders').selectAll().where('mailaccount_id', '=', box.id).execute();
    expect(Object.fromEntries(folders.map((f) => [f.ifolder_path, f.ifolder_type]))).toMatchObject({
      Inbox: 'inbox',
      'Sent Items': 'sent',
      'Deleted Items': 'trash',
      'Inbox/Jobs': 'other',
    });
    expect(folders.every((f) => f.graph_delta_link?.includes('$deltatoken='))).toBe(true);

    const before = mimeCalls();
    const again = await syncAccount(db, box.id);
    expect(again.folders.Inbox).toMatchObject({ added: 0, flagsUpdated: 0, removed: 0 });
    expect(mimeCalls()).toBe(before);
    expect(await mailsOf(box.id)).toHaveLength(3);
  });

  it('resumes a first sync after a stop at the page it reached, then takes only what is new', async () => {
    const box = await newMailbox();
    fake.knobs.seed(box.subject, 25);
    let pages = 0;
    const stopped = await syncGraphAccount(db, box.id, {
      pageSize: 10,
      onBatch: () => {
        pages += 1;
        if (pages === 1) throw new Error('the worker stopped');
      },
    });
    expect(stopped.folders.Inbox).toEqual({ error: 'the worker stopped' });
    expect(await mailsOf(box.id)).toHaveLength(10);
    expect(await linkOf(box.id, 'Inbox')).toContain('$skiptoken=');

    const before = mimeCalls();
    const resumed = await syncGraphAccount(db, box.id, { pageSize: 10 });
    expect(resumed.error).toBeUndefined();
    expect(resumed.folders.Inbox).toMatchObject({ added: 15 });
    expect(mimeCalls() - before).toBe(15);
    const mails = await mailsOf(box.id);
    expect(mails).toHaveLength(25);
    expect(new Set(mails.map((m) => m.message_id)).size).toBe(25);
    expect(await linkOf(box.id, 'Inbox')).toContain('$deltatoken=');

    fake.knobs.deliver(box.subject, rawMail({ subject: 'After the restart' }));
    const next = await syncGraphAccount(db, box.id, { pageSize: 10 });
    expect(next.folders.Inbox).toMatchObject({ added: 1 });
    expect(mimeCalls() - before).toBe(16);
    expect(await mailsOf(box.id)).toHaveLength(26);
  });

  it('reads the next delta page and downloads its mail while a page is parsed and stored; each mail is downloaded once', async () => {
    const box = await newMailbox();
    fake.knobs.seed(box.subject, 25);
    const before = mimeCalls();
    let waited = false;
    const result = await syncGraphAccount(db, box.id, {
      pageSize: 10,
      onBatch: async (added) => {
        if (added !== 10 || waited) return;
        waited = true;
        // Page 1 is stored; page 2 was read ahead meanwhile (a sync one page at a time would never get there while it waits here).
        await expect.poll(() => mimeCalls() - before, { timeout: 10_000 }).toBe(20);
      },
    });
    expect(result.error).toBeUndefined();
    expect(waited).toBe(true);
    expect(result.folders.Inbox).toMatchObject({ added: 25 });
    expect(mimeCalls() - before).toBe(25);
    const mails = await mailsOf(box.id);
    expect(new Set(mails.map((m) => m.message_id)).size).toBe(25);
  });

  it('a 410 restarts the folder from scratch without doubling anything, and drops what left it meanwhile', async () => {
    const box = await newMailbox();
    const seeded = fake.knobs.seed(box.subject, 5);
    await syncGraphAccount(db, box.id);
    const [gone] = seeded;
    fake.knobs.state.remove(box.box, gone);
    fake.knobs.deliver(box.subject, rawMail({ subject: 'Arrived before the reset' }));
    fake.knobs.expireDelta(box.subject, 'inbox');
    const before = mimeCalls();

    const result = await syncGraphAccount(db, box.id);
    expect(result.error).toBeUndefined();
    expect(fake.knobs.calls.some((c) => c.operationId === 'user.mailFolder.message_delta' && c.status === 410)).toBe(true);
    expect(mimeCalls() - before).toBe(1);
    const mails = await mailsOf(box.id);
    expect(mails).toHaveLength(5);
    expect(mails.map((m) => m.message_id)).not.toContain(gone.internetMessageId);
    expect(mails.map((m) => m.mail_subject)).toContain('Arrived before the reset');
    const inbox = (await locationsOf(box.id)).filter((l) => l.ifolder_path === 'Inbox');
    expect(inbox).toHaveLength(5);
    expect(new Set(inbox.map((l) => l.graph_id)).size).toBe(5);
  });

  it('a message moved to another folder is moved, not deleted (same row, no new download)', async () => {
    const box = await newMailbox();
    const [moved] = fake.knobs.seed(box.subject, 2);
    await syncGraphAccount(db, box.id);
    const row = (await mailsOf(box.id)).find((m) => m.message_id === moved.internetMessageId)!;
    fake.knobs.moveRemote(box.subject, moved.id, 'archive');
    const before = mimeCalls();

    const result = await syncGraphAccount(db, box.id);
    expect(result.error).toBeUndefined();
    expect(result.orphansRemoved).toBe(0);
    expect(mimeCalls()).toBe(before);
    const places = (await locationsOf(box.id)).filter((l) => Number(l.ma_id) === Number(row.ma_id));
    expect(places.map((p) => p.ifolder_path)).toEqual(['Archive']);
    expect(await mailsOf(box.id)).toHaveLength(2);
  });

  it('read and flagged set in the product go to Graph, and the next sync keeps them', async () => {
    const box = await newMailbox();
    const [m] = fake.knobs.seed(box.subject, 1);
    await syncGraphAccount(db, box.id);
    const row = (await mailsOf(box.id))[0];
    await pushFlags(db, Number(row.ma_id), { is_seen: true, is_flagged: true });
    expect([m.isRead, m.flagStatus]).toEqual([true, 'flagged']);
    await syncGraphAccount(db, box.id);
    expect((await mailsOf(box.id))[0]).toMatchObject({ is_seen: true, is_flagged: true });

    await pushFlags(db, Number(row.ma_id), { is_flagged: false });
    expect(m.flagStatus).toBe('notFlagged');
    // A change made in Outlook comes back by delta.
    fake.knobs.state.update(box.box, m, { isRead: false });
    const result = await syncGraphAccount(db, box.id);
    expect(result.folders.Inbox).toMatchObject({ flagsUpdated: 1 });
    expect((await mailsOf(box.id))[0]).toMatchObject({ is_seen: false, is_flagged: false });
  });

  it('a delete made in the product moves the message to Deleted Items on Graph; a move goes to the chosen folder', async () => {
    const box = await newMailbox();
    const [a, b] = fake.knobs.seed(box.subject, 2);
    await syncGraphAccount(db, box.id);
    const rows = await mailsOf(box.id);
    const rowA = rows.find((r) => r.message_id === a.internetMessageId)!;
    const rowB = rows.find((r) => r.message_id === b.internetMessageId)!;
    const link = { mailaccount_id: box.id, can_delete: true, can_send: true, has_incoming: true, msa_id: null, selected: true };

    await setMailDeleted(db, rowA, link, true);
    expect(a.folderId).toBe(fake.knobs.state.folder(box.box, 'deleteditems')!.id);
    const archive = await db
      .selectFrom('imapfolders')
      .select('ifolder_id')
      .where('mailaccount_id', '=', box.id)
      .where('ifolder_path', '=', 'Archive')
      .executeTakeFirstOrThrow();
    await moveMail(db, rowB, link, archive.ifolder_id);
    expect(b.folderId).toBe(fake.knobs.state.folder(box.box, 'archive')!.id);
    const where = async () => Object.fromEntries((await locationsOf(box.id)).map((l) => [l.mail_subject, l.ifolder_path]));
    expect(await where()).toEqual({ [rowA.mail_subject!]: 'Deleted Items', [rowB.mail_subject!]: 'Archive' });

    // The next sync sees the same moves from Graph's side: nothing doubled, nothing lost.
    const result = await syncGraphAccount(db, box.id);
    expect(result.error).toBeUndefined();
    expect(await where()).toEqual({ [rowA.mail_subject!]: 'Deleted Items', [rowB.mail_subject!]: 'Archive' });
    expect(await locationsOf(box.id)).toHaveLength(2);
    expect((await mailsOf(box.id)).find((r) => r.ma_id === rowA.ma_id)?.is_deleted).toBe(true);
  });

  it('sending uses sendMail: the message lands in Sent Items and the next sync files it there under its Message-ID', async () => {
    const box = await newMailbox();
    await syncGraphAccount(db, box.id);
    const account = (await graphAccount(db, box.id))!;
    const messageId = `<sent-${uniqueName('m')}@sandbox.onmicrosoft.test>`;
    await sendThroughGraph(db, account, {
      subject: 'Quote for job 42',
      html: '<p>Please find the quote attached.</p>',
      to: [{ name: 'Client', address: 'client@example.com' }],
      cc: [],
      bcc: [{ address: 'office@example.com' }],
      messageId,
      attachments: [{ filename: 'quote.txt', contentType: 'text/plain', content: Buffer.from('Quote: 100 GBP') }],
      replyTo: 'office+plb-000042@example.com',
    });
    const sent = fake.knobs.state.inFolder(box.box, fake.knobs.state.folder(box.box, 'sentitems')!.id);
    expect(sent.map((m) => [m.subject, m.internetMessageId])).toEqual([['Quote for job 42', messageId]]);
    // A job's mail asks for answers at the job's plus-address on Graph too.
    expect((await simpleParser(sent[0].mime)).replyTo?.value.map((a) => a.address)).toEqual(['office+plb-000042@example.com']);

    await syncGraphAccount(db, box.id);
    const places = await locationsOf(box.id);
    expect(places.map((p) => [p.ifolder_type, p.mail_subject])).toEqual([['sent', 'Quote for job 42']]);
    const [mail] = await mailsOf(box.id);
    expect(mail).toMatchObject({ message_id: messageId, is_seen: true, has_attachments: true });
    expect(mail.mail_bcc_arr).toEqual([{ name: '', address: 'office@example.com' }]);
  });

  it('a mail that cannot be parsed or stored never blocks the rest, and is not fetched again', async () => {
    await sql`create or replace function ${sql.id(schema, 'refuse_graph_poison')}() returns trigger language plpgsql as $$
      begin
        if new.mail_subject = 'Refused by the database (graph)' then raise exception 'poison row refused by trigger' using errcode = 'data_exception'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger refuse_graph_poison before insert on ${sql.id(schema, 'mails')} for each row execute function ${sql.id(schema, 'refuse_graph_poison')}()`.execute(
      db,
    );
    const box = await newMailbox();
    fake.knobs.deliver(box.subject, rawMail({ subject: 'Ordinary one' }));
    fake.knobs.deliver(box.subject, rawMail({ subject: 'Deeply nested', html: `<p>Hostile</p>${'<div>'.repeat(2500)}deep${'</div>'.repeat(2500)}` }));
    fake.knobs.deliver(box.subject, rawMail({ subject: 'Refused by the database (graph)' }));
    fake.knobs.deliver(box.subject, rawMail({ subject: 'Ordinary two' }));
    try {
      const result = await syncGraphAccount(db, box.id);
      expect(result.error).toBeUndefined();
      const mails = await mailsOf(box.id);
      expect(mails.map((m) => m.mail_subject).sort()).toEqual(['Deeply nested', 'Ordinary one', 'Ordinary two']);
      expect(mails.find((m) => m.mail_subject === 'Deeply nested')!.mail_partial).not.toBeNull();
      const skipped = await db
        .selectFrom('mail_skipped as s')
        .innerJoin('imapfolders as f', 'f.ifolder_id', 's.ifolder_id')
        .select(['s.reason', 's.graph_id'])
        .where('f.mailaccount_id', '=', box.id)
        .execute();
      expect(skipped).toHaveLength(1);
      expect(skipped[0].reason).toContain('poison row refused');
      expect(await linkOf(box.id, 'Inbox')).toContain('$deltatoken=');

      // A reset of the folder finds it skipped: not downloaded again.
      fake.knobs.expireDelta(box.subject, 'inbox');
      const before = mimeCalls();
      await syncGraphAccount(db, box.id);
      expect(mimeCalls()).toBe(before);
    } finally {
      await sql`drop trigger refuse_graph_poison on ${sql.id(schema, 'mails')}`.execute(db);
    }
  });

  it('a 429 blocks the mailbox in the rate budget until Retry-After; the next sync completes without doubles', async () => {
    const box = await newMailbox();
    fake.knobs.seed(box.subject, 6);
    await syncGraphAccount(db, box.id, { pageSize: 3 });
    fake.knobs.seed(box.subject, 4);
    fake.knobs.throttle(1, 30);
    const now = Date.now();
    const throttled = await syncGraphAccount(db, box.id, { pageSize: 3, clock: () => now });
    expect(throttled.error).toMatch(/rate limit/);
    expect(throttled.retryAt!.getTime()).toBeGreaterThanOrEqual(now + 29_000);
    const budget = await sql<{
      blocked_until: Date;
    }>`select blocked_until from global.provider_budget where scope_key = ${`microsoft:mail:${schema}:${box.id}`}`.execute(root);
    expect(budget.rows[0].blocked_until.getTime()).toBeGreaterThanOrEqual(now + 29_000);

    // Before Retry-After the budget refuses without calling Graph.
    const calls = fake.knobs.calls.length;
    const early = await syncGraphAccount(db, box.id, { pageSize: 3, clock: () => now + 5_000 });
    expect(early.error).toMatch(/budget/);
    expect(fake.knobs.calls.length).toBe(calls);

    const later = await syncGraphAccount(db, box.id, { pageSize: 3, clock: () => now + 31_000 });
    expect(later.error).toBeUndefined();
    const mails = await mailsOf(box.id);
    expect(mails).toHaveLength(10);
    expect(new Set(mails.map((m) => m.message_id)).size).toBe(10);
  });

  it('never has more than 4 requests of one mailbox in flight', async () => {
    const box = await newMailbox();
    fake.knobs.seed(box.subject, 24);
    fake.knobs.latency(40);
    const from = fake.knobs.calls.length;
    const result = await syncGraphAccount(db, box.id);
    expect(result.error).toBeUndefined();
    expect(await mailsOf(box.id)).toHaveLength(24);
    // Downloads overlap, never more than 4 (how many overlap at once depends on the machine's load).
    expect(fake.knobs.peakInFlight(box.subject)).toBeGreaterThan(1);
    expect(fake.knobs.peakInFlight(box.subject)).toBeLessThanOrEqual(4);
    expect(fake.knobs.calls.slice(from).filter((c) => c.status === 429)).toEqual([]);
  });
});
