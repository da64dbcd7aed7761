/** The job's mails on the portal, the office's mail for a customer's message, and invoices' online links. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestSmtp } from '../publicauth/testSmtp';
import { brandJobs, DEMO_SCHEMA, userId } from '../jobs/sales/testJobs';
import { mailDb } from '../mail/tables';
import { call, login, uniqueName, useTestApp } from '../test/helpers';
import { customerDb } from './tables';
import { customerJob, makeCustomer, type CustomerWorld } from './testKit';

const t = useTestApp();
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let me: CustomerWorld;
let other: CustomerWorld;
let cookie = '';
let accountId = 0;
let serverId = 0;
const demo = () => brandJobs(t.db);
const portal = () => customerDb(t.db.withSchema(DEMO_SCHEMA));
const mails = () => mailDb(t.db.withSchema(DEMO_SCHEMA));

beforeAll(async () => {
  smtp = await startTestSmtp();
  // The demo brand's system mail goes to the test listener for this file only (removed after).
  const row = await sql<{ mailserver_id: number }>`insert into ${sql.id(DEMO_SCHEMA, 'mailservers')}
      (mailserver_name, mailserver_host, mailserver_port, mailserver_from, mailserver_is_default)
      values ('portal test', '127.0.0.1', ${smtp.port}, 'office@portal.test', true) returning mailserver_id`.execute(t.db);
  serverId = row.rows[0].mailserver_id;
  me = await makeCustomer(t.db);
  other = await makeCustomer(t.db);
  await portal()
    .updateTable('contacts')
    .set({ co_email: `${uniqueName('client')}@client.test` })
    .where('co_id', '=', me.co_id)
    .execute();
  await portal()
    .updateTable('propertymanagers')
    .set({ pm_email: `${uniqueName('pm')}@pm.test` })
    .where('pm_id', '=', me.pm_id)
    .execute();
  accountId = (await mails().selectFrom('mailaccounts').select('mailaccount_id').orderBy('mailaccount_id').executeTakeFirstOrThrow()).mailaccount_id;
  cookie = await login(t.app, 'localhost', me.email);
});
afterAll(async () => {
  await sql`delete from ${sql.id(DEMO_SCHEMA, 'mailservers')} where mailserver_id = ${serverId}`.execute(t.db);
  await smtp.close();
});

const address = (a: string, name = '') => ({ name, address: a });
async function mailOnJob(
  jobId: number | null,
  subject: string,
  from: string,
  to: string[],
  more: { cc?: string[]; bcc?: string[]; deleted?: boolean; messageId?: string } = {},
) {
  const row = await mails()
    .insertInto('mails')
    .values({
      mailaccount_id: accountId,
      message_id: more.messageId ?? `<${uniqueName('m')}@portal.test>`,
      mail_subject: subject,
      mail_from: JSON.stringify(address(from)) as never,
      mail_to_arr: JSON.stringify(to.map((a) => address(a))) as never,
      mail_cc_arr: JSON.stringify((more.cc ?? []).map((a) => address(a))) as never,
      mail_bcc_arr: JSON.stringify((more.bcc ?? []).map((a) => address(a))) as never,
      mail_date: new Date(),
      mail_text: `${subject} text`,
      is_deleted: more.deleted ?? false,
    })
    .returning('ma_id')
    .executeTakeFirstOrThrow();
  if (jobId !== null) await mails().insertInto('mail_job_links').values({ ma_id: row.ma_id, job_id: jobId, mjl_reason: 'manual' }).execute();
}

describe('the job’s mails on the portal', () => {
  it('lists only the job’s mails the customer’s side took part in', async () => {
    const job = await customerJob(t.db, me);
    const { co_email } = await portal().selectFrom('contacts').select('co_email').where('co_id', '=', me.co_id).executeTakeFirstOrThrow();
    const { pm_email } = await portal().selectFrom('propertymanagers').select('pm_email').where('pm_id', '=', me.pm_id).executeTakeFirstOrThrow();
    await mailOnJob(job, 'To the customer', 'office@demo.test', [me.email.toUpperCase()]);
    await mailOnJob(job, 'From the client', co_email!, ['office@demo.test']);
    await mailOnJob(job, 'Cc the manager', 'office@demo.test', ['someone@else.test'], { cc: [pm_email!] });
    const shared = `<${uniqueName('shared')}@portal.test>`;
    await mailOnJob(job, 'Internal with the supplier', 'office@demo.test', ['supplier@parts.test']);
    await mailOnJob(job, 'Bcc only', 'office@demo.test', ['supplier@parts.test'], { bcc: [me.email] });
    await mailOnJob(job, 'Deleted', 'office@demo.test', [me.email], { deleted: true });
    await mailOnJob(null, 'Not on the job', 'office@demo.test', [me.email]);
    await mailOnJob(job, 'Synced twice', 'office@demo.test', [me.email], { messageId: shared });
    const second = await mails()
      .insertInto('mailaccounts')
      .values({ ma_name: uniqueName('second'), ma_email: `${uniqueName('second')}@demo.test` } as never)
      .returning('mailaccount_id')
      .executeTakeFirstOrThrow();
    await mails()
      .insertInto('mails')
      .values({
        mailaccount_id: second.mailaccount_id,
        message_id: shared,
        mail_subject: 'Synced twice',
        mail_from: JSON.stringify(address('office@demo.test')) as never,
        mail_to_arr: JSON.stringify([address(me.email)]) as never,
      })
      .returning('ma_id')
      .executeTakeFirstOrThrow()
      .then(({ ma_id }) => mails().insertInto('mail_job_links').values({ ma_id, job_id: job, mjl_reason: 'manual' }).execute());

    const res = await call(t.app, { url: `/api/customerportal/${job}/mails`, cookie });
    expect(res.status, res.text).toBe(200);
    const subjects = (res.json.customerportal.data as { mail_subject: string }[]).map((m) => m.mail_subject).sort();
    expect(subjects).toEqual(['Cc the manager', 'From the client', 'Synced twice', 'To the customer']);
    expect(res.text).not.toContain('mail_bcc_arr');
    expect(res.json.customerportal.data[0]).toMatchObject({ mail_text: expect.any(String), mail_from: { address: expect.any(String) } });

    const theirs = await customerJob(t.db, other);
    await mailOnJob(theirs, 'Another customer', 'office@demo.test', [me.email]);
    const refused = await call(t.app, { url: `/api/customerportal/${theirs}/mails`, cookie });
    expect(refused.status).toBe(404);
    const staff = await call(t.app, { url: `/api/customerportal/${job}/mails`, cookie: await login(t.app, 'localhost', 'operator@demo.test') });
    expect(staff.status).toBe(403);
  });
});

describe('message the office', () => {
  it('mails the job’s assigned operators, with the customer to reply to', async () => {
    const job = await customerJob(t.db, me);
    const operator = await userId(t.db, 'operator@demo.test');
    const engineer = await userId(t.db, 'engineer@demo.test');
    await demo()
      .insertInto('job_assigned_users')
      .values([
        { job_id: job, us_id: operator },
        { job_id: job, us_id: engineer },
      ])
      .execute();
    const start = smtp.messages.length;
    const res = await call(t.app, { method: 'POST', url: `/api/customerportal/${job}/message`, cookie, body: { text: 'Please ring before you come.' } });
    expect(res.status, res.text).toBe(201);
    const mail = (await smtp.waitFor(start + 1))[start];
    expect(mail.to).toEqual(['operator@demo.test']);
    const raw = mail.raw.replace(/=\r?\n/g, '');
    expect(raw).toContain('Please ring before you come.');
    expect(raw).toMatch(new RegExp(`^Reply-To: ${me.email.replace(/[.]/g, '\\.')}`, 'm'));
    expect(raw).toMatch(/^Subject: Message from .* about job CP/m);
  });

  it('mails the brand’s office address when no operator is on the job', async () => {
    const job = await customerJob(t.db, me);
    const start = smtp.messages.length;
    const res = await call(t.app, { method: 'POST', url: `/api/customerportal/${job}/message`, cookie, body: { text: 'Anyone there?' } });
    expect(res.status).toBe(201);
    const mail = (await smtp.waitFor(start + 1))[start];
    expect(mail.to).toEqual(['office@portal.test']);
  });

  it('sends nothing for another customer’s job', async () => {
    const theirs = await customerJob(t.db, other);
    const start = smtp.messages.length;
    const res = await call(t.app, { method: 'POST', url: `/api/customerportal/${theirs}/message`, cookie, body: { text: 'Hello' } });
    expect(res.status).toBe(404);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.length).toBe(start);
  });
});

describe('invoices’ online links', () => {
  it('carries Xero’s online invoice for an invoice, never the link into Xero’s own app or a quote’s', async () => {
    const job = await customerJob(t.db, me);
    const section = (title: string, type: string, xeroType: string | null, url: string | null) =>
      demo()
        .insertInto('job_sales_sections')
        .values({ job_id: job, jss_title: title, jss_invoice_type: type, xero_doc_type: xeroType, xero_doc_url: url } as never)
        .execute();
    // The push stores Xero's OnlineInvoiceUrl in xero_doc_url (server/accounting/documents/documents.test.ts), else a go.xero.com link.
    await section('Paid online', 'INVOICE', 'INVOICE', 'http://127.0.0.1:1/xero/online/invoice/abc');
    await section('No online link', 'INVOICE', 'INVOICE', 'https://go.xero.com/AccountsReceivable/View.aspx?InvoiceID=abc');
    await section('A quote', 'QUOTE', 'QUOTE', 'http://127.0.0.1:1/somewhere');
    await section('Not pushed', 'INVOICE', null, null);
    const res = await call(t.app, { url: `/api/customerportal/${job}/details`, cookie });
    expect(res.status).toBe(200);
    const docs = res.json.customerportal.data.sales_documents as { jss_title: string; online_invoice_url: string | null }[];
    expect(Object.fromEntries(docs.map((d) => [d.jss_title, d.online_invoice_url]))).toEqual({
      'Paid online': 'http://127.0.0.1:1/xero/online/invoice/abc',
      'No online link': null,
      'A quote': null,
      'Not pushed': null,
    });
  });
});
