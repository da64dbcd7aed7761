/**
 * The accounting-sync codes of SPEC point 8 that only a misbehaving Xero or a vanished record
 * provokes, each provoked here against the run's local Xero (server/test/globalSetup.ts): a list
 * answered one element short (XE_COUNT_ERR), a queued section deleted before its push (XE_INV_NF),
 * a pull Xero answers 404 (XE_NOTEX_ONXERO); and every failure kind's code (XE_UNKNOWN for anything
 * that is not an answer of Xero's).
 */
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { providerControl, type ProviderControl } from '../../providers/control';
import { brandDb } from '../db/types';
import { AuthRefused, NotFound, RateLimited, UnexpectedAnswer, Unavailable, Validation } from '../integrations/http/errors';
import type { AnyDb } from '../resources/hooks';
import { sandboxProviders, uniqueName, useTestApp, useTestBrand } from '../test/helpers';
import { enqueuePush, processDuePushes } from './documents/queue';
import { jobWithSection } from './documents/testSections';
import { runAccountingTask } from './queue/tasks';
import { CONTACT_SYNC } from './sync/contacts';
import { beginSync, readState } from './sync/state';
import type { SyncDb } from './sync/tables';
import { TAXRATE_PULL } from './sync/taxRates';
import { connectXero, type Connected } from './testConnect';
import { CountMismatch, xeroCodeOf } from './xero/api';

const t = useTestApp();
const own = useTestBrand(t);
let control: ProviderControl;
let xero: Connected;
const db = () => brandDb(t.db, own.brand.schema) as unknown as AnyDb;
const syncDb = () => db() as unknown as SyncDb;

beforeAll(async () => {
  const providers = sandboxProviders();
  control = providerControl(providers);
  xero = await connectXero(t.app, providers, own.brand.host, own.admin);
});
afterEach(async () => {
  await control.xero.clearFaults();
});

const rowOf = (jssId: number) =>
  db().selectFrom('xero_sync_pending').selectAll().where('kind', '=', 'salessection').where('local_id', '=', jssId).executeTakeFirstOrThrow();

async function queuedInvoice(): Promise<{ jobId: number; jssId: number }> {
  const s = await jobWithSection(t.db, own.brand.schema, { rows: [{ desc: 'Boiler service', qty: 1, unit: '80.00', tax: 20 }] });
  await enqueuePush(db(), own.brand.schema, s.jobId, s.jssId, 'INVOICE');
  return s;
}

describe('XE_COUNT_ERR', () => {
  it('an invoice batch answered one document short fails every row of it with the count error, neither section final', async () => {
    const first = await queuedInvoice();
    const second = await queuedInvoice();
    await control.xero.shortAnswer({ operationId: 'createInvoices' });
    const result = await processDuePushes(db(), own.brand.schema);
    expect(result.outcomes.map((o) => o.status)).toEqual(['failed', 'failed']);
    for (const s of [first, second])
      expect(await rowOf(s.jssId)).toMatchObject({
        status: 'failed',
        error_code: 'XE_COUNT_ERR',
        error_text: expect.stringMatching(/^Count error during the sync\./),
      });
    // Nothing is taken as done: neither section is final nor carries a number.
    const sections = await db()
      .selectFrom('job_sales_sections')
      .select(['jss_is_final', 'xero_doc_number'])
      .where('jss_id', 'in', [first.jssId, second.jssId])
      .execute();
    expect(sections.every((s) => !s.jss_is_final && s.xero_doc_number === null)).toBe(true);
  });

  it("a contact push answered one contact short stops the contact sync with the count error, the contact's link untouched", async () => {
    const name = uniqueName('Short answer');
    const made = await db().insertInto('contacts').values({ co_type: 'CUSTOMER', co_name: name }).returning('co_id').executeTakeFirstOrThrow();
    await db()
      .insertInto('contacts')
      .values({ co_type: 'CUSTOMER', co_name: uniqueName('Short answer too') })
      .execute();
    await beginSync(syncDb(), 'contacts');
    await control.xero.shortAnswer({ operationId: 'updateOrCreateContacts' });
    expect(await runAccountingTask(t.db, { schema: own.brand.schema, task: CONTACT_SYNC })).toEqual({ status: 'failed', code: 'XE_COUNT_ERR' });
    expect(await readState(syncDb(), 'contacts')).toMatchObject({ running: false, error: 'XE_COUNT_ERR' });
    const local = await db().selectFrom('contacts').select(['xero_contact_id']).where('co_id', '=', made.co_id).executeTakeFirstOrThrow();
    expect(local.xero_contact_id).toBeNull();
  });
});

