/**
 * Mails stored before content hashes (brand migration 0053) against a real Dovecot: a sync hashes
 * them from what was stored, to the value the sync gives a new mail, and the copies of a message
 * that two inboxes filed apart become one entry with one decision (backfill.ts).
 */
import { describe, expect, it } from 'vitest';
import type { MailRouting } from '../../../core/mail/routing/types';
import { uniqueName, useTestApp } from '../../test/helpers';
import { mailCalls, plumbingJob, sharedInbox, useDovecotBrand } from '../client/testKit';
import { routingDb } from '../routing/tables';
import { attachmentDb } from '../sync/attachmentTables';
import { syncAccount } from '../sync/syncAccount';

const t = useTestApp();
const as = mailCalls(t);
const kit = useDovecotBrand(t);
const job = () => plumbingJob(kit);
const inbox = () => sharedInbox(kit);
/** Each inbox's copy has its own delivery headers; the message carries a PDF. */
function delivered(to: string, o: { id: string; subject: string }): string {
  return [
    `Received: from mx.example by ${to}; ${new Date().toUTCString()}`,
    `Delivered-To: ${to}`,
    'From: Tenant <tenant@flat.example>',
    'To: office@test.example, accounts@test.example',
    `Subject: ${o.subject}`,
    `Message-ID: ${o.id}`,
    'Date: Mon, 02 Nov 2026 09:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Photos of the leak attached.',
    '--b1',
    'Content-Type: application/pdf; name="leak.pdf"',
    'Content-Disposition: attachment; filename="leak.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(`%PDF-1.4 ${o.id}\n%%EOF\n`).toString('base64'),
    '--b1--',
    '',
  ].join('\r\n');
}

async function copyOf(box: { id: number }, messageId: string) {
  const row = await kit.db
    .selectFrom('mails')
    .select(['ma_id', 'ma_content_hash'])
    .where('mailaccount_id', '=', box.id)
    .where('message_id', '=', messageId)
    .executeTakeFirstOrThrow();
  return { ma_id: Number(row.ma_id), hash: row.ma_content_hash };
}

type Inbox = Awaited<ReturnType<typeof sharedInbox>>;

/** Delivered to both inboxes and synced; then made to look stored before 0053: no hash. Each message's two copies. */
async function storedBeforeHashes(office: Inbox, accounts: Inbox, messages: { id: string; subject: string }[]) {
  for (const m of messages) {
    await office.put(delivered(office.user, m));
    await accounts.put(delivered(accounts.user, m));
  }
  await syncAccount(kit.db, office.id);
  await syncAccount(kit.db, accounts.id);
  const copies = [];
  for (const m of messages) copies.push({ first: await copyOf(office, m.id), second: await copyOf(accounts, m.id) });
  await kit.db
    .updateTable('mails')
    .set({ ma_content_hash: null })
    .where(
      'message_id',
      'in',
      messages.map((m) => m.id),
    )
    .execute();
  return copies;
}

/** What the router did for each inbox on its own before copies were known. */
async function routedApart(maId: number, reason: 'subject_number' | 'unrouted', jobId?: number) {
  await routingDb(kit.db)
    .insertInto('mail_routing')
    .values({ ma_id: maId, mr_reason: reason, mr_params: '{}', mr_suggestions: '[]' })
    .onConflict((oc) => oc.column('ma_id').doNothing())
    .execute();
  if (jobId)
    await kit.db
      .insertInto('mail_job_links')
      .values({ ma_id: maId, job_id: jobId, mjl_reason: reason })
      .onConflict((oc) => oc.columns(['ma_id', 'job_id']).doNothing())
      .execute();
}

const linkRows = (messageId: string) =>
  kit.db
    .selectFrom('mail_job_links as l')
    .innerJoin('mails as m', 'm.ma_id', 'l.ma_id')
    .select(['l.job_id', 'l.ma_id'])
    .where('m.message_id', '=', messageId)
    .execute();

