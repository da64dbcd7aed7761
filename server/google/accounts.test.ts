/**
 * googleaccounts against the run's local provider server (server/test/globalSetup.ts): the
 * browser's part (GET the authorize URL, follow its redirect) is done with fetch, the product's with
 * app.inject. Each connect consents as a Google user of its own (login_hint), so the fake's
 * accounts are this file's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { allFeatures } from '../../core/brand/types';
import { providerControl } from '../../providers/control';
import { decryptSecret } from '../mail/secrets';
import { call, createTestBrand, login, sandboxProviders, uniqueName, useTestApp, useTestBrand } from '../test/helpers';
import { asOAuth, userinfo, type GoogleDb } from './accounts';

const t = useTestApp();
const own = useTestBrand(t);
let providers: string;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  providers = sandboxProviders();
  for (const role of ['operator', 'user', 'engineer']) cookies[role] = await login(t.app, own.brand.host, `${role}@demo.test`);
});

const get = (url: string, cookie: string, host = own.brand.host) => call(t.app, { url, cookie, host });
const post = (url: string, body: unknown, cookie: string, host = own.brand.host) => call(t.app, { method: 'POST', url, body, cookie, host });
const del = (url: string, cookie: string) => call(t.app, { method: 'DELETE', url, cookie, host: own.brand.host });
const list = async (cookie: string) => (await get('/api/googleaccounts/list', cookie)).json.googleaccounts.data;

/** loginUrl, then the browser at Google's authorize page as `email`: the code and state it returns with. */
async function consent(cookie: string, email: string): Promise<{ code: string; state: string; redirect: URL }> {
  const begun = await get('/api/googleaccounts/loginUrl', cookie);
  expect(begun.status, begun.text).toBe(200);
  const url = new URL(begun.json.googleaccounts.data.url);
  expect(url.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/drive');
  expect(url.searchParams.get('scope')).not.toContain('drive.file');
  expect(url.searchParams.get('access_type')).toBe('offline');
  url.searchParams.set('login_hint', email);
  const res = await fetch(url, { redirect: 'manual' });
  const redirect = new URL(res.headers.get('location') ?? '');
  return { code: redirect.searchParams.get('code') ?? '', state: redirect.searchParams.get('state') ?? '', redirect };
}

async function connect(cookie: string, email = `${uniqueName('ann')}@example.com`) {
  const back = await consent(cookie, email);
  expect(back.redirect.pathname).toBe('/google-connect');
  const res = await post('/api/googleaccounts/connect', { code: back.code, state: back.state }, cookie);
  expect(res.status, res.text).toBe(200);
  return res.json.googleaccounts.data;
}

/**
 * The calls of these accounts the contract refused: the run's provider server is shared, so only
 * these accounts' calls are this file's to judge (the fake logs a violation on its account too).
 */
async function refusedCalls(emails: string[]) {
  const control = providerControl(providers);
  const calls = await Promise.all(emails.map(async (email) => (await control.google.state(email)).calls));
  return calls.flat().filter((c) => c.status === 400);
}

describe('googleaccounts', () => {
  it('connects several accounts end to end and lists them with email, picture, scopes and status', async () => {
    const cookie = cookies.operator;
    expect(await list(cookie)).toEqual([]);
    const status = (await get('/api/googleaccounts/status', cookie)).json.googleaccounts.data;
    expect(status).toEqual({ sandbox: true, configured: true, driveScope: 'drive' });

    const first = `${uniqueName('ann')}@example.com`;
    const second = `${uniqueName('bob')}@example.com`;
    const a = await connect(cookie, first);
    expect(a).toMatchObject({ email: first, status: 'connected', google_account_selected: true, lastSyncAt: null, lastError: null });
    expect(a.accountDetails.picture).toMatch(/^https:\/\//);
    expect(a.scopes).toContain('https://www.googleapis.com/auth/drive');
    expect(a.scopes).toContain('https://www.googleapis.com/auth/tasks');
    await connect(cookie, second);
    const accounts = await list(cookie);
    expect(accounts.map((x: { email: string }) => x.email)).toEqual([first, second]);
    // Reconnecting the same Google account updates it: still two.
    const again = await connect(cookie, first);
    expect(again.ga_id).toBe(a.ga_id);
    expect(await list(cookie)).toHaveLength(2);
    // Another user of the brand sees none of them.
    expect(await list(cookies.user)).toEqual([]);
    expect(await refusedCalls([first, second])).toEqual([]);
    // The connect asked userinfo once per consent, and nothing else.
    expect((await providerControl(providers).google.state(first)).calls.map((c) => c.operationId)).toEqual(['oauth2.userinfo.get', 'oauth2.userinfo.get']);
  });

  it('toggles one account and all as SPEC point 4 says, and keeps the selection', async () => {
    const cookie = cookies.user;
    const [a, b] = [await connect(cookie), await connect(cookie)];
    const selected = (rows: { ga_id: number; google_account_selected: boolean }[]) => rows.filter((r) => r.google_account_selected).map((r) => r.ga_id);
    const toggle = async (body: unknown) => {
      const res = await post('/api/googleaccounts/selection', body, cookie);
      expect(res.status, res.text).toBe(200);
      return selected(res.json.googleaccounts.data);
    };
    expect(await toggle({ ga_id: a.ga_id })).toEqual([b.ga_id]);
    // Not all selected: toggle-all selects all.
    expect(await toggle({ all: true })).toEqual([a.ga_id, b.ga_id]);
    // All selected: toggle-all deselects all.
    expect(await toggle({ all: true })).toEqual([]);
    expect(selected(await list(cookie))).toEqual([]);
    expect(await toggle({ ga_id: b.ga_id })).toEqual([b.ga_id]);
    expect(await toggle({ ga_id: b.ga_id })).toEqual([]);

    const both = await post('/api/googleaccounts/selection', { ga_id: a.ga_id, all: true }, cookie);
    expect(both.status).toBe(400);
    expect((await post('/api/googleaccounts/selection', {}, cookie)).status).toBe(400);
    expect((await post('/api/googleaccounts/selection', { all: false }, cookie)).status).toBe(400);
    expect((await post('/api/googleaccounts/selection', { ga_id: 'x' }, cookie)).status).toBe(400);
    // Another user's account is not there to toggle.
    expect((await post('/api/googleaccounts/selection', { ga_id: a.ga_id }, cookies.operator)).status).toBe(404);
    expect(selected(await list(cookie))).toEqual([]);
  });

  it('disconnects an account (revoked at Google, gone from the list); another user’s ga_id is 404', async () => {
    const cookie = own.admin;
    const email = `${uniqueName('cy')}@example.com`;
    const a = await connect(cookie, email);
    const b = await connect(cookie);
    expect((await del(`/api/googleaccounts/${a.ga_id}`, cookies.operator)).status).toBe(404);
    const db = t.db.withSchema(own.brand.schema) as unknown as GoogleDb;
    const stored = await db.selectFrom('oauth_grants').select('refresh_token_enc').where('og_id', '=', a.ga_id).executeTakeFirstOrThrow();
    const refreshToken = decryptSecret(stored.refresh_token_enc) ?? '';
    const gone = await del(`/api/googleaccounts/${a.ga_id}`, cookie);
    expect(gone.status, gone.text).toBe(200);
    expect(gone.json.googleaccounts.data.map((x: { ga_id: number }) => x.ga_id)).toEqual([b.ga_id]);
    expect((await list(cookie)).map((x: { ga_id: number }) => x.ga_id)).toEqual([b.ga_id]);
    // Google was told: the refresh token no longer renews.
    const renewal = await fetch(`${providers}/oauth/google/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: 'sandbox-google-client',
        client_secret: 'sandbox-google-secret',
      }),
    });
    expect(renewal.status).toBe(400);
    expect(await renewal.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await del(`/api/googleaccounts/${a.ga_id}`, cookie)).status).toBe(404);
    expect((await del('/api/googleaccounts/abc', cookie)).status).toBe(400);
    // Connecting it again brings it back, selected.
    const back = await connect(cookie, email);
    expect(back).toMatchObject({ ga_id: a.ga_id, status: 'connected', google_account_selected: true });
  });

  it('refuses a missing code with the spec’s text, a wrong state, and staff-only / feature-off access', async () => {
    const cookie = cookies.operator;
    const back = await consent(cookie, `${uniqueName('dee')}@example.com`);
    const missing = await post('/api/googleaccounts/connect', { state: back.state }, cookie);
    expect(missing.status).toBe(400);
    expect(missing.json.googleaccounts.dbErrors[0]).toMatchObject({ primary: 'Missing google code!', details: 'code' });
    const wrong = await post('/api/googleaccounts/connect', { code: back.code, state: 'not-the-state' }, cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.json.googleaccounts.dbErrors[0]).toMatchObject({ details: 'state' });
    // The state is the user's own: another user cannot complete it.
    expect((await post('/api/googleaccounts/connect', { code: back.code, state: back.state }, cookies.user)).status).toBe(400);
    expect((await get('/api/googleaccounts/list', cookies.engineer)).status).toBe(403);

    const features = allFeatures(true);
    features.google = { tasks: false, drive: false };
    const off = await createTestBrand(t.db, features);
    const offCookie = await login(t.app, off.host, 'operator@demo.test');
    const refused = await get('/api/googleaccounts/list', offCookie, off.host);
    expect(refused.status).toBe(403);
    expect(refused.json.googleaccounts.dbErrors[0].general).toBe('feature');
    expect((await get('/api/googleaccounts/loginUrl', offCookie, off.host)).status).toBe(403);
    // Either gate is enough.
    const driveOnly = allFeatures(true);
    driveOnly.google = { tasks: false, drive: true };
    const half = await createTestBrand(t.db, driveOnly);
    expect((await get('/api/googleaccounts/list', await login(t.app, half.host, 'operator@demo.test'), half.host)).status).toBe(200);
  });

  it('an expired access token is renewed with the same refresh token (Google does not rotate)', async () => {
    const email = `${uniqueName('eve')}@example.com`;
    const a = await connect(cookies.operator, email);
    const db = t.db.withSchema(own.brand.schema) as unknown as GoogleDb;
    const before = await db.selectFrom('oauth_grants').select(['refresh_token_enc', 'access_token_enc']).where('og_id', '=', a.ga_id).executeTakeFirstOrThrow();
    await db
      .updateTable('oauth_grants')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('og_id', '=', a.ga_id)
      .execute();
    expect(await userinfo({ db: asOAuth(db), grantId: a.ga_id })).toMatchObject({ email });
    const after = await db
      .selectFrom('oauth_grants')
      .select(['refresh_token_enc', 'access_token_enc', 'status'])
      .where('og_id', '=', a.ga_id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('active');
    expect(after.access_token_enc).not.toBe(before.access_token_enc);
    expect(after.refresh_token_enc).toBe(before.refresh_token_enc);
  });

  it('an account Google stopped accepting shows reconnect_needed', async () => {
    const cookie = cookies.operator;
    const a = await connect(cookie);
    // The refresh token is dead at Google and the access token has expired: the next use is refused.
    const db = t.db.withSchema(own.brand.schema) as unknown as GoogleDb;
    await db.updateTable('oauth_grants').set({ refresh_token_enc: null, access_token_enc: null, expires_at: null }).where('og_id', '=', a.ga_id).execute();
    await expect(userinfo({ db: asOAuth(db), grantId: a.ga_id })).rejects.toThrow();
    const row = (await list(cookie)).find((x: { ga_id: number }) => x.ga_id === a.ga_id);
    expect(row).toMatchObject({ status: 'reconnect_needed' });
  });
});