describe('XE_INV_NF', () => {
  it('a queued push whose section was deleted meanwhile fails with "Invoice ID not found." and sends nothing', async () => {
    const s = await queuedInvoice();
    const before = (await control.xero.state(xero.tenantId)).invoices.length;
    await db().deleteFrom('job_sales_sections').where('jss_id', '=', s.jssId).execute();
    const result = await processDuePushes(db(), own.brand.schema);
    expect(result.outcomes.map((o) => o.status)).toEqual(['failed']);
    expect(await rowOf(s.jssId)).toMatchObject({ status: 'failed', error_code: 'XE_INV_NF', error_text: 'Invoice ID not found.' });
    expect((await control.xero.state(xero.tenantId)).invoices).toHaveLength(before);
  });
});

describe('XE_NOTEX_ONXERO', () => {
  it('a pull that Xero answers "not found" stops with "Does not exist on the accounting system."', async () => {
    await beginSync(syncDb(), 'taxrates');
    await control.xero.failNext({ status: 404, operationId: 'getTaxRates' });
    expect(await runAccountingTask(t.db, { schema: own.brand.schema, task: TAXRATE_PULL })).toEqual({ status: 'failed', code: 'XE_NOTEX_ONXERO' });
    expect(await readState(syncDb(), 'taxrates')).toMatchObject({ running: false, error: 'XE_NOTEX_ONXERO' });
    // The next sync asked for starts afresh and finishes.
    await db().updateTable('xero_sync_state').set({ last_error: null }).where('resource', '=', 'taxrates').execute();
    await beginSync(syncDb(), 'taxrates');
    expect(await runAccountingTask(t.db, { schema: own.brand.schema, task: TAXRATE_PULL })).toEqual({ status: 'done' });
    expect(await readState(syncDb(), 'taxrates')).toMatchObject({ running: false, error: null });
    const { n } = await db()
      .selectFrom('xero_taxrates')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(n).toBeGreaterThan(0);
  });
});

describe('the code of each failure kind', () => {
  it('names a refused grant, a missing record, passing trouble, a refusal, an odd answer, a count mismatch and anything else', () => {
    expect(xeroCodeOf(new AuthRefused('xero', 'refused', 401))).toBe('XE_AUTH_ERR');
    expect(xeroCodeOf(new NotFound('xero', 'gone', 404))).toBe('XE_NOTEX_ONXERO');
    expect(xeroCodeOf(new NotFound('xero', 'gone', 404), 'XE_QUOTE_NF')).toBe('XE_QUOTE_NF');
    expect(xeroCodeOf(new RateLimited('xero', 429, new Date(), null))).toBe('XE_CONN_ERR');
    expect(xeroCodeOf(new Unavailable('xero', 503, null))).toBe('XE_CONN_ERR');
    expect(xeroCodeOf(new Validation('xero', {}))).toBe('XE_RESULT_ERR');
    expect(xeroCodeOf(new UnexpectedAnswer('xero', 500, {}))).toBe('XE_RESULT_ERR');
    expect(xeroCodeOf(new CountMismatch('contacts', 2, 1))).toBe('XE_COUNT_ERR');
    expect(xeroCodeOf(new TypeError('cannot read properties of undefined'))).toBe('XE_UNKNOWN');
  });
});
