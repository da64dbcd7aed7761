/**
 * Sales sections pushed to the run's local Xero (server/test/globalSetup.ts): each invoice type,
 * the final lock, lost answers, passing and refused failures, two processors at once, retry now,
 * and xeroadmin's fetch calls. Each test connects the file's brand to a new Xero organisation of
 * its own, so the fake's records and the rate budget it reads are the test's.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { providerControl, type ProviderControl } from '../../../providers/control';
import { brandDb } from '../../db/types';
import type { AnyDb } from '../../resources/hooks';
import { brandJobs, makeUser } from '../../jobs/sales/testJobs';
import { call, login, sandboxProviders, useTestApp, useTestBrand } from '../../test/helpers';
import { runAccountingTask, type AccountingJob } from '../queue/tasks';
import { queueDuePushes } from '../queue/workers';
import { PUSH_TASK } from './pushTask';
import { MAX_ATTEMPTS, processDuePushes } from './queue';
import { connectXero, revokeXeroGrant, type Connected } from '../testConnect';
import { jobWithSection } from './testSections';

const t = useTestApp();
const own = useTestBrand(t);
let control: ProviderControl;
let providers: string;
const cookies: Record<string, string> = {};
let xero: Connected;

beforeAll(async () => {
  providers = sandboxProviders();
  control = providerControl(providers);
  for (const role of ['developer', 'operator', 'user']) cookies[role] = await login(t.app, own.brand.host, `${role}@demo.test`);
});
beforeEach(async () => {
  xero = await connectXero(t.app, providers, own.brand.host, own.admin);
});
afterEach(async () => {
  await control.xero.latency(0);
  // The run's sandbox is shared by every file: only the document calls are this file's to judge against the contract.
  const documents = (await control.violations()).filter((v) => /\/(Invoices|Quotes|CreditNotes)\b/i.test(v.path));
  expect(documents).toEqual([]);
  await call(t.app, { url: '/api/xeroauth/logout', cookie: own.admin, host: own.brand.host });
});

const host = () => own.brand.host;
const pending = () => brandDb(t.db, own.brand.schema) as unknown as AnyDb;
const generate = (jobId: number, body: unknown, cookie = cookies.operator) =>
  call(t.app, { method: 'POST', url: `/api/jobs/${jobId}/generatexeroinvoice`, body, cookie, host: host() });
const rowOf = (jssId: number) =>
  pending().selectFrom('xero_sync_pending').selectAll().where('kind', '=', 'salessection').where('local_id', '=', jssId).executeTakeFirstOrThrow();
const state = () => control.xero.state(xero.tenantId);
type Row = { code?: string; desc: string; qty: number; unit: string; tax: number };
const section = (rows: Row[] = [{ desc: 'Mixer tap', qty: 2, unit: '50.00', tax: 20 }], extra: { type?: string; due?: string; expiryDays?: number } = {}) =>
  jobWithSection(t.db, own.brand.schema, { rows, ...extra });

describe('generatexeroinvoice', () => {
  it('sends an invoice with its rows, tax types, item code and due date, makes the contact first, and finalises the section', async () => {
    await control.xero.seedItems(xero.tenantId, [{ Code: 'TAP-01', Name: 'Mixer tap' }]);
    await pending()
      .insertInto('xero_items')
      .values({ code: 'TAP-01', name: 'Mixer tap' })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const s = await section(
      [
        { code: 'TAP-01', desc: 'Mixer tap', qty: 2, unit: '50.00', tax: 20 },
        { code: 'NOT-IN-XERO', desc: 'Fitting', qty: 1.5, unit: '40.00', tax: 5 },
      ],
      { due: '2027-01-15 12:00:00' },
    );
    const res = await generate(s.jobId, { jss_id: s.jssId, type: 'INVOICE' });
    expect(res.status, res.text).toBe(200);
    const data = res.json.jobs.data;
    expect(data.status).toBe('done');
    expect(data.section).toMatchObject({ jss_is_final: true, xero_doc_type: 'INVOICE', xero_doc_number: expect.stringMatching(/^INV-\d{4}$/) });
    expect(data.section.xero_doc_url).toContain('/xero/online/invoice/');
    expect(data.message).toContain(data.section.xero_doc_number);

    const { invoices, contacts } = await state();
    expect(invoices).toHaveLength(1);
    const inv = invoices[0] as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(inv).toMatchObject({ Type: 'ACCREC', Status: 'AUTHORISED', InvoiceNumber: data.section.xero_doc_number, SubTotal: 160, TotalTax: 23 });
    expect(inv.DueDateString).toMatch(/^2027-01-15/);
    // Each line booked to the brand's sales account (site configuration; Xero's Sales, 200, by default).
    expect(inv.LineItems.map((l: Record<string, unknown>) => [l.Description, l.Quantity, l.UnitAmount, l.TaxType, l.ItemCode ?? null, l.AccountCode])).toEqual([
      ['Mixer tap', 2, 50, 'OUTPUT2', 'TAP-01', '200'],
      ['Fitting', 1.5, 40, 'RROUTPUT', null, '200'],
    ]);
    // The client had no Xero id: it was made in Xero and its id kept on our contact.
    const made = contacts.find((c) => c.Name === s.clientName);
    expect(inv.Contact.ContactID).toBe(made?.ContactID);
    const stored = await pending().selectFrom('contacts').select('xero_contact_id').where('co_id', '=', s.coId).executeTakeFirstOrThrow();
    expect(stored.xero_contact_id).toBe(made?.ContactID);
    expect(await rowOf(s.jssId)).toMatchObject({ status: 'done', op: 'INVOICE', attempts: 1, error_code: null });

    // Final: every change of the section or its rows answers XE_SEC_FINAL; a copy is allowed and is not final.
    const url = `/api/jobs/${s.jobId}/sales/${s.jssId}`;
    const refused = [
      await call(t.app, { method: 'PATCH', url, body: { jss_title: 'Changed' }, cookie: cookies.operator, host: host() }),
      await call(t.app, { method: 'PATCH', url, body: { items: [] }, cookie: cookies.operator, host: host() }),
      await call(t.app, { method: 'DELETE', url, cookie: cookies.operator, host: host() }),
      await call(t.app, {
        method: 'PATCH',
        url: `/api/jobs/${s.jobId}/salessectionitems`,
        body: { jss_id: s.jssId, order: data.section.items.map((i: { sales_id: number }) => i.sales_id).reverse() },
        cookie: cookies.operator,
        host: host(),
      }),
      await generate(s.jobId, { jss_id: s.jssId, type: 'INVOICE' }),
    ];
    for (const r of refused) {
      expect(r.status, r.text).toBe(409);
      expect(r.json.jobs.dbErrors[0]).toMatchObject({ error: 'XE_SEC_FINAL', primary: 'Section is final, update is not allowed.' });
    }
    const copy = await call(t.app, {
      method: 'POST',
      url: `/api/jobs/${s.jobId}/salessectionduplicate`,
      body: { jss_id: s.jssId },
      cookie: cookies.operator,
      host: host(),
    });
    expect(copy.status, copy.text).toBe(201);
    expect(copy.json.jobs.data.sections[1]).toMatchObject({ jss_is_final: false, xero_doc_number: null });
    expect((await state()).invoices).toHaveLength(1);
  });

  it("books every line to the sales account the brand's site configuration names", async () => {
    const set = (salesAccountCode: string) =>
      call(t.app, { method: 'PATCH', url: '/api/siteconfig/values', body: { salesAccountCode }, cookie: own.admin, host: host() });
    expect((await set('not a code!')).status).toBe(400);
    const saved = await set('4100');
    expect(saved.status, saved.text).toBe(200);
    try {
      const s = await section();
      const res = await generate(s.jobId, { jss_id: s.jssId, type: 'CREDIT_NOTE' });
      expect(res.status, res.text).toBe(200);
      const [note] = (await state()).creditNotes as { LineItems: { AccountCode: string }[] }[];
      expect(note.LineItems.map((l) => l.AccountCode)).toEqual(['4100']);
    } finally {
      await set('200');
    }
  });

  it('sends a quote with its expiry, a credit note and an advance-payment invoice to their Xero documents', async () => {
    const quote = await section([{ desc: 'Survey', qty: 1, unit: '120.00', tax: 0 }], { type: 'QUOTE', expiryDays: 45 });
    const q = await generate(quote.jobId, { jss_id: quote.jssId, type: 'QUOTE' });
    expect(q.status, q.text).toBe(200);
    expect(q.json.jobs.data.section).toMatchObject({ xero_doc_type: 'QUOTE', xero_doc_number: expect.stringMatching(/^QU-/), jss_is_final: true });
    const credit = await section([{ desc: 'Refund', qty: 1, unit: '30.00', tax: 20 }], { type: 'CREDIT_NOTE' });
    // An accounting id that is not a Xero GUID (imported from elsewhere) is replaced by the contact made in Xero.
    await pending().updateTable('contacts').set({ xero_contact_id: 'XC-1000' }).where('co_id', '=', credit.coId).execute();
    const c = await generate(credit.jobId, { jss_id: credit.jssId, type: 'CREDIT_NOTE' });
    expect(c.status, c.text).toBe(200);
    expect(c.json.jobs.data.section).toMatchObject({ xero_doc_type: 'CREDIT_NOTE', xero_doc_number: expect.stringMatching(/^CN-/) });
    const advance = await section([{ desc: 'Deposit', qty: 1, unit: '200.00', tax: 20 }], { type: 'ADVANCE_PAYMENT' });
    // A GUID this organisation does not know (the brand was connected to another one before): the contact is made again.
    await pending().updateTable('contacts').set({ xero_contact_id: '11111111-2222-4333-8444-555555555555' }).where('co_id', '=', advance.coId).execute();
    const a = await generate(advance.jobId, { jss_id: advance.jssId, type: 'ADVANCE_PAYMENT' });
    expect(a.status, a.text).toBe(200);

    const snap = await state();
    // Days after the document's own date (the day its push was asked for, on the database's clock), so the
    // check holds whatever the hour and whichever clock the test process keeps.
    const after = (doc: Record<string, unknown>, n: number) =>
      new Date(Date.parse(`${String(doc.DateString).slice(0, 10)}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    expect(snap.quotes).toHaveLength(1);
    expect(snap.quotes[0]).toMatchObject({ QuoteNumber: q.json.jobs.data.section.xero_doc_number, Total: 120 });
    expect(String(snap.quotes[0].ExpiryDateString)).toMatch(new RegExp(`^${after(snap.quotes[0], 45)}`));
    expect((snap.quotes[0].LineItems as { TaxType: string }[])[0].TaxType).toBe('ZERORATEDOUTPUT');
    expect(snap.creditNotes).toHaveLength(1);
    expect(snap.creditNotes[0]).toMatchObject({ Type: 'ACCRECCREDIT', Total: 36, CreditNoteNumber: c.json.jobs.data.section.xero_doc_number });
    // An advance payment is an ACCREC invoice saying so; without a due date of its own it is due after the brand's invoice due days (30).
    expect(snap.invoices).toHaveLength(1);
    expect(snap.invoices[0]).toMatchObject({ Type: 'ACCREC', Total: 240, Reference: expect.stringContaining('Advance payment') });
    expect(String(snap.invoices[0].DueDateString)).toMatch(new RegExp(`^${after(snap.invoices[0], 30)}`));
    // One contact per client: each section's client was made once.
    expect(snap.contacts).toHaveLength(3);
    const replaced = await pending().selectFrom('contacts').select('xero_contact_id').where('co_id', '=', credit.coId).executeTakeFirstOrThrow();
    const remade = await pending().selectFrom('contacts').select('xero_contact_id').where('co_id', '=', advance.coId).executeTakeFirstOrThrow();
    expect(remade.xero_contact_id).toBe((snap.invoices[0].Contact as { ContactID: string }).ContactID);
    expect(replaced.xero_contact_id).toBe(snap.creditNotes[0].Contact && (snap.creditNotes[0].Contact as { ContactID: string }).ContactID);
  });

  it('a lost answer leaves the push queued; the retry sends the same key and Xero holds one invoice', async () => {
    const s = await section();
    await control.xero.loseAnswer({ operationId: 'createInvoices' });
    const first = await generate(s.jobId, { jss_id: s.jssId, type: 'INVOICE' });
    expect(first.status, first.text).toBe(200);
    expect(first.json.jobs.data).toMatchObject({ status: 'queued', message: expect.stringContaining('queued') });
    expect(first.json.jobs.data.section).toMatchObject({ jss_is_final: false, xero_doc_number: null });
    const row = await rowOf(s.jssId);
    expect(row).toMatchObject({ status: 'pending', error_code: 'XE_CONN_ERR', attempts: 1 });
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now());
    // Xero did make it (the answer was lost on the way back).
    expect((await state()).invoices).toHaveLength(1);
    // Asking again while it waits does not send it beside the queued one.
    const again = await generate(s.jobId, { jss_id: s.jssId, type: 'INVOICE' });
    expect(again.json.jobs.data).toMatchObject({ status: 'queued', xsp_id: row.xsp_id });
    expect((await state()).calls.log.filter((c) => c.operationId === 'createInvoices')).toHaveLength(1);

    const retried = await call(t.app, {
      method: 'POST',
      url: `/api/xeroadmin/syncpending/${row.xsp_id}/retry`,
      body: {},
      cookie: cookies.developer,
      host: host(),
    });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json.xeroadmin.data).toMatchObject({ status: 'done', attempts: 2 });
    const snap = await state();
    expect(snap.invoices).toHaveLength(1);
    const sales = await call(t.app, { url: `/api/jobs/${s.jobId}/sales`, cookie: cookies.operator, host: host() });
    expect(sales.json.jobs.data.sections[0]).toMatchObject({ jss_is_final: true, xero_doc_number: snap.invoices[0].InvoiceNumber });
  });

  it('503 and 429 leave the push pending with its next attempt later; 429 waits for the rate window', async () => {
    const a = await section();
    await control.xero.failNext({ status: 503, operationId: 'createInvoices' });
    const r503 = await generate(a.jobId, { jss_id: a.jssId, type: 'INVOICE' });
    expect(r503.json.jobs.data.status).toBe('queued');
    const row503 = await rowOf(a.jssId);
    expect(row503).toMatchObject({ status: 'pending', error_code: 'XE_CONN_ERR', attempts: 1 });
    expect(new Date(row503.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 20_000);

    const b = await section();
    await control.xero.failNext({ status: 429, operationId: 'createInvoices' });
    const r429 = await generate(b.jobId, { jss_id: b.jssId, type: 'INVOICE' });
    expect(r429.json.jobs.data.status).toBe('queued');
    const row429 = await rowOf(b.jssId);
    expect(row429).toMatchObject({ status: 'pending', error_code: 'XE_CONN_ERR' });
    // No Retry-After: the budget blocks the organisation a minute, and the row waits for that.
    expect(new Date(row429.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect((await state()).invoices).toHaveLength(0);
    // Not due yet: a processor tick sends nothing.
    expect((await processDuePushes(pending(), own.brand.schema)).outcomes).toEqual([]);
  });

  it('the accounting queue sends a push that met a 503 once it is due, and asks to run again while another waits', async () => {
    const later = await section();
    await control.xero.failNext({ status: 503, operationId: 'createInvoices' });
    expect((await generate(later.jobId, { jss_id: later.jssId, type: 'INVOICE' })).json.jobs.data.status).toBe('queued');
    const queued: AccountingJob[] = [];
    const enqueue = async (job: AccountingJob) => {
      queued.push(job);
      return true;
    };
    // Not due yet: the ticker leaves the brand alone.
    await queueDuePushes(t.db, enqueue);
    expect(queued.filter((j) => j.schema === own.brand.schema)).toEqual([]);

    const now = await section();
    await control.xero.failNext({ status: 503, operationId: 'createInvoices' });
    expect((await generate(now.jobId, { jss_id: now.jssId, type: 'INVOICE' })).json.jobs.data.status).toBe('queued');
    await pending()
      .updateTable('xero_sync_pending')
      .set({ next_attempt_at: sql`now()` })
      .where('local_id', '=', now.jssId)
      .execute();
    await queueDuePushes(t.db, enqueue);
    expect(queued.filter((j) => j.schema === own.brand.schema)).toEqual([{ schema: own.brand.schema, task: PUSH_TASK }]);

    const outcome = await runAccountingTask(t.db, { schema: own.brand.schema, task: PUSH_TASK });
    expect(await rowOf(now.jssId)).toMatchObject({ status: 'done' });
    expect(await rowOf(later.jssId)).toMatchObject({ status: 'pending' });
    expect((await state()).invoices).toHaveLength(1);
    // The other push still waits (and earlier tests' may too): the task asks to run again when the first is due, not before.
    expect(outcome.status).toBe('retry');
    const retryAt = outcome.status === 'retry' ? outcome.retryAt.getTime() : 0;
    expect(retryAt).toBeGreaterThan(Date.now());
    expect(retryAt).toBeLessThanOrEqual(new Date((await rowOf(later.jssId)).next_attempt_at).getTime());
  });

  it('two processors at once send a due push once', async () => {
    const s = await section();
    await control.xero.failNext({ status: 503, operationId: 'createInvoices' });
    expect((await generate(s.jobId, { jss_id: s.jssId, type: 'INVOICE' })).json.jobs.data.status).toBe('queued');
    await pending()
      .updateTable('xero_sync_pending')
      .set({ next_attempt_at: sql`now()` })
      .where('local_id', '=', s.jssId)
      .execute();
    await control.xero.latency(300);
    const [one, two] = await Promise.all([processDuePushes(pending(), own.brand.schema), processDuePushes(pending(), own.brand.schema)]);
    expect([...one.outcomes, ...two.outcomes].map((o) => o.status)).toEqual(['done']);
    const snap = await state();
    expect(snap.invoices).toHaveLength(1);
    expect(snap.calls.log.filter((c) => c.operationId === 'createInvoices' && c.status === 200)).toHaveLength(1);
    expect(await rowOf(s.jssId)).toMatchObject({ status: 'done', attempts: 2 });

    // A push that keeps meeting passing errors fails after MAX_ATTEMPTS, for a person to look at.
    const worn = await section();
    await control.xero.failNext({ status: 503, operationId: 'createInvoices', count: 2 });
    expect((await generate(worn.jobId, { jss_id: worn.jssId, type: 'INVOICE' })).json.jobs.data.status).toBe('queued');
    await pending()
      .updateTable('xero_sync_pending')
      .set({ next_attempt_at: sql`now()`, attempts: MAX_ATTEMPTS - 1 })
      .where('local_id', '=', worn.jssId)
      .execute();
    const last = await processDuePushes(pending(), own.brand.schema);
    expect(last.outcomes.map((o) => o.status)).toEqual(['failed']);
    expect(await rowOf(worn.jssId)).toMatchObject({ status: 'failed', error_code: 'XE_CONN_ERR', attempts: MAX_ATTEMPTS });
  });

  it('a refused grant fails the push with XE_AUTH_ERR; a permanent error fails it and retry now clears it', async () => {
    const s = await section();
    await control.xero.failNext({ status: 500, operationId: 'createInvoices' });
    const failed = await generate(s.jobId, { jss_id: s.jssId, type: 'INVOICE' });
    expect(failed.status, failed.text).toBe(409);
    expect(failed.json.jobs.dbErrors[0]).toMatchObject({ error: 'XE_RESULT_ERR', primary: 'Unexpected result.' });
    const row = await rowOf(s.jssId);
    expect(row).toMatchObject({ status: 'failed', error_code: 'XE_RESULT_ERR' });
    const list = await call(t.app, {
      method: 'POST',
      url: '/api/xeroadmin/syncpending/filter',
      body: { status: 'failed' },
      cookie: cookies.developer,
      host: host(),
    });
    expect(list.json.xeroadmin.data.map((r: { xsp_id: number }) => r.xsp_id)).toContain(row.xsp_id);
    const retried = await call(t.app, {
      method: 'POST',
      url: `/api/xeroadmin/syncpending/${row.xsp_id}/retry`,
      body: {},
      cookie: cookies.developer,
      host: host(),
    });
    expect(retried.json.xeroadmin.data).toMatchObject({ status: 'done', error_code: null });
    expect((await state()).invoices).toHaveLength(1);

    // The user removed the app at Xero and the access token has run out: the push is refused.
    const other = await section();
    await revokeXeroGrant(t.db, own.brand.schema, providers);
    const refused = await generate(other.jobId, { jss_id: other.jssId, type: 'INVOICE' });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.jobs.dbErrors[0]).toMatchObject({ error: 'XE_AUTH_ERR', primary: 'Auth error during the sync.' });
    expect(await rowOf(other.jssId)).toMatchObject({ status: 'failed', error_code: 'XE_AUTH_ERR' });
    // From now on the brand is not connected: pushes wait, and a new request says why.
    const later = await generate(other.jobId, { jss_id: other.jssId, type: 'INVOICE' });
    expect(later.json.jobs.dbErrors[0]).toMatchObject({ error: 'AUTHERROR' });
    expect(await processDuePushes(pending(), own.brand.schema)).toEqual({ connected: false, outcomes: [] });
  });

  it('answers UNKNOWN_INVOICE for a section of another job, 400 for a bad type, and refuses roles without sales rights', async () => {
    const s = await section();
    const otherJob = (await section()).jobId;
    const wrong = await generate(otherJob, { jss_id: s.jssId, type: 'INVOICE' });
    expect(wrong.status, wrong.text).toBe(404);
    expect(wrong.json.jobs.dbErrors[0]).toMatchObject({ error: 'UNKNOWN_INVOICE', primary: 'Unknown invoice id!' });
    expect((await generate(s.jobId, { jss_id: s.jssId, type: 'RECEIPT' })).status).toBe(400);
    expect((await generate(s.jobId, { type: 'INVOICE' })).status).toBe(400);
    const engineer = await makeUser(t.db, 'Engineer', own.brand.schema);
    const engineerCookie = await login(t.app, own.brand.host, engineer.email);
    expect((await generate(s.jobId, { jss_id: s.jssId, type: 'INVOICE' }, engineerCookie)).status).toBe(403);
    const tax = await section([{ desc: 'Odd rate', qty: 1, unit: '10.00', tax: 7 }]);
    const noRate = await generate(tax.jobId, { jss_id: tax.jssId, type: 'INVOICE' });
    expect(noRate.status, noRate.text).toBe(409);
    expect(noRate.json.jobs.dbErrors[0]).toMatchObject({ error: 'SYNC_WAS_UNSUCCESSFUL', details: expect.stringContaining('7%') });
    expect((await state()).invoices).toHaveLength(0);
    const stored = await brandJobs(t.db, own.brand.schema)
      .selectFrom('job_sales_sections')
      .select('jss_is_final')
      .where('jss_id', '=', tax.jssId)
      .executeTakeFirstOrThrow();
    expect(stored.jss_is_final).toBe(false);
  });
});

describe('xeroadmin fetch calls', () => {
  it('answer a contact, invoice and quote as Xero holds them, and their not-found codes', async () => {
    const inv = await section();
    const invoice = (await generate(inv.jobId, { jss_id: inv.jssId, type: 'INVOICE' })).json.jobs.data.section;
    const qu = await section([{ desc: 'Survey', qty: 1, unit: '80.00', tax: 20 }], { type: 'QUOTE' });
    const quote = (await generate(qu.jobId, { jss_id: qu.jssId, type: 'QUOTE' })).json.jobs.data.section;
    const contactId = (await pending().selectFrom('contacts').select('xero_contact_id').where('co_id', '=', inv.coId).executeTakeFirstOrThrow())
      .xero_contact_id;
    const get = (url: string, cookie = cookies.developer) => call(t.app, { url, cookie, host: host() });

    expect((await get(`/api/xeroadmin/contact/${contactId}`)).json.xeroadmin.data).toMatchObject({ ContactID: contactId, Name: inv.clientName });
    expect((await get(`/api/xeroadmin/invoice/${invoice.xero_doc_id}`)).json.xeroadmin.data).toMatchObject({
      InvoiceNumber: invoice.xero_doc_number,
      Total: 120,
    });
    expect((await get(`/api/xeroadmin/quote/${quote.xero_doc_id}`)).json.xeroadmin.data).toMatchObject({ QuoteNumber: quote.xero_doc_number });

    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [kind, code, text] of [
      ['contact', 'XE_CONT_NOTEX_ONXERO', 'Contact is not found.'],
      ['invoice', 'XE_INV_NOTEX_ONXERO', 'Invoice ID not found'],
      ['quote', 'XE_QUOTE_NF', 'Quote ID not found'],
    ]) {
      const res = await get(`/api/xeroadmin/${kind}/${missing}`);
      expect(res.status, `${kind}: ${res.text}`).toBe(404);
      expect(res.json.xeroadmin.dbErrors[0]).toMatchObject({ error: code, primary: text });
    }
    expect((await get('/api/xeroadmin/invoice/not-a-guid')).status).toBe(400);
    expect((await get(`/api/xeroadmin/invoice/${invoice.xero_doc_id}`, cookies.operator)).status).toBe(403);
    expect((await get(`/api/xeroadmin/invoice/${invoice.xero_doc_id}`, own.admin)).status).toBe(403);
  });
});
