/**
 * One copy across shared inboxes (issue 30) against a real Dovecot: the same message delivered to
 * two accounts of the brand is filed once, listed on its job once with both accounts, and a
 * reused Message-ID with other content stays a mail of its own.
 */
import { describe, expect, it } from 'vitest';
import type { MailRouting } from '../../../core/mail/routing/types';
import { uniqueName, useTestApp } from '../../test/helpers';
import { mailCalls, plumbingJob, sharedInbox, useDovecotBrand } from '../client/testKit';
import { syncAccount } from '../sync/syncAccount';
import { withMailbox } from '../sync/testMailbox';

const t = useTestApp();
const as = mailCalls(t);
const kit = useDovecotBrand(t);
const job = () => plumbingJob(kit);
const inbox = () => sharedInbox(kit);
/** Delivered as an MTA would: each inbox's copy has its own Received and Delivered-To headers. */
function delivered(to: string, o: { id: string; subject: string; text: string }): string {
  return [
    `Received: from mx.example by ${to}; ${new Date().toUTCString()}`,
    `Delivered-To: ${to}`,
    'From: Tenant <tenant@flat.example>',
    'To: office@test.example, accounts@test.example',
    `Subject: ${o.subject}`,
    `Message-ID: ${o.id}`,
    'Date: Mon, 02 Nov 2026 09:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    o.text,
    '',
  ].join('\r\n');
}

async function copyOf(box: { id: number }, messageId: string) {
  const row = await kit.db
    .selectFrom('mails')
    .select('ma_id')
    .where('mailaccount_id', '=', box.id)
    .where('message_id', '=', messageId)
    .executeTakeFirstOrThrow();
  return Number(row.ma_id);
}

/** Two shared inboxes the operator reads, the message delivered to both and synced: its first and second copy. */
async function inBothInboxes(message: { id: string; subject: string; text: string }) {
  const office = await inbox();
  const accounts = await inbox();
  await office.put(delivered(office.user, message));
  await accounts.put(delivered(accounts.user, message));
  await syncAccount(kit.db, office.id);
  await syncAccount(kit.db, accounts.id);
  return { office, accounts, first: await copyOf(office, message.id), second: await copyOf(accounts, message.id) };
}

/** Link rows held by any stored copy of the message. */
async function linkRows(messageId: string) {
  return kit.db
    .selectFrom('mail_job_links as l')
    .innerJoin('mails as m', 'm.ma_id', 'l.ma_id')
    .select(['l.job_id', 'l.ma_id'])
    .where('m.message_id', '=', messageId)
    .execute();
}

type JobRow = { ma_id: number; mailaccount_id: number; accounts: { ma_id: number; mailaccount_id: number }[] };

