/**
 * Graph mail meets the same router as IMAP mail (issue 30), against the contract-checked Graph
 * sandbox: each rule in its order, another brand's number, a person's decision through a full
 * re-sync, one message in two mailboxes filed once, and a reply without headers in its thread.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGraphMailTestServer, type GraphMailTestServer } from '../../../providers/microsoft/mailTestServer';
import { brandDb, type RootDb } from '../../db/types';
import { createTestBrand, testDb, uniqueName } from '../../test/helpers';
import { simpleParser } from 'mailparser';
import { sendDraft } from '../compose/drafts/send';
import { composeDb } from '../compose/tables';
import { mailRouting } from './read';
import { linkByHand, recordManual, unlinkByHand } from './manual';
import { setGraphAccessTokens } from '../graph/source';
import { syncAccount } from '../sync/syncAccount';
import { rawMail } from '../sync/testMailbox';
import { mailDb, type MailDb } from '../tables';
import { routingDb } from './tables';

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
  setGraphAccessTokens(async (_db, _msa, accountId) => `token-${accountId}`, { graphUrl: fake.graphUrl });
}, 120_000);

afterAll(async () => {
  setGraphAccessTokens(null);
  await fake?.close();
  await root?.destroy();
});

let prefixes = 0;

/** A department of its own and a numbered job, optionally with a site contact (rule 4's sender). */
async function job(opts: { siteContact?: string } = {}) {
  prefixes += 1;
  // The brand is this file's own: a letter per job keeps the prefixes apart.
  const prefix = `GR${String.fromCharCode(64 + prefixes)}`;
  const de = await sql<{
    de_id: number;
  }>`insert into ${sql.id(schema, 'departments')} (de_name, de_prefix) values (${prefix}, ${prefix}) returning de_id`.execute(db);
  const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const jsc = opts.siteContact
    ? await raw.insertInto('jobsitecontacts').values({ jsc_name: 'Tenant', jsc_email: opts.siteContact }).returning('jsc_id').executeTakeFirstOrThrow()
    : null;
  const number = `${prefix}-${String(prefixes).padStart(6, '0')}`;
  const row = await raw
    .insertInto('jobs')
    .values({ de_id: de.rows[0].de_id, job_number: number, job_status: 'BOOKED', jsc_id: jsc?.jsc_id ?? null })
    .returning('job_id')
    .executeTakeFirstOrThrow();
  return { job_id: row.job_id as number, job_number: number };
}

/** A Microsoft mailbox of the brand in the sandbox. */
async function graphBox() {
  const name = uniqueName('gbox');
  const address = `${name}@sandbox.onmicrosoft.test`;
  const account = await db
    .insertInto('mailaccounts')
    .values({ ma_name: name, ma_email: address, ma_source: 'graph' })
    .returning('mailaccount_id')
    .executeTakeFirstOrThrow();
  fake.allowToken(`token-${account.mailaccount_id}`, name);
  fake.knobs.state.mailbox(name);
  const id = account.mailaccount_id;
  return {
    id,
    address,
    deliver: (raw: string) => fake.knobs.deliver(name, raw),
    sync: async () => expect((await syncAccount(db, id)).error).toBeUndefined(),
  };
}

async function mailOf(accountId: number, messageId: string) {
  const row = await db
    .selectFrom('mails')
    .select(['ma_id', 'thread_id'])
    .where('mailaccount_id', '=', accountId)
    .where('message_id', '=', messageId)
    .executeTakeFirstOrThrow();
  return { ma_id: Number(row.ma_id), thread_id: row.thread_id };
}

const routingOf = async (accountId: number, messageId: string) => mailRouting(routingDb(db), (await mailOf(accountId, messageId)).ma_id);

