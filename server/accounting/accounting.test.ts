import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACME_HOST, DEMO_HOST, call, login, useTestApp, useTestBrand } from '../test/helpers';

const t = useTestApp();
const own = useTestBrand(t);
let developer: string;
let operator: string;

beforeAll(async () => {
  developer = await login(t.app, own.brand.host, 'developer@demo.test');
  operator = await login(t.app, own.brand.host, 'operator@demo.test');
});

const post = (url: string, body: unknown = {}, cookie = own.admin) => call(t.app, { method: 'POST', url, body, cookie, host: own.brand.host });
const patch = (url: string, body: unknown, cookie = own.admin) => call(t.app, { method: 'PATCH', url, body, cookie, host: own.brand.host });
const get = (url: string, cookie = own.admin) => call(t.app, { url, cookie, host: own.brand.host });

async function rate(tax_type: string, name: string, effective_rate: number, extra: Record<string, unknown> = {}) {
  const res = await post('/api/xerotaxrates/create', { tax_type, name, effective_rate, type: 'OUTPUT', ...extra });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.xerotaxrates.data as Record<string, unknown> & { xtr_id: number };
}

const defaults = async () => {
  const res = await post('/api/xerotaxrates/filter?sort=name', { is_default: true });
  return (res.json.xerotaxrates.data as { name: string }[]).map((r) => r.name);
};

