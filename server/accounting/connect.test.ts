/**
 * xeroauth against the run's local provider server (server/test/globalSetup.ts): the browser's part
 * (GET the authorize URL, follow its redirect) is done with fetch, the product's with app.inject.
 * Each connect consents as a subject of its own (login_hint), so the fake's tenants are this test's.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, sandboxProviders, uniqueName, useTestApp, useTestBrand } from '../test/helpers';
import { providerControl } from '../../providers/control';
import { consent as consentAs, revokeXeroGrant } from './testConnect';

const t = useTestApp();
const own = useTestBrand(t);
let providers: string;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  providers = sandboxProviders();
  for (const role of ['developer', 'operator', 'user']) cookies[role] = await login(t.app, own.brand.host, `${role}@demo.test`);
});

const get = (url: string, cookie = own.admin) => call(t.app, { url, cookie, host: own.brand.host });
const post = (url: string, body: unknown, cookie = own.admin) => call(t.app, { method: 'POST', url, body, cookie, host: own.brand.host });
const status = async (cookie = own.admin) => (await get('/api/xeroauth/checkstatus', cookie)).json.xeroauth.data;

/** The browser at Xero's authorize page as `subject` (./testConnect.ts). */
const consent = (subject: string) => consentAs(t.app, own.brand.host, own.admin, subject);

async function connect(subject = uniqueName('xero-user')) {
  const back = await consent(subject);
  expect(back.redirect.pathname).toBe('/xero-connect');
  const res = await post('/api/xeroauth/connect', { code: back.code, state: back.state });
  expect(res.status, res.text).toBe(200);
  return res.json.xeroauth.data;
}

describe('xeroauth', () => {
  it('connects end to end and reports the organisation; logout removes it at Xero and answers not_connected', async () => {
    expect(await status()).toMatchObject({ connected: false, status: 'not_connected', organisation: null, sandbox: true });
    const subject = uniqueName('xero-user');
    expect(await connect(subject)).toMatchObject({ connected: true, organisation: 'Demo Company (UK)', tenants: [] });
    const now = await status();
    expect(now).toMatchObject({ connected: true, status: 'connected', organisation: 'Demo Company (UK)', sandbox: true, connectedBy: expect.any(String) });
    expect(now.scopes).toContain('accounting.contacts');
    expect(Date.parse(now.connectedAt)).not.toBeNaN();
    // Every staff role that may open /xero reads the status.
    expect(await status(cookies.user)).toMatchObject({ connected: true });

    const out = await get('/api/xeroauth/logout');
    expect(out.status, out.text).toBe(200);
    expect(out.json.xeroauth.data).toMatchObject({ connected: false, status: 'not_connected' });
    expect(await status()).toMatchObject({ status: 'not_connected', organisation: null });
    // The run's server is shared by every file: only the identity API's calls are this file's to judge.
    const identity = (await providerControl(providers).violations()).filter((v) => /\/connections/i.test(v.path));
    expect(identity).toEqual([]);
  });

  it('asks which organisation when Xero connected several, and takes the one chosen', async () => {
    const subject = uniqueName('xero-user');
    const control = providerControl(providers);
    await control.xero.createTenant({ name: 'First Org', subject });
    const second = await control.xero.createTenant({ name: 'Second Org', subject });
    const answer = await connect(subject);
    expect(answer.tenants.map((x: { tenantName: string }) => x.tenantName).sort()).toEqual(['First Org', 'Second Org']);
    const chosen = await post('/api/xeroauth/tenant', { tenantId: second.tenantId });
    expect(chosen.status, chosen.text).toBe(200);
    expect(await status()).toMatchObject({ connected: true, organisation: 'Second Org' });
    expect((await post('/api/xeroauth/tenant', { tenantId: 'not-one-of-them' })).status).toBe(400);
    await get('/api/xeroauth/logout');
  });

  it('a refresh token revoked at Xero turns the connection to reconnect_needed with the AUTHERROR text', async () => {
    await connect();
    await revokeXeroGrant(t.db, own.brand.schema, providers);
    // The next call through the grant (here the organisation choice) is refused at renewal.
    const refused = await post('/api/xeroauth/tenant', { tenantId: 'any' });
    expect(refused.status, refused.text).toBe(409);
    expect(await status()).toMatchObject({ connected: false, status: 'reconnect_needed', message: 'Auth Error; check the accounting connection' });
    await get('/api/xeroauth/logout');
    expect(await status()).toMatchObject({ status: 'not_connected' });
  });

  it("tells the token's health (valid, renews on the next call, refused) and the last sync begun, its resource and its error", async () => {
    await connect();
    const fresh = await status(cookies.operator);
    expect(fresh).toMatchObject({ tokenHealth: 'valid', lastSyncAt: null, lastSyncResource: null, lastSyncError: null });
    expect(Date.parse(fresh.tokenExpiresAt)).toBeGreaterThan(Date.now());

    const grants = sql.id(own.brand.schema, 'oauth_grants');
    await sql`update ${grants} set expires_at = now() - interval '1 minute' where provider = 'xero' and status = 'active'`.execute(t.db);
    expect((await status()).tokenHealth).toBe('renews');

    const begun = Date.now();
    expect((await post('/api/xerotaxrates/sync', {})).status).toBe(200);
    const synced = await status();
    expect(synced.lastSyncResource).toBe('taxrates');
    expect(Date.parse(synced.lastSyncAt)).toBeGreaterThanOrEqual(begun - 1000);

    const state = sql.id(own.brand.schema, 'xero_sync_state');
    await sql`update ${state} set last_run_at = now() + interval '1 minute', last_error = 'XE_AUTH_ERR' where resource = 'taxrates'`.execute(t.db);
    expect(await status()).toMatchObject({ lastSyncResource: 'taxrates', lastSyncError: 'XE_AUTH_ERR' });

    await revokeXeroGrant(t.db, own.brand.schema, providers);
    await post('/api/xeroauth/tenant', { tenantId: 'any' });
    expect(await status()).toMatchObject({ status: 'reconnect_needed', tokenHealth: 'refused' });
    await get('/api/xeroauth/logout');
  });

  it('refuses a wrong state and bad bodies with 400, and connect to roles other than Admin and Developer', async () => {
    const back = await consent(uniqueName('xero-user'));
    const wrong = await post('/api/xeroauth/connect', { code: back.code, state: 'not-the-state' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.xeroauth.dbErrors[0]).toMatchObject({ details: 'state' });
    expect((await post('/api/xeroauth/connect', { state: back.state })).status).toBe(400);
    expect((await post('/api/xeroauth/connect', { code: back.code, state: back.state }, cookies.operator)).status).toBe(403);
    expect((await get('/api/xeroauth/loginUrl', cookies.user)).status).toBe(403);
    expect((await get('/api/xeroauth/logout', cookies.operator)).status).toBe(403);
    expect((await get('/api/xeroauth/loginUrl', cookies.developer)).status).toBe(200);
    expect((await get('/api/xeroauth/checkstatus', cookies.operator)).status).toBe(200);
  });
});
