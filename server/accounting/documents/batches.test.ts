/**
 * The push queue's batches against the run's local Xero (server/test/globalSetup.ts): many due
 * sections go out 50 documents a call, a refused element fails only its own row, and a batch whose
 * answer was lost is re-sent whole under its key, so Xero holds each document once. Each test
 * connects the file's brand to a new Xero organisation of its own and queues sections of its own.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { providerControl, type ProviderControl } from '../../../providers/control';
import { brandDb } from '../../db/types';
import type { AnyDb } from '../../resources/hooks';
import { call, login, sandboxProviders, useTestApp, useTestBrand } from '../../test/helpers';
import { connectXero, type Connected } from '../testConnect';
import { BATCH_SIZE, enqueuePush, processDuePushes } from './queue';
import { jobWithSection } from './testSections';

const t = useTestApp();
const own = useTestBrand(t);
let control: ProviderControl;
let providers: string;
let xero: Connected;
let developer: string;

beforeAll(async () => {
  providers = sandboxProviders();
  control = providerControl(providers);
  developer = await login(t.app, own.brand.host, 'developer@demo.test');
});
beforeEach(async () => {
  xero = await connectXero(t.app, providers, own.brand.host, own.admin);
});
afterEach(async () => {
  await control.xero.clearFaults();
  const mine = (await control.violations()).filter((v) => /\/(Invoices|Contacts)\b/i.test(v.path));
  expect(mine).toEqual([]);
  await call(t.app, { url: '/api/xeroauth/logout', cookie: own.admin, host: own.brand.host });
});

const db = () => brandDb(t.db, own.brand.schema) as unknown as AnyDb;
const state = () => control.xero.state(xero.tenantId);
const callsOf = async (operationId: string) => (await state()).calls.log.filter((c) => c.operationId === operationId);

/** `n` sections of jobs with a client each, queued as invoices (not tried yet: the queue sends them). */
async function queueInvoices(n: number, tax = 20): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = await jobWithSection(t.db, own.brand.schema, { rows: [{ desc: `Repair ${i}`, qty: 1, unit: '100.00', tax }] });
    await enqueuePush(db(), own.brand.schema, s.jobId, s.jssId, 'INVOICE');
    ids.push(s.jssId);
  }
  return ids;
}

const sectionsOf = (ids: number[]) =>
  db().selectFrom('job_sales_sections').select(['jss_id', 'jss_is_final', 'xero_doc_number']).where('jss_id', 'in', ids).orderBy('jss_id').execute();
const rowsOf = (ids: number[]) =>
  db().selectFrom('xero_sync_pending').selectAll().where('kind', '=', 'salessection').where('local_id', 'in', ids).orderBy('local_id').execute();
const makeDue = (ids: number[]) =>
  db()
    .updateTable('xero_sync_pending')
    .set({ next_attempt_at: sql`now()` })
    .where('local_id', 'in', ids)
    .where('status', '=', 'pending')
    .execute();

