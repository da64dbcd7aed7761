/**
 * The Xero pulls against the run's local Xero (server/test/globalSetup.ts): tax rates, items and
 * the two-way contact sync, through their routes (queued in this process's background, as without
 * workers) and, for the fault cases, run directly with runAccountingTask to read their outcome.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { providerControl, type ProviderControl } from '../../providers/control';
import { brandDb } from '../db/types';
import { call, sandboxProviders, uniqueName, useTestApp, useTestBrand } from '../test/helpers';
import { runAccountingTask } from './queue/tasks';
import { CONTACT_SYNC } from './sync/contacts';
import { beginSync, readState } from './sync/state';
import type { SyncDb } from './sync/tables';
import { TAXRATE_PULL } from './sync/taxRates';
import { connectXero, revokeXeroGrant, type Connected } from './testConnect';

const t = useTestApp();
const own = useTestBrand(t);
let providers: string;
let control: ProviderControl;
let xero: Connected;
const db = () => brandDb(t.db, own.brand.schema) as unknown as SyncDb;

const get = (url: string) => call(t.app, { url, cookie: own.admin, host: own.brand.host });
const post = (url: string, body: unknown = {}) => call(t.app, { method: 'POST', url, body, cookie: own.admin, host: own.brand.host });

/** The resource's sync state once its background run has finished (polled as the SPA does). */
async function settled(resource: string) {
  for (let i = 0; i < 200; i += 1) {
    const res = await get('/api/xeroadmin/syncstate');
    expect(res.status, res.text).toBe(200);
    const state = res.json.xeroadmin.data.find((s: { resource: string }) => s.resource === resource);
    if (!state.running) return state;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${resource} sync did not finish`);
}

beforeAll(async () => {
  providers = sandboxProviders();
  control = providerControl(providers);
  xero = await connectXero(t.app, providers, own.brand.host, own.admin);
});

describe('tax-rate pull', () => {
  it("lands Xero's rates, keeps the local default and visibility across a re-pull, and marks a vanished rate DELETED", async () => {
    await db().insertInto('xero_taxrates').values({ tax_type: 'OLDRATE', name: 'Old rate', effective_rate: 17.5 }).execute();
    const first = await post('/api/xerotaxrates/sync');
    expect(first.status, first.text).toBe(200);
    expect(first.json.xerotaxrates.data).toMatchObject({ resource: 'taxrates' });
    expect(await settled('taxrates')).toMatchObject({ running: false, error: null, next_page: 0, done: 9, total: 9 });
    const rates = await db().selectFrom('xero_taxrates').select(['xtr_id', 'tax_type', 'name', 'effective_rate', 'status', 'type']).execute();
    expect(rates.find((r) => r.tax_type === 'RROUTPUT')).toMatchObject({ name: '5% (VAT on Income)', status: 'ACTIVE', type: 'OUTPUT' });
    expect(Number(rates.find((r) => r.tax_type === 'OUTPUT2')?.effective_rate)).toBe(20);
    expect(rates.find((r) => r.tax_type === 'OLDRATE')).toMatchObject({ status: 'DELETED' });

    // The admin's choices: 5% the default, zero-rated hidden, then a second pull.
    const reduced = rates.find((r) => r.tax_type === 'RROUTPUT')!;
    expect((await post(`/api/xerotaxrates/${reduced.xtr_id}/default`)).status).toBe(200);
    await db().updateTable('xero_taxrates').set({ xtr_visible: false }).where('tax_type', '=', 'ZERORATEDOUTPUT').execute();
    expect((await post('/api/xerotaxrates/sync')).status).toBe(200);
    expect(await settled('taxrates')).toMatchObject({ running: false, error: null, done: 9 });
    const after = await db().selectFrom('xero_taxrates').select(['tax_type', 'is_default', 'xtr_visible']).execute();
    expect(after.filter((r) => r.is_default).map((r) => r.tax_type)).toEqual(['RROUTPUT']);
    expect(after.find((r) => r.tax_type === 'ZERORATEDOUTPUT')).toMatchObject({ xtr_visible: false });
    expect(after).toHaveLength(10);
  });
});

describe('item pull', () => {
  it('pulls every item in full while none exist (with its sales price), then only what changed since (If-Modified-Since)', async () => {
    const { now } = await control.clock();
    const code = uniqueName('IT').slice(0, 20);
    await control.xero.seedItems(xero.tenantId, [
      { Code: `${code}-A`, Name: 'Boiler service', Description: 'Annual service', SalesDetails: { UnitPrice: 95 }, updatedMs: now - 60_000 },
      { Code: `${code}-B`, Name: 'Gas safety check', updatedMs: now - 60_000 },
      { Code: `${code}-C`, Name: 'Call-out', updatedMs: now - 60_000 },
    ]);
    const full = await post('/api/xeroitems/sync', { full: true });
    expect(full.status, full.text).toBe(200);
    expect(await settled('items')).toMatchObject({ running: false, error: null, done: 3, total: 3 });
    const items = await db().selectFrom('xero_items').select(['code', 'name', 'description', 'unit_price']).orderBy('code').execute();
    expect(items).toEqual([
      { code: `${code}-A`, name: 'Boiler service', description: 'Annual service', unit_price: 95 },
      { code: `${code}-B`, name: 'Gas safety check', description: null, unit_price: null },
      { code: `${code}-C`, name: 'Call-out', description: null, unit_price: null },
    ]);
    // Items exist now: a full pull is refused; the next pull asks only for changes.
    expect((await post('/api/xeroitems/sync', { full: true })).status).toBe(400);
    await control.xero.seedItems(xero.tenantId, [{ Code: `${code}-B`, Name: 'Gas safety certificate', SalesDetails: { UnitPrice: 62.5 } }]);
    expect((await post('/api/xeroitems/sync', {})).status).toBe(200);
    // Only the changed item came back: the pull sent If-Modified-Since.
    expect(await settled('items')).toMatchObject({ running: false, error: null, done: 1, total: 1 });
    expect(await db().selectFrom('xero_items').select(['name', 'unit_price']).where('code', '=', `${code}-B`).executeTakeFirst()).toEqual({
      name: 'Gas safety certificate',
      unit_price: 62.5,
    });
  });
});

describe('contact sync', () => {
  it('pulls 230 contacts 100 a page keeping the next page, resumes after a stop with nothing doubled, and pushes ours', async () => {
    const tag = uniqueName('c');
    await control.xero.seedContacts(
      xero.tenantId,
      Array.from({ length: 230 }, (_, i) => ({ Name: `Xero ${tag} ${i}`, EmailAddress: `x${i}@${tag}.test`, IsSupplier: i % 10 === 0 })),
    );
    await control.xero.seedContacts(xero.tenantId, [{ Name: `Taken ${tag}` }]);
    const mine = await db()
      .insertInto('contacts')
      .values([
        { co_type: 'CLIENT', co_name: `Ours ${tag}`, co_email: `ours@${tag}.test` },
        { co_type: 'CLIENT', co_name: `Taken ${tag}` },
        { co_type: 'ENGINEER', co_name: `Engineer ${tag}` },
      ])
      .returning(['co_id', 'co_name'])
      .execute();

    // A stop (the process shutting down) after two pages: the cursor says page 3.
    await beginSync(db(), 'contacts');
    let steps = 0;
    const stopped = await runAccountingTask(t.db, { schema: own.brand.schema, task: CONTACT_SYNC }, { stopping: () => ++steps > 2 });
    expect(stopped.status).toBe('retry');
    expect(await readState(db(), 'contacts')).toMatchObject({ running: true, next_page: 3, done: 200, total: 231 });

    // The next process resumes from page 3 through the push.
    expect(await runAccountingTask(t.db, { schema: own.brand.schema, task: CONTACT_SYNC })).toEqual({ status: 'done' });
    const state = await readState(db(), 'contacts');
    expect(state).toMatchObject({ running: false, next_page: 0, error: null, done: 231 + 2 });
    expect(state.notice).toMatch(/1 contact\(s\) not sent/);

    const pulled = await db().selectFrom('contacts').select(['co_name', 'co_type', 'xero_contact_id']).where('co_name', 'like', `Xero ${tag} %`).execute();
    expect(pulled).toHaveLength(230);
    expect(new Set(pulled.map((c) => c.xero_contact_id)).size).toBe(230);
    expect(pulled.find((c) => c.co_name === `Xero ${tag} 10`)?.co_type).toBe('SUPPLIER');
    expect(pulled.find((c) => c.co_name === `Xero ${tag} 11`)?.co_type).toBe('CLIENT');

    const ours = await db()
      .selectFrom('contacts')
      .select(['co_id', 'xero_contact_id', 'xero_error'])
      .where(
        'co_id',
        'in',
        mine.map((m) => m.co_id),
      )
      .orderBy('co_id')
      .execute();
    // Ours went to Xero and holds the id Xero gave; the engineer is not a Xero contact.
    const snapshot = await control.xero.state(xero.tenantId);
    const sent = snapshot.contacts.find((c) => c.Name === `Ours ${tag}`);
    expect(sent).toMatchObject({ EmailAddress: `ours@${tag}.test` });
    expect(ours[0]).toMatchObject({ xero_contact_id: sent?.ContactID, xero_error: null });
    expect(ours[2]).toMatchObject({ xero_contact_id: null, xero_error: null });
    // Xero's unique-name rule, answered with a clear message on the contact.
    expect(ours[1].xero_contact_id).toBeNull();
    expect(ours[1].xero_error).toBe(
      `Xero already has another contact named "Taken ${tag}": contact names must be unique in Xero. Rename this contact (or the one in Xero) and sync again.`,
    );
    expect(snapshot.contacts.filter((c) => c.Name === `Taken ${tag}`)).toHaveLength(1);
    // The contact's page shows it (read-only: an update does not write it).
    const details = await get(`/api/contacts/${ours[1].co_id}/details`);
    expect(details.json.contacts.data.xero_error).toBe(ours[1].xero_error);
    const edit = await call(t.app, {
      method: 'PATCH',
      url: `/api/contacts/${ours[1].co_id}`,
      body: { xero_error: 'mine' },
      cookie: own.admin,
      host: own.brand.host,
    });
    expect(edit.status, edit.text).toBe(200);
    expect((await get(`/api/contacts/${ours[1].co_id}/details`)).json.contacts.data.xero_error).toBe(ours[1].xero_error);

    // A second sync pulls nothing new (modified since) and sends nothing twice.
    const before = snapshot.contacts.length;
    const again = await post('/api/contacts/xerosync');
    expect(again.status, again.text).toBe(200);
    expect(await settled('contacts')).toMatchObject({ running: false, error: null });
    expect((await control.xero.state(xero.tenantId)).contacts).toHaveLength(before);
    const count = await db()
      .selectFrom('contacts')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('co_name', 'like', `Xero ${tag} %`)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(230);
  });
});

describe('two processes', () => {
  it('syncing the same brand at once take turns page by page: every contact once, nothing sent twice', async () => {
    const tag = uniqueName('two');
    await control.xero.seedContacts(
      xero.tenantId,
      Array.from({ length: 150 }, (_, i) => ({ Name: `Both ${tag} ${i}` })),
    );
    await db()
      .insertInto('contacts')
      .values({ co_type: 'CLIENT', co_name: `Local ${tag}` })
      .execute();
    await beginSync(db(), 'contacts');
    const job = { schema: own.brand.schema, task: CONTACT_SYNC };
    const outcomes = await Promise.all([runAccountingTask(t.db, job), runAccountingTask(t.db, job)]);
    expect(outcomes).toEqual([{ status: 'done' }, { status: 'done' }]);
    const pulled = await db().selectFrom('contacts').select('xero_contact_id').where('co_name', 'like', `Both ${tag} %`).execute();
    expect(pulled).toHaveLength(150);
    expect(new Set(pulled.map((c) => c.xero_contact_id)).size).toBe(150);
    expect((await control.xero.state(xero.tenantId)).contacts.filter((c) => c.Name === `Local ${tag}`)).toHaveLength(1);
    expect(await readState(db(), 'contacts')).toMatchObject({ running: false, error: null });
  });
});

describe('lost answers', () => {
  it('a push whose answer was lost is retried with the same Idempotency-Key: the contact is made once and its id kept', async () => {
    const name = uniqueName('Lost answer');
    const made = await db().insertInto('contacts').values({ co_type: 'CUSTOMER', co_name: name }).returning('co_id').executeTakeFirstOrThrow();
    await beginSync(db(), 'contacts');
    await control.xero.loseAnswer({ operationId: 'updateOrCreateContacts' });
    const job = { schema: own.brand.schema, task: CONTACT_SYNC };
    expect((await runAccountingTask(t.db, job)).status).toBe('retry');
    expect(await runAccountingTask(t.db, job)).toEqual({ status: 'done' });
    const atXero = (await control.xero.state(xero.tenantId)).contacts.filter((c) => c.Name === name);
    expect(atXero).toHaveLength(1);
    const local = await db().selectFrom('contacts').select('xero_contact_id').where('co_id', '=', made.co_id).executeTakeFirstOrThrow();
    expect(local.xero_contact_id).toBe(atXero[0].ContactID);
  });
});

describe('faults', () => {
  it('a refused grant stops the sync with XE_AUTH_ERR', async () => {
    await revokeXeroGrant(t.db, own.brand.schema, providers);
    await beginSync(db(), 'taxrates');
    expect(await runAccountingTask(t.db, { schema: own.brand.schema, task: TAXRATE_PULL })).toEqual({ status: 'failed', code: 'XE_AUTH_ERR' });
    expect(await readState(db(), 'taxrates')).toMatchObject({ running: false, error: 'XE_AUTH_ERR' });
    // Without a connection the route refuses at once.
    expect((await post('/api/xerotaxrates/sync')).json.xerotaxrates.dbErrors[0].error).toBe('AUTHERROR');
  });

  it("a 429 from Xero reschedules the pull at Xero's time instead of failing it, and the next run finishes", async () => {
    // A new organisation (the previous grant was refused): its own rate budget.
    xero = await connectXero(t.app, providers, own.brand.host, own.admin);
    await beginSync(db(), 'taxrates');
    await control.xero.failNext({ status: 429, operationId: 'getTaxRates' });
    const outcome = await runAccountingTask(t.db, { schema: own.brand.schema, task: TAXRATE_PULL });
    expect(outcome.status).toBe('retry');
    expect(outcome.status === 'retry' && outcome.retryAt.getTime()).toBeGreaterThan(Date.now());
    expect(await readState(db(), 'taxrates')).toMatchObject({ running: true, stalled: false, error: null, next_page: 1 });
    // Still waiting a quarter of an hour later (its job lost, say): the page offers the sync again.
    await db()
      .updateTable('xero_sync_state')
      .set({ last_run_at: new Date(Date.now() - 16 * 60_000) })
      .where('resource', '=', 'taxrates')
      .execute();
    expect(await readState(db(), 'taxrates')).toMatchObject({ running: true, stalled: true });
  });
});

describe('contracts', () => {
  it("sent every pull and push as Xero's contract allows", async () => {
    const ours = (await control.violations()).filter((v) => /\/(Contacts|Items|TaxRates)/i.test(v.path));
    expect(ours).toEqual([]);
  });
});
