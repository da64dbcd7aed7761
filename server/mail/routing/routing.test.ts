/**
 * The router against a real Dovecot (issue 30): mails appended as another client would, then the
 * account's sync, which files them in its own transaction. Each rule, their order, another brand's
 * numbers, the triage list, and a person's decision surviving a re-sync.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { MailRouting } from '../../../core/mail/routing/types';
import { brandDb } from '../../db/types';
import type { Dovecot } from '../../test/dovecot';
import { createTestBrand, uniqueName, useTestApp, type TestBrand } from '../../test/helpers';
import { mailCalls, useDovecotBrand } from '../client/testKit';
import { syncAccount } from '../sync/syncAccount';
import { createTestAccount, withMailbox } from '../sync/testMailbox';
import type { MailDb } from '../tables';

const t = useTestApp();
const as = mailCalls(t);
const kit = useDovecotBrand(t);
let dovecot: Dovecot;
let brand: TestBrand;
let db: MailDb;
let deId: number;

beforeAll(() => {
  ({ dovecot, brand, db, deId } = kit);
});

let n = 0;
/** A job of the brand with a fresh number; `people` puts a client contact, property manager or site contact with that address on it. */
async function job(opts: { status?: string; client?: string; manager?: string; siteContact?: string; invoice?: string } = {}) {
  n += 1;
  const number = `PLB-${String(Math.floor(Math.random() * 900000) + 100000)}`;
  const raw = db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
  const co = opts.client
    ? await raw
        .insertInto('contacts')
        .values({ co_type: 'CLIENT', co_name: `Client ${n}`, co_email: opts.client })
        .returning('co_id')
        .executeTakeFirstOrThrow()
    : null;
  const pm = opts.manager
    ? await raw
        .insertInto('propertymanagers')
        .values({ pm_name: `Manager ${n}`, pm_email: opts.manager })
        .returning('pm_id')
        .executeTakeFirstOrThrow()
    : null;
  const jsc = opts.siteContact
    ? await raw
        .insertInto('jobsitecontacts')
        .values({ jsc_name: `Tenant ${n}`, jsc_email: opts.siteContact })
        .returning('jsc_id')
        .executeTakeFirstOrThrow()
    : null;
  const row = await raw
    .insertInto('jobs')
    .values({
      de_id: deId,
      job_number: number,
      job_status: opts.status ?? 'BOOKED',
      co_id: co?.co_id ?? null,
      pm_id: pm?.pm_id ?? null,
      jsc_id: jsc?.jsc_id ?? null,
    })
    .returning('job_id')
    .executeTakeFirstOrThrow();
  if (opts.invoice) await raw.insertInto('job_sales_sections').values({ job_id: row.job_id, xero_doc_number: opts.invoice }).execute();
  return { job_id: row.job_id as number, job_number: number };
}

async function mailbox() {
  const user = `${uniqueName('office')}@test.example`;
  const id = await createTestAccount(db, dovecot, user, 'pw-1');
  const operator = await db.selectFrom('users').select('us_id').where('email', '=', 'operator@demo.test').executeTakeFirstOrThrow();
  await db.insertInto('mailaccount_users').values({ mailaccount_id: id, us_id: operator.us_id }).execute();
  const put = (folder: string, raws: string[]) =>
    withMailbox(dovecot, user, 'pw-1', async (c) => {
      if (folder !== 'INBOX') await c.mailboxCreate(folder).catch(() => undefined);
      for (const r of raws) await c.append(folder, r);
    });
  return { id, user, put };
}