describe('batched pushes', () => {
  it('120 due invoices go out in 3 calls of at most 50, each section with its own document', async () => {
    const ids = await queueInvoices(120);
    const result = await processDuePushes(db(), own.brand.schema);
    expect(result.outcomes.map((o) => o.status)).toEqual(Array(120).fill('done'));

    const creates = await callsOf('createInvoices');
    expect(creates).toHaveLength(3);
    expect(creates.every((c) => c.status === 200)).toBe(true);
    // The clients were new to Xero: made alongside, one call per batch rather than one per invoice.
    expect(await callsOf('createContacts')).toHaveLength(3);
    const snap = await state();
    expect(snap.invoices).toHaveLength(120);
    expect(snap.contacts).toHaveLength(120);
    const sections = await sectionsOf(ids);
    expect(sections.every((s) => s.jss_is_final)).toBe(true);
    const numbers = sections.map((s) => s.xero_doc_number);
    expect(new Set(numbers).size).toBe(120);
    expect(new Set(numbers)).toEqual(new Set(snap.invoices.map((i) => i.InvoiceNumber)));
    // A section's number is the invoice Xero made for its job (the job's reference and client).
    const invoiceOf = new Map(snap.invoices.map((i) => [i.InvoiceNumber, i]));
    const client = await db()
      .selectFrom('job_sales_sections as s')
      .innerJoin('jobs as j', 'j.job_id', 's.job_id')
      .innerJoin('contacts as c', 'c.co_id', 'j.co_id')
      .select(['s.jss_id', 'c.xero_contact_id'])
      .where('s.jss_id', 'in', ids)
      .orderBy('s.jss_id')
      .execute();
    for (const [n, s] of sections.entries())
      expect((invoiceOf.get(s.xero_doc_number) as { Contact: { ContactID: string } }).Contact.ContactID).toBe(client[n].xero_contact_id);
    expect((await rowsOf(ids)).every((r) => r.status === 'done' && r.batch_key === null && r.attempts === 1)).toBe(true);
  });

  it('an element Xero refuses fails only its row, with Xero’s message; the rest of the batch is done', async () => {
    // A tax rate the brand holds that the organisation has since removed: Xero refuses that invoice alone.
    await db()
      .insertInto('xero_taxrates')
      .values({ tax_type: 'REMOVEDRATE', name: 'Old reduced rate', effective_rate: 7, status: 'ACTIVE' })
      .onConflict((oc) => oc.column('tax_type').doNothing())
      .execute();
    const good = await queueInvoices(4);
    const [bad] = await queueInvoices(1, 7);
    const result = await processDuePushes(db(), own.brand.schema);
    expect(result.outcomes).toHaveLength(5);
    expect(await callsOf('createInvoices')).toHaveLength(1);

    const rows = await rowsOf([...good, bad]);
    const badRow = rows.find((r) => r.local_id === bad)!;
    expect(badRow).toMatchObject({ status: 'failed', error_code: 'XE_RESULT_ERR', batch_key: null });
    expect(badRow.error_text).toContain("The TaxType code 'REMOVEDRATE' does not exist");
    expect(rows.filter((r) => r.local_id !== bad).map((r) => r.status)).toEqual(['done', 'done', 'done', 'done']);
    expect((await state()).invoices).toHaveLength(4);
    expect((await sectionsOf([bad]))[0]).toMatchObject({ jss_is_final: false, xero_doc_number: null });
  });

  it('lost answers (contacts, then invoices) and a retry later make each contact and invoice once', async () => {
    const ids = await queueInvoices(BATCH_SIZE + 10);
    await control.xero.loseAnswer({ operationId: 'createContacts' });
    await control.xero.loseAnswer({ operationId: 'createInvoices' });

    // The first batch's contacts call is committed at Xero but unanswered: the batch waits, keeping its key; the second waits behind it.
    const first = await processDuePushes(db(), own.brand.schema);
    expect(first.outcomes.map((o) => o.status)).toEqual(Array(BATCH_SIZE).fill('pending'));
    const waiting = await rowsOf(ids);
    expect(waiting.every((r) => r.status === 'pending')).toBe(true);
    // Both batches were formed (and their keys written) before the first was sent.
    const sizes = new Map<string | null, number>();
    for (const r of waiting) sizes.set(r.batch_key, (sizes.get(r.batch_key) ?? 0) + 1);
    expect([...sizes.values()].sort((a, b) => b - a)).toEqual([BATCH_SIZE, 10]);
    expect(sizes.has(null)).toBe(false);
    const firstBatch = waiting.filter((r) => sizes.get(r.batch_key) === BATCH_SIZE);

    // Later (a restart, say): the same batch again; now its invoices' answer is lost.
    await makeDue(ids);
    const second = await processDuePushes(db(), own.brand.schema);
    expect(second.outcomes.map((o) => o.status)).toEqual(Array(BATCH_SIZE).fill('pending'));
    expect((await rowsOf(ids)).filter((r) => r.batch_key === firstBatch[0].batch_key)).toHaveLength(BATCH_SIZE);

    await makeDue(ids);
    const third = await processDuePushes(db(), own.brand.schema);
    expect(third.outcomes.map((o) => o.status)).toEqual(Array(BATCH_SIZE + 10).fill('done'));

    const snap = await state();
    expect(snap.contacts).toHaveLength(BATCH_SIZE + 10);
    expect(snap.invoices).toHaveLength(BATCH_SIZE + 10);
    const numbers = (await sectionsOf(ids)).map((s) => s.xero_doc_number);
    expect(new Set(numbers)).toEqual(new Set(snap.invoices.map((i) => i.InvoiceNumber)));
    // Calls: the first batch's invoices twice (lost, then answered from Xero's memory of the key), the second batch once.
    expect(await callsOf('createInvoices')).toHaveLength(3);

    // Answered batches are never sent again.
    await makeDue(ids);
    expect((await processDuePushes(db(), own.brand.schema)).outcomes).toEqual([]);
    expect(await callsOf('createInvoices')).toHaveLength(3);
  });

  it('retry now on one row of an unanswered batch sends the whole batch again under its key: each invoice once', async () => {
    const ids = await queueInvoices(3);
    await control.xero.loseAnswer({ operationId: 'createInvoices' });
    expect((await processDuePushes(db(), own.brand.schema)).outcomes.map((o) => o.status)).toEqual(['pending', 'pending', 'pending']);
    const [row] = await rowsOf(ids);

    const retried = await call(t.app, {
      method: 'POST',
      url: `/api/xeroadmin/syncpending/${row.xsp_id}/retry`,
      body: {},
      cookie: developer,
      host: own.brand.host,
    });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json.xeroadmin.data).toMatchObject({ status: 'done', error_code: null });
    expect((await rowsOf(ids)).map((r) => r.status)).toEqual(['done', 'done', 'done']);
    const snap = await state();
    expect(snap.invoices).toHaveLength(3);
    expect(new Set((await sectionsOf(ids)).map((s) => s.xero_doc_number))).toEqual(new Set(snap.invoices.map((i) => i.InvoiceNumber)));
    expect(await callsOf('createInvoices')).toHaveLength(2);
  });

  it('asking again for a section of an unanswered batch once it is due sends that batch under its key, not a second document', async () => {
    const operator = await login(t.app, own.brand.host, 'operator@demo.test');
    const ids = await queueInvoices(2);
    await control.xero.loseAnswer({ operationId: 'createInvoices' });
    expect((await processDuePushes(db(), own.brand.schema)).outcomes.map((o) => o.status)).toEqual(['pending', 'pending']);
    await makeDue(ids);
    const { job_id } = await db().selectFrom('job_sales_sections').select('job_id').where('jss_id', '=', ids[1]).executeTakeFirstOrThrow();

    const again = await call(t.app, {
      method: 'POST',
      url: `/api/jobs/${job_id}/generatexeroinvoice`,
      body: { jss_id: ids[1], type: 'INVOICE' },
      cookie: operator,
      host: own.brand.host,
    });
    expect(again.status, again.text).toBe(200);
    expect(again.json.jobs.data.status).toBe('done');
    expect((await rowsOf(ids)).map((r) => r.status)).toEqual(['done', 'done']);
    expect((await state()).invoices).toHaveLength(2);
    expect(await callsOf('createInvoices')).toHaveLength(2);
  });
});