describe('xerotaxrates', () => {
  it('creates, lists, reads, updates and deletes tax rates, the rate answered as a number', async () => {
    const made = await rate('OUTPUT2', '20% (VAT on Income)', 20);
    expect(made).toMatchObject({ name: '20% (VAT on Income)', status: 'ACTIVE', effective_rate: 20, xtr_visible: true, is_default: false });
    const list = await post('/api/xerotaxrates/filter?totalcount=1', { stext: 'VAT on' });
    expect(list.json.xerotaxrates.data.map((r: { xtr_id: number }) => r.xtr_id)).toContain(made.xtr_id);
    expect((await get(`/api/xerotaxrates/${made.xtr_id}/details`)).json.xerotaxrates.data.tax_type).toBe('OUTPUT2');
    const changed = await patch(`/api/xerotaxrates/${made.xtr_id}`, { effective_rate: 17.5 });
    expect(changed.json.xerotaxrates.data.effective_rate).toBe(17.5);
    expect((await call(t.app, { method: 'DELETE', url: `/api/xerotaxrates/${made.xtr_id}`, cookie: own.admin, host: own.brand.host })).status).toBe(200);
  });

  it("validates with the spec's messages: required name, rate 0–100, a known status, a unique tax type", async () => {
    const errors = async (body: unknown) =>
      (await post('/api/xerotaxrates/create', body)).json.xerotaxrates.dbErrors.map((e: { details: string; primary: string }) => [e.details, e.primary]);
    expect(await errors({ tax_type: 'X1', effective_rate: 5 })).toEqual([['name', 'Field is required!']]);
    expect(await errors({ tax_type: 'X1', name: 'x'.repeat(101), effective_rate: 5 })).toEqual([['name', 'Max. 100 chars!']]);
    expect(await errors({ tax_type: 'X1', name: 'Odd', effective_rate: 'lots' })).toEqual([['effective_rate', 'Invalid number']]);
    expect(await errors({ tax_type: 'X1', name: 'Odd', effective_rate: 101 })).toEqual([['effective_rate', 'Invalid value']]);
    expect(await errors({ tax_type: 'X1', name: 'Odd', effective_rate: 5, status: 'MAYBE' })).toEqual([['status', 'Invalid value']]);
    const made = await rate('NULLS', 'Nulls', 5);
    const cleared = await patch(`/api/xerotaxrates/${made.xtr_id}`, { status: null });
    expect(cleared.json.xerotaxrates.dbErrors[0]).toMatchObject({ details: 'status', primary: 'Field is required!' });
    expect((await patch(`/api/xerotaxrates/${made.xtr_id}`, { xtr_visible: null })).json.xerotaxrates.data.xtr_visible).toBe(true);
    await rate('DUPTYPE', 'First', 5);
    const dup = await post('/api/xerotaxrates/create', { tax_type: 'DUPTYPE', name: 'Second', effective_rate: 5 });
    expect(dup.status).toBe(409);
  });

  it('keeps one default at a time through POST {id}/default and through update, and a hidden rate is never the default', async () => {
    const a = await rate('DEF_A', 'Default A', 20);
    const b = await rate('DEF_B', 'Default B', 5);
    const setA = await post(`/api/xerotaxrates/${a.xtr_id}/default`);
    expect(setA.status).toBe(200);
    expect(setA.headers['x-show-snackbar']).toBe('1');
    expect(setA.json.xerotaxrates.data).toMatchObject({ xtr_id: a.xtr_id, is_default: true });
    expect(await defaults()).toEqual(['Default A']);
    await post(`/api/xerotaxrates/${b.xtr_id}/default`);
    expect(await defaults()).toEqual(['Default B']);
    await patch(`/api/xerotaxrates/${a.xtr_id}`, { is_default: true });
    expect(await defaults()).toEqual(['Default A']);

    // Hiding the default gives it up; making a hidden rate the default shows it again.
    const hidden = await patch(`/api/xerotaxrates/${a.xtr_id}`, { xtr_visible: false });
    expect(hidden.json.xerotaxrates.data).toMatchObject({ xtr_visible: false, is_default: false });
    expect(await defaults()).toEqual([]);
    const back = await post(`/api/xerotaxrates/${a.xtr_id}/default`);
    expect(back.json.xerotaxrates.data).toMatchObject({ xtr_visible: true, is_default: true });

    const visible = await post('/api/xerotaxrates/filter', { xtr_visible: false });
    expect(visible.json.xerotaxrates.data.map((r: { xtr_id: number }) => r.xtr_id)).not.toContain(a.xtr_id);
    expect((await post('/api/xerotaxrates/2147483000/default')).status).toBe(404);
  });

  it('answers AUTHERROR to a sync while the brand has no accounting connection, and pulls nothing', async () => {
    const before = (await post('/api/xerotaxrates/filter?totalcount=1', {})).json.xerotaxrates.metadata.totalCount;
    const res = await post('/api/xerotaxrates/sync');
    expect(res.status).toBe(409);
    expect(res.json.xerotaxrates.data).toBeNull();
    expect(res.json.xerotaxrates.dbErrors[0]).toMatchObject({ error: 'AUTHERROR', primary: 'Auth Error; check the accounting connection' });
    expect((await post('/api/xerotaxrates/filter?totalcount=1', {})).json.xerotaxrates.metadata.totalCount).toBe(before);
  });
});

describe('the rows’ tax choice (globalparams tax_rates)', () => {
  it('gives any logged-in user the visible active rates, the default first, and a brand without accounting none', async () => {
    const a = await rate('CH_A', 'Choice A', 12.5);
    const b = await rate('CH_B', 'Choice B', 7);
    await rate('CH_C', 'Choice C', 3, { status: 'ARCHIVED' });
    await post(`/api/xerotaxrates/${b.xtr_id}/default`);
    await patch(`/api/xerotaxrates/${a.xtr_id}`, { xtr_visible: false });
    const res = await call(t.app, { url: '/api/globalparams/list', cookie: operator, host: own.brand.host });
    const choices = res.json.globalparams.data.tax_rates as { name: string; effective_rate: number; is_default: boolean }[];
    expect(choices[0]).toMatchObject({ name: 'Choice B', effective_rate: 7, is_default: true });
    const names = choices.map((c) => c.name);
    expect(names).not.toContain('Choice A');
    expect(names).not.toContain('Choice C');
    const acmeOperator = await login(t.app, ACME_HOST, 'operator@demo.test');
    const acme = await call(t.app, { url: '/api/globalparams/list', cookie: acmeOperator, host: ACME_HOST });
    expect(acme.json.globalparams.data.tax_rates).toEqual([]);
  });
});

