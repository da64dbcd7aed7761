/**
 * xeroadmin/dashboard against the run's local provider server: real calls through the brand's Xero
 * client are counted per minute and per day, a 429 as throttled, the budget and Xero's remaining
 * headers shown; the queue and the pulls' state are read with or without a connection; Developer only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { providerControl } from '../../providers/control';
import type { XeroDashboard } from '../../core/accounting/dashboard';
import { RateLimited } from '../integrations/http/errors';
import { call, login, sandboxProviders, useTestApp, useTestBrand } from '../test/helpers';
import { xeroApi } from './xero/api';
import { brandXeroConnection, connectXero } from './testConnect';

const t = useTestApp();
const own = useTestBrand(t);
let providers: string;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  providers = sandboxProviders();
  for (const role of ['developer', 'operator']) cookies[role] = await login(t.app, own.brand.host, `${role}@demo.test`);
});

const dashboard = async (cookie = cookies.developer) => call(t.app, { url: '/api/xeroadmin/dashboard', cookie, host: own.brand.host });
const data = async (): Promise<XeroDashboard> => {
  const res = await dashboard();
  expect(res.status, res.text).toBe(200);
  return res.json.xeroadmin.data;
};
const sum = (rows: { calls: number; throttled: number }[], k: 'calls' | 'throttled') => rows.reduce((n, r) => n + r[k], 0);

describe('xeroadmin/dashboard', () => {
  it('answers without a connection: not connected, empty charts, the queue by status and each pulled resource', async () => {
    const table = (name: string) => sql.id(own.brand.schema, name);
    await sql`insert into ${table('xero_sync_pending')} (kind, local_id, op, idempotency_key, status, deleted_at) values
      ('contact', 1, 'upsert', 'k1', 'pending', null), ('contact', 2, 'upsert', 'k2', 'pending', null),
      ('invoice', 3, 'create', 'k3', 'failed', null), ('invoice', 4, 'create', 'k4', 'done', now())`.execute(t.db);
    await sql`insert into ${table('xero_sync_state')} (resource, next_page, progress_done, progress_total, last_run_at, last_error) values
      ('contacts', 3, 200, 450, '2026-11-27 10:00:00+00', null), ('items', 0, 80, 80, '2026-11-26 09:30:00+00', 'XE_CONN_ERR')`.execute(t.db);

    const d = await data();
    expect(d).toMatchObject({ connected: false, status: 'not_connected', organisation: null });
    expect(d.limits).toEqual({ perMinute: 60, perDay: 5000, concurrent: 5, budgetPerMinute: 58, budgetPerDay: 4950 });
    expect(d.perMinute).toHaveLength(60);
    expect(d.perDay).toHaveLength(7);
    expect(sum(d.perMinute, 'calls') + sum(d.perDay, 'calls')).toBe(0);
    expect(d.perDay[6].day).toBe(`${new Date().toISOString().slice(0, 10)} 12:00:00`);
    expect(d.budget).toEqual({ minuteRemaining: 58, dayRemaining: 4950, inFlight: 0, blockedUntil: null });
    // The soft-deleted row is not in the queue.
    expect(d.queue).toEqual({ pending: 2, failed: 1, done: 0 });
    expect(d.resources).toEqual([
      {
        resource: 'contacts',
        next_page: 3,
        progress_done: 200,
        progress_total: 450,
        modified_since: null,
        last_run_at: '2026-11-27 10:00:00',
        last_error: null,
      },
      {
        resource: 'items',
        next_page: 0,
        progress_done: 80,
        progress_total: 80,
        modified_since: null,
        last_run_at: '2026-11-26 09:30:00',
        last_error: 'XE_CONN_ERR',
      },
    ]);
  });

  it('counts the calls made through the brand’s Xero client, a 429 as throttled, and shows what is left and the block', async () => {
    await connectXero(t.app, providers, own.brand.host, own.admin);
    const { db, connection } = await brandXeroConnection(t.db, own.brand.schema);
    const api = xeroApi(db, own.brand.schema, connection);
    for (let i = 0; i < 3; i += 1) expect((await api.call('GET', '/Organisation')).status).toBe(200);
    // A 429 for this one operation only (the limits knob would throttle every test file's tenants at once).
    await providerControl(providers).xero.failNext({ status: 429, operationId: 'getOnlineInvoice', count: 1 });
    await expect(api.call('GET', '/Invoices/00000000-0000-0000-0000-000000000000/OnlineInvoice')).rejects.toBeInstanceOf(RateLimited);
    // Blocked after the 429: the budget refuses without calling Xero, so nothing more is counted.
    await expect(api.call('GET', '/Organisation')).rejects.toMatchObject({ problem: 'budget' });

    const d = await data();
    expect(d).toMatchObject({ connected: true, status: 'connected', organisation: 'Demo Company (UK)' });
    // The calls fall in the last minute or two (a minute may turn during the test).
    expect(sum(d.perMinute.slice(-2), 'calls')).toBe(4);
    expect(sum(d.perMinute, 'calls')).toBe(4);
    expect(sum(d.perMinute, 'throttled')).toBe(1);
    expect(sum(d.perDay, 'calls')).toBe(4);
    expect(sum(d.perDay, 'throttled')).toBe(1);
    expect(d.budget.minuteRemaining).toBe(58 - 4);
    expect(d.budget.dayRemaining).toBe(4950 - 4);
    expect(d.budget.inFlight).toBe(0);
    expect(Date.parse(`${d.budget.blockedUntil}Z`)).toBeGreaterThan(Date.now());
    // Xero's own count: four calls taken from its 60 a minute and 5,000 a day.
    expect(d.xeroRemaining).toMatchObject({ minute: 56, day: 4996, problem: null });
    expect(d.xeroRemaining.seenAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('is for developers only', async () => {
    expect((await dashboard(cookies.developer)).status).toBe(200);
    expect((await dashboard(cookies.operator)).status).toBe(403);
    expect((await dashboard(own.admin)).status).toBe(403);
    expect((await call(t.app, { url: '/api/xeroadmin/dashboard', host: own.brand.host })).status).toBe(401);
  });
});