let counter = 0;
function mail(o: { subject: string; from?: string; to?: string; id?: string; inReplyTo?: string; references?: string; text?: string }): string {
  counter += 1;
  return [
    `From: ${o.from ?? 'Stranger <stranger@nowhere.example>'}`,
    `To: ${o.to ?? 'office@test.example'}`,
    `Subject: ${o.subject}`,
    `Message-ID: ${o.id ?? `<r${Date.now()}.${counter}@sender.example>`}`,
    `Date: ${new Date(Date.UTC(2026, 10, 2, 9, counter % 60)).toUTCString()}`,
    ...(o.inReplyTo ? [`In-Reply-To: ${o.inReplyTo}`] : []),
    ...(o.references ? [`References: ${o.references}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    o.text ?? 'Hello',
    '',
  ].join('\r\n');
}

async function routingOf(subject: string, accountId: number): Promise<MailRouting> {
  const row = await db
    .selectFrom('mails')
    .select('ma_id')
    .where('mailaccount_id', '=', accountId)
    .where('mail_subject', '=', subject)
    .executeTakeFirstOrThrow();
  const op = await as(brand.host);
  const res = await op('GET', `mails/${row.ma_id}/routing`);
  expect(res.status, res.text).toBe(200);
  return res.json.mails.data as MailRouting;
}

describe('mail routing on sync', () => {
  it('files by reply headers, plus-address, subject number, quote/invoice number and sender, in that order', async () => {
    const box = await mailbox();
    const linked = await job();
    const plus = await job();
    const named = await job();
    const invoiced = await job({ invoice: 'INV-7001', client: 'payables@client.example' });
    const tenant = await job({ siteContact: 'tenant@flat.example' });
    // A mail already on `linked` that the next mails answer.
    await box.put('INBOX', [mail({ subject: 'Original', id: '<orig@office.example>' })]);
    await syncAccount(db, box.id);
    const orig = await db.selectFrom('mails').select('ma_id').where('message_id', '=', '<orig@office.example>').executeTakeFirstOrThrow();
    await db.insertInto('mail_job_links').values({ ma_id: orig.ma_id, job_id: linked.job_id, mjl_reason: 'manual' }).execute();

    const plusTo = `${box.user.replace('@', `+${plus.job_number.toLowerCase()}@`)}`;
    await box.put('INBOX', [
      // (1) beats the subject's number and the sender's one open job.
      mail({ subject: `Re: Original ${named.job_number}`, from: 'tenant@flat.example', inReplyTo: '<orig@office.example>' }),
      // An Outlook reply with References only.
      mail({ subject: 'RE: Original', references: '<older@x.example> <orig@office.example>' }),
      // (2) beats the subject's number: the headers were dropped, the plus-address was not.
      mail({ subject: `About ${named.job_number}`, to: plusTo }),
      mail({ subject: `Fwd: leak at flat 3 [${named.job_number.toLowerCase()}]`, from: 'tenant@flat.example' }),
      mail({ subject: 'Remittance INV-7001', from: 'payables@client.example' }),
      // A supplier's own invoice number may be one of the brand's: from someone not on the job it is not filed.
      mail({ subject: 'Invoice INV-7001 for parts' }),
      mail({ subject: 'Dripping tap', from: 'Tenant <TENANT@flat.example>' }),
    ]);
    const synced = await syncAccount(db, box.id);
    expect(synced.error).toBeUndefined();

    expect(await routingOf(`Re: Original ${named.job_number}`, box.id)).toMatchObject({
      job_ids: [linked.job_id],
      reason: 'reply',
      reason_text: `a reply to a mail of ${linked.job_number}`,
      by: 'router',
    });
    expect(await routingOf('RE: Original', box.id)).toMatchObject({ job_ids: [linked.job_id], reason: 'reply' });
    expect(await routingOf(`About ${named.job_number}`, box.id)).toMatchObject({ job_ids: [plus.job_id], reason: 'plus_address' });
    const bySubject = await routingOf(`Fwd: leak at flat 3 [${named.job_number.toLowerCase()}]`, box.id);
    expect(bySubject).toMatchObject({ job_ids: [named.job_id], reason: 'subject_number', reason_text: `the subject names ${named.job_number}` });
    expect(bySubject.at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await routingOf('Remittance INV-7001', box.id)).toMatchObject({ job_ids: [invoiced.job_id], reason: 'subject_document' });
    expect(await routingOf('Invoice INV-7001 for parts', box.id)).toMatchObject({ job_ids: [], reason: 'unrouted' });
    expect(await routingOf('Dripping tap', box.id)).toMatchObject({
      job_ids: [tenant.job_id],
      reason: 'sender',
      reason_text: `the sender tenant@flat.example has one open job, ${tenant.job_number}`,
    });
  });

  it("never files by another brand's number, a number only in quoted text, or a sender with several or only closed jobs; triage suggests", async () => {
    const box = await mailbox();
    const first = await job({ manager: 'agent@lets.example' });
    const second = await job({ client: 'agent@lets.example' });
    await job({ status: 'COMPLETED', client: 'done@old.example' });
    await job({ status: 'CANCELLED', client: 'done@old.example' });
    // ELE-000012 is a real job, of another brand.
    const other = await createTestBrand(t.db);
    const otherDb = brandDb(t.db, other.schema);
    const ele = await sql<{
      de_id: number;
    }>`insert into ${sql.id(other.schema, 'departments')} (de_name, de_prefix) values ('Electrics', 'ELE') returning de_id`.execute(otherDb);
    await sql`insert into ${sql.id(other.schema, 'jobs')} (de_id, job_number, job_status) values (${ele.rows[0].de_id}, 'ELE-000012', 'BOOKED')`.execute(
      otherDb,
    );
    await box.put('INBOX', [
      mail({ subject: 'Your job ELE-000012 and PLB-0000001' }),
      mail({ subject: 'Thanks', text: `Thanks!\r\n\r\nOn Mon, 2 Nov 2026, Office wrote:\r\n> ${first.job_number} is booked` }),
      mail({ subject: 'Two jobs', from: 'agent@lets.example', text: `Please see ${second.job_number}` }),
      mail({ subject: 'Old customer', from: 'done@old.example' }),
    ]);
    await syncAccount(db, box.id);
    for (const subject of ['Your job ELE-000012 and PLB-0000001', 'Thanks', 'Two jobs', 'Old customer'])
      expect(await routingOf(subject, box.id)).toMatchObject({ job_ids: [], reason: 'unrouted', by: 'router' });

    const op = await as(brand.host);
    const triage = await op('POST', 'mails/unrouted/filter', { mailaccount_ids: [box.id] });
    expect(triage.status, triage.text).toBe(200);
    expect(triage.json.mails.metadata.totalCount).toBe(4);
    const two = (triage.json.mails.data as { mail_subject: string; suggestions: unknown[] }[]).find((r) => r.mail_subject === 'Two jobs')!;
    expect(two.suggestions).toEqual([
      { job_id: second.job_id, job_number: second.job_number, score: 0.6, reason: 'body_number' },
      { job_id: first.job_id, job_number: first.job_number, score: 0.2, reason: 'sender' },
    ]);
    expect((await op('POST', 'mails/unrouted/filter', { limit: 0 })).status).toBe(400);

    // One-click filing from triage is assignjob: the mail leaves the list, filed by the user.
    const ma = (triage.json.mails.data as { ma_id: number; mail_subject: string }[]).find((r) => r.mail_subject === 'Two jobs')!.ma_id;
    expect((await op('POST', 'mails/assignjob', { ma_id: ma, job_id: second.job_id })).status).toBe(200);
    const after = await op('POST', 'mails/unrouted/filter', { mailaccount_ids: [box.id] });
    expect(after.json.mails.metadata.totalCount).toBe(3);
    expect(await routingOf('Two jobs', box.id)).toMatchObject({
      job_ids: [second.job_id],
      reason: 'manual',
      reason_text: `filed to ${second.job_number} by hand`,
      by: { name: expect.any(String) },
    });
  });

  it('keeps a manual unlink and relink through a re-sync of the folder', async () => {
    const box = await mailbox();
    const a = await job();
    const b = await job();
    const raws = [
      mail({ subject: `Quote for ${a.job_number}`, id: '<keep-1@x.example>' }),
      mail({ subject: `Visit ${a.job_number}`, id: '<keep-2@x.example>' }),
    ];
    await box.put('Jobs', raws);
    await syncAccount(db, box.id);
    expect(await routingOf(`Quote for ${a.job_number}`, box.id)).toMatchObject({ job_ids: [a.job_id], reason: 'subject_number' });

    const op = await as(brand.host);
    const id = (subject: string) =>
      db.selectFrom('mails').select('ma_id').where('mailaccount_id', '=', box.id).where('mail_subject', '=', subject).executeTakeFirstOrThrow();
    expect((await op('POST', 'mails/assignjob', { ma_id: (await id(`Quote for ${a.job_number}`)).ma_id, job_id: null })).status).toBe(200);
    expect((await op('POST', 'mails/assignjob', { ma_id: (await id(`Visit ${a.job_number}`)).ma_id, job_id: b.job_id })).status).toBe(200);

    // A new UIDVALIDITY: the folder is read again from the start.
    await withMailbox(dovecot, box.user, 'pw-1', async (c) => {
      await c.mailboxDelete('Jobs');
      await c.mailboxCreate('Jobs');
      for (const r of raws) await c.append('Jobs', r);
    });
    await syncAccount(db, box.id);
    expect(await routingOf(`Quote for ${a.job_number}`, box.id)).toMatchObject({
      job_ids: [],
      reason: 'manual_unlink',
      reason_text: 'taken off its job by hand',
    });
    expect(await routingOf(`Visit ${a.job_number}`, box.id)).toMatchObject({ job_ids: [b.job_id], reason: 'manual' });
    const triage = await op('POST', 'mails/unrouted/filter', { mailaccount_ids: [box.id] });
    expect(triage.json.mails.metadata.totalCount).toBe(0);
  });

  it('links a mail to several jobs: each job lists it, it cannot be deleted or marked as spam while any link remains, and a re-sync keeps the links', async () => {
    const box = await mailbox();
    const a = await job();
    const b = await job();
    const raw = mail({ subject: `Shared works ${a.job_number}`, id: '<several-1@x.example>' });
    await box.put('Jobs', [raw]);
    await syncAccount(db, box.id);
    const subject = `Shared works ${a.job_number}`;
    const { ma_id } = await db
      .selectFrom('mails')
      .select('ma_id')
      .where('mailaccount_id', '=', box.id)
      .where('mail_subject', '=', subject)
      .executeTakeFirstOrThrow();
    const op = await as(brand.host);

    const added = await op('POST', 'mails/assignjob', { ma_id, job_id: b.job_id, mode: 'add' });
    expect(added.status, added.text).toBe(200);
    expect(added.json.mails.data).toMatchObject({ job_id: b.job_id, job_number: b.job_number, job_ids: [a.job_id, b.job_id] });
    expect(await routingOf(subject, box.id)).toMatchObject({ job_ids: [a.job_id, b.job_id], reason: 'manual' });
    for (const j of [a, b]) {
      const listed = await op('GET', `mails/getmailsbyjobid/${j.job_id}`);
      expect((listed.json.mails.data as { ma_id: number; job_id: number }[]).map((r) => [r.ma_id, r.job_id])).toEqual([[ma_id, j.job_id]]);
    }
    expect((await op('POST', 'mails/assignjob', { ma_id, job_id: b.job_id, mode: 'sideways' })).status).toBe(400);
    expect((await op('POST', 'mails/assignjob', { ma_id, job_id: null, mode: 'add' })).status).toBe(400);

    // Taking it off one job leaves the other: still linked, so still neither deleted nor spam.
    const removed = await op('POST', 'mails/assignjob', { ma_id, job_id: a.job_id, mode: 'remove' });
    expect(removed.json.mails.data).toMatchObject({ job_id: b.job_id, job_ids: [b.job_id] });
    for (const body of [{ is_deleted: true }, { is_spam: true }]) expect((await op('PATCH', `mails/${ma_id}`, body)).status).toBe(409);
    expect((await op('GET', `mails/getmailsbyjobid/${a.job_id}`)).json.mails.data).toEqual([]);

    await withMailbox(dovecot, box.user, 'pw-1', async (c) => {
      await c.mailboxDelete('Jobs');
      await c.mailboxCreate('Jobs');
      await c.append('Jobs', raw);
    });
    await syncAccount(db, box.id);
    expect(await routingOf(subject, box.id)).toMatchObject({ job_ids: [b.job_id], reason: 'manual', reason_text: `filed to ${b.job_number} by hand` });

    const last = await op('POST', 'mails/assignjob', { ma_id, job_id: b.job_id, mode: 'remove' });
    expect(last.json.mails.data).toMatchObject({ job_id: null, job_ids: [] });
    expect(await routingOf(subject, box.id)).toMatchObject({ job_ids: [], reason: 'manual_unlink' });
    expect((await op('PATCH', `mails/${ma_id}`, { is_spam: true })).status).toBe(200);
  });
});