describe('xeroitems', () => {
  it('CRUD with a unique code, and a sync that answers AUTHERROR without a connection', async () => {
    const full = await post('/api/xeroitems/sync', { full: true });
    expect(full.json.xeroitems.dbErrors[0].error).toBe('AUTHERROR');
    const made = await post('/api/xeroitems/create', { code: 'TAP-MIX', name: 'Mixer tap', description: 'Chrome' });
    expect(made.status).toBe(201);
    expect(made.json.xeroitems.data).toMatchObject({ code: 'TAP-MIX', name: 'Mixer tap', visible: true });
    expect(made.json.xeroitems.data.last_update).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await post('/api/xeroitems/create', { code: 'TAP-MIX', name: 'Again' })).status).toBe(409);
    const hidden = await patch(`/api/xeroitems/${made.json.xeroitems.data.xi_id}`, { visible: false });
    expect(hidden.json.xeroitems.data.visible).toBe(false);
    expect((await post('/api/xeroitems/create', { name: 'No code' })).json.xeroitems.dbErrors[0]).toMatchObject({
      details: 'code',
      primary: 'Field is required!',
    });

    // Items exist now: a full sync is no longer offered (SPEC point 9); an incremental one still asks the connection.
    const refused = await post('/api/xeroitems/sync', { full: true });
    expect(refused.status).toBe(400);
    expect(refused.json.xeroitems.dbErrors[0]).toMatchObject({ error: 'VALIDATION', details: 'full', primary: 'Invalid value' });
    expect((await post('/api/xeroitems/sync', {})).json.xeroitems.dbErrors[0].error).toBe('AUTHERROR');
  });
});