describe('one copy across shared inboxes', () => {
  it('files a message that reached two inboxes once: one link per job, one entry on the job with both accounts, the same reason from either copy', async () => {
    const leak = await job();
    const id = `<leak-${uniqueName('m')}@flat.example>`;
    const { office, accounts, first, second } = await inBothInboxes({ id, subject: `Leak under the sink ${leak.job_number}`, text: 'It drips again.' });

    expect(await linkRows(id)).toEqual([{ job_id: leak.job_id, ma_id: first }]);
    const op = await as(kit.brand.host);
    for (const maId of [first, second]) {
      const routing = await op('GET', `mails/${maId}/routing`);
      expect(routing.status, routing.text).toBe(200);
      expect(routing.json.mails.data as MailRouting).toMatchObject({
        ma_id: maId,
        job_ids: [leak.job_id],
        reason: 'subject_number',
        reason_text: `the subject names ${leak.job_number}`,
        by: 'router',
      });
    }
    const listed = await op('GET', `mails/getmailsbyjobid/${leak.job_id}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.mails.data as JobRow[]).toEqual([
      expect.objectContaining({
        ma_id: first,
        mailaccount_id: office.id,
        job_id: leak.job_id,
        accounts: [
          { ma_id: first, mailaccount_id: office.id },
          { ma_id: second, mailaccount_id: accounts.id },
        ],
      }),
    ]);
    // The second inbox's copy is the job's mail too: neither deleted nor marked as spam.
    expect((await op('PATCH', `mails/${second}`, { is_spam: true })).status).toBe(409);

    // Filed by hand from the second inbox: still one link per job, and the first copy says so.
    const boiler = await job();
    const added = await op('POST', 'mails/assignjob', { ma_id: second, job_id: boiler.job_id, mode: 'add' });
    expect(added.status, added.text).toBe(200);
    expect(added.json.mails.data).toMatchObject({ ma_id: second, job_ids: [leak.job_id, boiler.job_id] });
    expect((await linkRows(id)).map((l) => [l.job_id, l.ma_id])).toEqual(
      expect.arrayContaining([
        [leak.job_id, first],
        [boiler.job_id, first],
      ]),
    );
    expect(await linkRows(id)).toHaveLength(2);
    expect((await op('GET', `mails/${first}/routing`)).json.mails.data).toMatchObject({ job_ids: [leak.job_id, boiler.job_id], reason: 'manual' });
  });

  it('waits in triage once, also for a user who reads only the second inbox, and is filed once from there', async () => {
    const leak = await job();
    const id = `<question-${uniqueName('m')}@flat.example>`;
    const { office, accounts, first, second } = await inBothInboxes({ id, subject: 'A question about my repair', text: 'Who should I ask?' });
    const admin = await kit.db.selectFrom('users').select('us_id').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    await kit.db.insertInto('mailaccount_users').values({ mailaccount_id: accounts.id, us_id: admin.us_id }).execute();

    const waiting = async (call: Awaited<ReturnType<typeof as>>) => {
      const res = await call('POST', 'mails/unrouted/filter', { mailaccount_ids: [office.id, accounts.id], limit: 100 });
      expect(res.status, res.text).toBe(200);
      return (res.json.mails.data as { ma_id: number; mailaccount_id: number }[]).map((r) => ({ ma_id: r.ma_id, mailaccount_id: r.mailaccount_id }));
    };
    const count = async (call: Awaited<ReturnType<typeof as>>) => (await call('GET', 'mails/unrouted/count')).json.mails.data.count as number;
    const operator = await as(kit.brand.host);
    const onlySecond = await as(kit.brand.host, 'admin@demo.test');
    // The operator reads both inboxes: the message once, through its first copy.
    expect(await waiting(operator)).toEqual([{ ma_id: first, mailaccount_id: office.id }]);
    // The admin reads only the second: the same message through the copy there.
    expect(await waiting(onlySecond)).toEqual([{ ma_id: second, mailaccount_id: accounts.id }]);
    const before = { operator: await count(operator), admin: await count(onlySecond) };
    expect(before.admin).toBe(1);

    const filed = await onlySecond('POST', 'mails/unrouted/file', { ma_ids: [second], job_id: leak.job_id });
    expect(filed.status, filed.text).toBe(200);
    // One link, held by the first copy; both copies say who filed it; neither waits any more.
    expect(await linkRows(id)).toEqual([{ job_id: leak.job_id, ma_id: first }]);
    for (const maId of [first, second])
      expect((await operator('GET', `mails/${maId}/routing`)).json.mails.data).toMatchObject({ job_ids: [leak.job_id], reason: 'manual' });
    expect(await waiting(operator)).toEqual([]);
    expect(await waiting(onlySecond)).toEqual([]);
    expect(await count(operator)).toBe(before.operator - 1);
    expect(await count(onlySecond)).toBe(0);
  });

  it('keeps a conversation whole across inboxes: a reply that reached only the second inbox joins the first copy’s thread, each message once', async () => {
    const leak = await job();
    const id = `<ask-${uniqueName('m')}@flat.example>`;
    const { office, accounts, first, second } = await inBothInboxes({ id, subject: `Boiler noise ${leak.job_number}`, text: 'It bangs at night.' });
    const replyId = `<answer-${uniqueName('m')}@flat.example>`;
    const reply = [
      'From: Tenant <tenant@flat.example>',
      `To: ${accounts.user}`,
      `Subject: Re: Boiler noise ${leak.job_number}`,
      `Message-ID: ${replyId}`,
      `In-Reply-To: ${id}`,
      `References: ${id}`,
      'Date: Mon, 02 Nov 2026 10:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Still banging.',
      '',
    ].join('\r\n');
    await accounts.put(reply);
    await syncAccount(kit.db, accounts.id);
    const answer = await copyOf(accounts, replyId);

    const threads = await kit.db.selectFrom('mails').select('thread_id').where('ma_id', 'in', [first, second, answer]).execute();
    expect(threads.map((r) => Number(r.thread_id))).toEqual([first, first, first]);
    const op = await as(kit.brand.host);
    type Row = JobRow & { thread_id: number };
    const conversation = async (maId: number) => {
      const res = await op('GET', `mails/${maId}/thread`);
      expect(res.status, res.text).toBe(200);
      return (res.json.mails.data as Row[]).map((r) => [r.ma_id, r.accounts.map((a) => a.mailaccount_id)]);
    };
    // Opened in the first inbox: the question from there (it reached both), then the answer.
    expect(await conversation(first)).toEqual([
      [first, [office.id, accounts.id]],
      [answer, [accounts.id]],
    ]);
    // Opened in the second inbox: the question shown from its copy there.
    expect(await conversation(answer)).toEqual([
      [second, [office.id, accounts.id]],
      [answer, [accounts.id]],
    ]);
    // The job's E-mails tab groups by thread: one conversation, newest first.
    const onJob = (await op('GET', `mails/getmailsbyjobid/${leak.job_id}`)).json.mails.data as Row[];
    expect(onJob.map((r) => [r.ma_id, r.thread_id])).toEqual([
      [answer, first],
      [first, first],
    ]);
  });

  it('keeps a reused Message-ID with other content apart: routed on its own, listed on its own job only', async () => {
    const office = await inbox();
    const accounts = await inbox();
    const a = await job();
    const b = await job();
    const id = `<reused-${uniqueName('m')}@cheap-mailer.example>`;
    await office.put(delivered(office.user, { id, subject: `Quote ${a.job_number}`, text: 'About the first job.' }));
    await accounts.put(delivered(accounts.user, { id, subject: `Invoice query ${b.job_number}`, text: 'Something else entirely.' }));
    await syncAccount(kit.db, office.id);
    await syncAccount(kit.db, accounts.id);

    expect((await linkRows(id)).map((l) => [l.job_id, l.ma_id]).sort()).toEqual(
      [
        [a.job_id, await copyOf(office, id)],
        [b.job_id, await copyOf(accounts, id)],
      ].sort(),
    );
    const op = await as(kit.brand.host);
    const onA = (await op('GET', `mails/getmailsbyjobid/${a.job_id}`)).json.mails.data as JobRow[];
    expect(onA.map((r) => r.accounts)).toEqual([[{ ma_id: await copyOf(office, id), mailaccount_id: office.id }]]);
    const onB = (await op('GET', `mails/getmailsbyjobid/${b.job_id}`)).json.mails.data as JobRow[];
    expect(onB.map((r) => r.mailaccount_id)).toEqual([accounts.id]);
  });

  it('keeps the job on the message when the first inbox loses its copy', async () => {
    const office = await inbox();
    const accounts = await inbox();
    const leak = await job();
    const id = `<gone-${uniqueName('m')}@flat.example>`;
    const message = { id, subject: `Still leaking ${leak.job_number}`, text: 'Any news?' };
    await office.put(delivered(office.user, message));
    await accounts.put(delivered(accounts.user, message));
    await syncAccount(kit.db, office.id);
    await syncAccount(kit.db, accounts.id);
    const second = await copyOf(accounts, id);

    await withMailbox(kit.dovecot, office.user, 'pw-1', async (c) => {
      await c.mailboxOpen('INBOX');
      await c.messageDelete('1:*');
    });
    await syncAccount(kit.db, office.id);
    expect(await kit.db.selectFrom('mails').select('ma_id').where('mailaccount_id', '=', office.id).execute()).toEqual([]);

    expect(await linkRows(id)).toEqual([{ job_id: leak.job_id, ma_id: second }]);
    const op = await as(kit.brand.host);
    expect((await op('GET', `mails/${second}/routing`)).json.mails.data).toMatchObject({ job_ids: [leak.job_id], reason: 'subject_number' });
    const listed = (await op('GET', `mails/getmailsbyjobid/${leak.job_id}`)).json.mails.data as JobRow[];
    expect(listed.map((r) => r.accounts)).toEqual([[{ ma_id: second, mailaccount_id: accounts.id }]]);
  });
});