describe('content hashes for mails stored before them', () => {
  it('hashes old mails to the value the sync gives, and files the copies of a message once', async () => {
    const office = await inbox();
    const accounts = await inbox();
    const leak = await job();
    const id = `<leak-${uniqueName('m')}@flat.example>`;
    const [{ first, second }] = await storedBeforeHashes(office, accounts, [{ id, subject: `Leak ${leak.job_number}` }]);
    expect(first.hash).toBe(second.hash);
    expect(first.hash).toEqual(expect.any(String));
    await routedApart(second.ma_id, 'subject_number', leak.job_id);
    expect(await linkRows(id)).toHaveLength(2);

    await syncAccount(kit.db, office.id);
    await syncAccount(kit.db, accounts.id);

    expect((await copyOf(office, id)).hash).toBe(first.hash);
    expect((await copyOf(accounts, id)).hash).toBe(first.hash);
    expect(await linkRows(id)).toEqual([{ job_id: leak.job_id, ma_id: first.ma_id }]);
    const op = await as(kit.brand.host);
    const listed = await op('GET', `mails/getmailsbyjobid/${leak.job_id}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.mails.data).toEqual([
      expect.objectContaining({
        ma_id: first.ma_id,
        accounts: [
          { ma_id: first.ma_id, mailaccount_id: office.id },
          { ma_id: second.ma_id, mailaccount_id: accounts.id },
        ],
      }),
    ]);
    const routing = await op('GET', `mails/${second.ma_id}/routing`);
    expect(routing.json.mails.data as MailRouting).toMatchObject({ job_ids: [leak.job_id], reason: 'subject_number', by: 'router' });
  });

  it('shows a message both inboxes left unrouted once in triage, and keeps a filing made by hand on the later copy', async () => {
    const office = await inbox();
    const accounts = await inbox();
    const boiler = await job();
    const op = await as(kit.brand.host);
    const count = async () => (await op('GET', 'mails/unrouted/count')).json.mails.data.count as number;
    const triage = async () => (await op('POST', 'mails/unrouted/filter', { limit: 100 })).json.mails.data as { ma_id: number }[];

    const unrouted = `<noise-${uniqueName('m')}@flat.example>`;
    const filed = `<filed-${uniqueName('m')}@flat.example>`;
    const [a, b] = await storedBeforeHashes(office, accounts, [
      { id: unrouted, subject: 'Question about the bill' },
      { id: filed, subject: 'The boiler again' },
    ]);
    await routedApart(a.second.ma_id, 'unrouted');
    await routedApart(b.second.ma_id, 'unrouted');
    const byHand = await op('POST', 'mails/assignjob', { ma_id: b.second.ma_id, job_id: boiler.job_id, mode: 'add' });
    expect(byHand.status, byHand.text).toBe(200);
    const before = await count();
    expect((await triage()).map((r) => r.ma_id)).toContain(b.first.ma_id);
    expect((await triage()).filter((r) => [a.first.ma_id, a.second.ma_id].includes(r.ma_id))).toHaveLength(2);

    await syncAccount(kit.db, office.id);
    await syncAccount(kit.db, accounts.id);

    expect((await triage()).filter((r) => [a.first.ma_id, a.second.ma_id].includes(r.ma_id))).toEqual([expect.objectContaining({ ma_id: a.first.ma_id })]);
    // The duplicate entry is gone, and so is the message a person filed from the other inbox.
    expect((await triage()).map((r) => r.ma_id)).not.toContain(b.first.ma_id);
    expect(await count()).toBe(before - 2);
    expect(await linkRows(filed)).toEqual([{ job_id: boiler.job_id, ma_id: b.first.ma_id }]);
    const routing = await op('GET', `mails/${b.first.ma_id}/routing`);
    expect(routing.json.mails.data as MailRouting).toMatchObject({ job_ids: [boiler.job_id], by: expect.objectContaining({ name: expect.any(String) }) });
  });

  it('leaves a mail whose attachment bytes are gone on its own, and does not read it again', async () => {
    const office = await inbox();
    const accounts = await inbox();
    const id = `<gone-${uniqueName('m')}@flat.example>`;
    const [{ first, second }] = await storedBeforeHashes(office, accounts, [{ id, subject: 'Invoice attached' }]);
    await attachmentDb(kit.db).updateTable('mail_attachments').set({ file_id: null }).where('ma_id', '=', first.ma_id).execute();

    await syncAccount(kit.db, office.id);
    await syncAccount(kit.db, accounts.id);

    const mark = (await copyOf(office, id)).hash;
    expect(mark).not.toBe(first.hash);
    expect((await copyOf(accounts, id)).hash).toBe(second.hash);
    const op = await as(kit.brand.host);
    const thread = await op('GET', `mails/${second.ma_id}/thread`);
    expect(thread.status, thread.text).toBe(200);
    await syncAccount(kit.db, office.id);
    expect((await copyOf(office, id)).hash).toBe(mark);
  });
});