describe('accounting access', () => {
  it('lets Admin and Developer in, refuses other roles (role) and a brand without the accounting feature (feature)', async () => {
    expect((await post('/api/xerotaxrates/filter', {}, developer)).status).toBe(200);
    for (const [url, body] of [
      ['/api/xerotaxrates/filter', {}],
      ['/api/xerotaxrates/create', { tax_type: 'OP1', name: 'x', effective_rate: 1 }],
      ['/api/xerotaxrates/1/default', {}],
      ['/api/xerotaxrates/sync', {}],
      ['/api/xeroitems/sync', {}],
      ['/api/xeroitems/filter', {}],
    ] as const) {
      const res = await post(url, body, operator);
      expect(res.status, url).toBe(403);
      expect(Object.values(res.json as Record<string, { dbErrors: { general: string }[] }>)[0].dbErrors[0].general, url).toBe('role');
    }
    const acmeAdmin = await login(t.app, ACME_HOST, 'admin@demo.test');
    const acme = await call(t.app, { method: 'POST', url: '/api/xerotaxrates/filter', body: {}, cookie: acmeAdmin, host: ACME_HOST });
    expect(acme.status).toBe(403);
    expect(acme.json.xerotaxrates.dbErrors[0].general).toBe('feature');
    expect((await call(t.app, { method: 'POST', url: '/api/xerotaxrates/filter', body: {}, host: own.brand.host })).status).toBe(401);
  });

  it('seeds the demo brand with UK tax rates (20% VAT the default) and items, and Acme with none', async () => {
    const demoAdmin = await login(t.app, DEMO_HOST, 'admin@demo.test');
    const rates = await call(t.app, { method: 'POST', url: '/api/xerotaxrates/filter?limit=50', body: {}, cookie: demoAdmin });
    const names = rates.json.xerotaxrates.data.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['20% (VAT on Income)', '5% (VAT on Income)', 'Zero Rated Income', 'Exempt Income', 'No VAT']));
    const items = await call(t.app, { method: 'POST', url: '/api/xeroitems/filter?totalcount=1', body: {}, cookie: demoAdmin });
    expect(items.json.xeroitems.metadata.totalCount).toBeGreaterThanOrEqual(3);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from site_2.xero_taxrates`.execute(t.db);
    expect(rows[0].n).toBe(0);
  });
});

describe('xeroadmin/syncpending', () => {
  const queue = async (n: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const { rows } = await sql<{ xsp_id: number }>`insert into ${sql.id(own.brand.schema, 'xero_sync_pending')}
        (kind, local_id, op, idempotency_key, attempts, next_attempt_at, status, error_code, error_text)
        values ('contact', ${100 + i}, 'upsert', ${`key-${i}`}, 3, now() + interval '1 hour', 'failed', 'XE_CONN_ERR', 'Connection error.')
        returning xsp_id`.execute(t.db);
      ids.push(rows[0].xsp_id);
    }
    return ids;
  };

  it('lists 20 a page for a Developer, soft-deletes by xsp_ids answering how many, and retries a row now', async () => {
    const ids = await queue(22);
    const page = await post('/api/xeroadmin/syncpending/filter?totalcount=1', { status: 'failed' }, developer);
    expect(page.status).toBe(200);
    expect(page.json.xeroadmin.data).toHaveLength(20);
    expect(page.json.xeroadmin.metadata.totalCount).toBe(22);
    expect(page.json.xeroadmin.data[0]).toMatchObject({ kind: 'contact', op: 'upsert', attempts: 3, status: 'failed', error_code: 'XE_CONN_ERR' });

    const retried = await post(`/api/xeroadmin/syncpending/${ids[0]}/retry`, {}, developer);
    expect(retried.status).toBe(200);
    expect(retried.json.xeroadmin.data).toMatchObject({ xsp_id: ids[0], status: 'pending', attempts: 3 });
    const { rows } = await sql<{
      due: boolean;
    }>`select next_attempt_at <= now() as due from ${sql.id(own.brand.schema, 'xero_sync_pending')} where xsp_id = ${ids[0]}`.execute(t.db);
    expect(rows[0].due).toBe(true);

    const deleted = await post('/api/xeroadmin/syncpending/delete', { xsp_ids: [ids[1], ids[2], ids[2], 2147483000] }, developer);
    expect(deleted.json.xeroadmin.data).toEqual({ deleted: 2 });
    expect((await post('/api/xeroadmin/syncpending/delete', { xsp_ids: [ids[1]] }, developer)).json.xeroadmin.data).toEqual({ deleted: 0 });
    const after = await post('/api/xeroadmin/syncpending/filter?totalcount=1&limit=50', {}, developer);
    expect(after.json.xeroadmin.metadata.totalCount).toBe(20);
    expect(after.json.xeroadmin.data.map((r: { xsp_id: number }) => r.xsp_id)).not.toContain(ids[1]);
    // The rows stay, marked deleted; a deleted row cannot be retried.
    const { rows: kept } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.id(own.brand.schema, 'xero_sync_pending')} where deleted_at is not null`.execute(t.db);
    expect(kept[0].n).toBe(2);
    expect((await post(`/api/xeroadmin/syncpending/${ids[1]}/retry`, {}, developer)).status).toBe(404);
  });

  it('validates xsp_ids and refuses Admin (Developer only)', async () => {
    const bad = await post('/api/xeroadmin/syncpending/delete', { xsp_ids: ['x'] }, developer);
    expect(bad.status).toBe(400);
    expect(bad.json.xeroadmin.dbErrors[0]).toMatchObject({ details: 'xsp_ids', primary: 'Invalid value' });
    expect((await post('/api/xeroadmin/syncpending/delete', {}, developer)).json.xeroadmin.dbErrors[0]).toMatchObject({
      details: 'xsp_ids',
      primary: 'Field is required!',
    });
    for (const url of ['/api/xeroadmin/syncpending/filter', '/api/xeroadmin/syncpending/delete', '/api/xeroadmin/syncpending/1/retry']) {
      const res = await post(url, url.endsWith('delete') ? { xsp_ids: [1] } : {}, own.admin);
      expect(res.status, url).toBe(403);
    }
  });
});