describe('routing Graph mail', () => {
  it('files by reply headers, plus-address, subject number and sender, in that order', async () => {
    const box = await graphBox();
    const linked = await job();
    const plus = await job();
    const named = await job();
    const tenant = await job({ siteContact: 'tenant@graph-flat.example' });
    box.deliver(rawMail({ subject: `Original ${linked.job_number}`, messageId: '<g-orig@office.example>' }));
    await box.sync();
    expect(await routingOf(box.id, '<g-orig@office.example>')).toMatchObject({ job_ids: [linked.job_id], reason: 'subject_number' });

    // (1) beats the subject's number and the sender's one open job; (2) beats the subject's number.
    box.deliver(
      rawMail({
        subject: `Re: Original ${named.job_number}`,
        from: 'tenant@graph-flat.example',
        inReplyTo: '<g-orig@office.example>',
        messageId: '<g-1@x.example>',
      }),
    );
    box.deliver(
      rawMail({ subject: `About ${named.job_number}`, to: box.address.replace('@', `+${plus.job_number.toLowerCase()}@`), messageId: '<g-2@x.example>' }),
    );
    box.deliver(rawMail({ subject: `Leak [${named.job_number}]`, from: 'tenant@graph-flat.example', messageId: '<g-3@x.example>' }));
    box.deliver(rawMail({ subject: 'Dripping tap', from: 'Tenant <TENANT@graph-flat.example>', messageId: '<g-4@x.example>' }));
    await box.sync();

    expect(await routingOf(box.id, '<g-1@x.example>')).toMatchObject({ job_ids: [linked.job_id], reason: 'reply', by: 'router' });
    expect(await routingOf(box.id, '<g-2@x.example>')).toMatchObject({ job_ids: [plus.job_id], reason: 'plus_address' });
    expect(await routingOf(box.id, '<g-3@x.example>')).toMatchObject({ job_ids: [named.job_id], reason: 'subject_number' });
    expect(await routingOf(box.id, '<g-4@x.example>')).toMatchObject({ job_ids: [tenant.job_id], reason: 'sender' });
  });

  it("keeps a person's unlink and relink through a full re-sync of the mailbox", async () => {
    const box = await graphBox();
    const a = await job();
    const b = await job();
    box.deliver(rawMail({ subject: `Quote ${a.job_number}`, messageId: '<g-keep-1@x.example>' }));
    box.deliver(rawMail({ subject: `Visit ${a.job_number}`, messageId: '<g-keep-2@x.example>' }));
    await box.sync();
    const operator = await db.selectFrom('users').select('us_id').where('email', '=', 'operator@demo.test').executeTakeFirstOrThrow();
    const quote = await mailOf(box.id, '<g-keep-1@x.example>');
    const visit = await mailOf(box.id, '<g-keep-2@x.example>');
    await unlinkByHand(routingDb(db), quote.ma_id, [a.job_id]);
    await recordManual(routingDb(db), quote.ma_id, operator.us_id, null);
    await unlinkByHand(routingDb(db), visit.ma_id, [a.job_id]);
    await linkByHand(routingDb(db), visit.ma_id, b.job_id, operator.us_id);
    await recordManual(routingDb(db), visit.ma_id, operator.us_id, b);

    // The delta links forgotten (as when Graph expires them): every folder is read again in full.
    await db.updateTable('imapfolders').set({ graph_delta_link: null }).where('mailaccount_id', '=', box.id).execute();
    await box.sync();
    expect(await routingOf(box.id, '<g-keep-1@x.example>')).toMatchObject({ job_ids: [], reason: 'manual_unlink' });
    expect(await routingOf(box.id, '<g-keep-2@x.example>')).toMatchObject({ job_ids: [b.job_id], reason: 'manual' });
  });

  it('files a message that reached two Microsoft mailboxes once, from its first copy', async () => {
    const office = await graphBox();
    const accounts = await graphBox();
    const leak = await job();
    const raw = rawMail({ subject: `Leak ${leak.job_number}`, messageId: '<g-both@x.example>', text: 'It drips.' });
    office.deliver(raw);
    accounts.deliver(raw);
    await office.sync();
    await accounts.sync();
    const first = await mailOf(office.id, '<g-both@x.example>');
    const second = await mailOf(accounts.id, '<g-both@x.example>');
    const links = await db.selectFrom('mail_job_links').select(['ma_id', 'job_id']).where('ma_id', 'in', [first.ma_id, second.ma_id]).execute();
    expect(links.map((l) => [Number(l.ma_id), l.job_id])).toEqual([[first.ma_id, leak.job_id]]);
    expect(await mailRouting(routingDb(db), second.ma_id)).toMatchObject({ job_ids: [leak.job_id], reason: 'subject_number' });
  });

  it('threads a reply whose client dropped its headers with the mail it answers', async () => {
    const box = await graphBox();
    const now = new Date();
    box.deliver(
      rawMail({ subject: 'Boiler noise at night', from: 'owner@graph-house.example', to: box.address, messageId: '<g-boiler@x.example>', date: now }),
    );
    await box.sync();
    box.deliver(
      rawMail({ subject: 'RE: Boiler noise at night', from: 'owner@graph-house.example', to: box.address, messageId: '<g-boiler-re@x.example>', date: now }),
    );
    await box.sync();
    const original = await mailOf(box.id, '<g-boiler@x.example>');
    const reply = await mailOf(box.id, '<g-boiler-re@x.example>');
    expect(original.thread_id).not.toBeNull();
    expect(reply.thread_id).toBe(original.thread_id);
  });

  it("files a Microsoft mailbox's mail by the job number in its subject and leaves another brand's number in triage", async () => {
    const de = await sql<{
      de_id: number;
    }>`insert into ${sql.id(schema, 'departments')} (de_name, de_prefix) values ('Plumbing', 'PLB') returning de_id`.execute(db);
    const job = await db.insertInto('jobs').values({ de_id: de.rows[0].de_id, job_number: 'PLB-000077' }).returning('job_id').executeTakeFirstOrThrow();
    const subject = uniqueName('mbx');
    const account = await db
      .insertInto('mailaccounts')
      .values({ ma_name: subject, ma_email: `${subject}@sandbox.onmicrosoft.test`, ma_source: 'graph' })
      .returning('mailaccount_id')
      .executeTakeFirstOrThrow();
    fake.allowToken(`token-${account.mailaccount_id}`, subject);
    fake.knobs.state.mailbox(subject);
    fake.knobs.deliver(subject, rawMail({ subject: 'Invoice query PLB-000077', messageId: '<g-route-1@client.example>' }));
    fake.knobs.deliver(subject, rawMail({ subject: 'About XYZ-000077', messageId: '<g-route-2@client.example>' }));

    expect((await syncAccount(db, account.mailaccount_id)).error).toBeUndefined();
    const rows = await routingDb(db)
      .selectFrom('mails as m')
      .innerJoin('mail_routing as r', 'r.ma_id', 'm.ma_id')
      .leftJoin('mail_job_links as l', 'l.ma_id', 'm.ma_id')
      .select(['m.message_id', 'l.job_id', 'r.mr_reason'])
      .where('m.mailaccount_id', '=', account.mailaccount_id)
      .orderBy('m.message_id')
      .execute();
    expect(rows).toEqual([
      { message_id: '<g-route-1@client.example>', job_id: job.job_id, mr_reason: 'subject_number' },
      { message_id: '<g-route-2@client.example>', job_id: null, mr_reason: 'unrouted' },
    ]);
  });

  it("sends a new mail started from a job through Graph with the job's plus-address as Reply-To, filed to the job", async () => {
    const de = await sql<{
      de_id: number;
    }>`insert into ${sql.id(schema, 'departments')} (de_name, de_prefix) values ('Roofing', 'ROF') returning de_id`.execute(db);
    const job = await db.insertInto('jobs').values({ de_id: de.rows[0].de_id, job_number: 'ROF-000005' }).returning('job_id').executeTakeFirstOrThrow();
    const box = uniqueName('send');
    const account = await db
      .insertInto('mailaccounts')
      .values({ ma_name: box, ma_email: `${box}@sandbox.onmicrosoft.test`, ma_source: 'graph' })
      .returning('mailaccount_id')
      .executeTakeFirstOrThrow();
    fake.allowToken(`token-${account.mailaccount_id}`, box);
    const mailbox = fake.knobs.state.mailbox(box);
    const cdb = composeDb(db);
    const draft = await cdb
      .insertInto('maildrafts')
      .values({
        mailaccount_id: account.mailaccount_id,
        mdraft_to_arr: JSON.stringify([{ name: 'Owner', address: 'owner@house.example' }]),
        mdraft_subject: 'Roof survey',
        mdraft_html: '<p>Dates below.</p>',
        job_id: job.job_id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();

    const outcome = await sendDraft(cdb, undefined, schema, draft);
    const sent = fake.knobs.state.inFolder(mailbox, fake.knobs.state.folder(mailbox, 'sentitems')!.id);
    expect((await simpleParser(sent[0].mime)).replyTo?.value.map((a) => a.address)).toEqual([`${box}+rof-000005@sandbox.onmicrosoft.test`]);
    expect(await mailRouting(routingDb(db), outcome.ma_id)).toMatchObject({ job_ids: [job.job_id], reason: 'sent_from_job', by: 'router' });
  });
});
