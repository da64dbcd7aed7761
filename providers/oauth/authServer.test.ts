/** The local authorization server on its own: consent, code exchange with PKCE, rotation profiles and knobs. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProviderName } from '../types';
import { createAuthServer, type LocalAuthServer } from './authServer';
import { listenAuthServer, type Listening } from './listen';
import { s256 } from './tokens';

let now = Date.UTC(2026, 0, 5, 9);
let auth: LocalAuthServer;
let server: Listening;
const consents: { provider: ProviderName; subject: string; scopes: string[] }[] = [];
const REDIRECT = 'http://app.test/xero-connect';
const VERIFIER = 'v'.repeat(50);

beforeAll(async () => {
  auth = createAuthServer({ clock: () => now, onConsent: (c) => consents.push(c) });
  server = await listenAuthServer(auth);
});
afterAll(() => server.close());
beforeEach(() => {
  auth.grants.length = 0;
});

function authorizeUrl(provider: ProviderName, overrides: Record<string, string | null> = {}): string {
  const params: Record<string, string | null> = {
    response_type: 'code',
    client_id: auth.clients[provider].id,
    redirect_uri: REDIRECT,
    scope: 'openid offline_access accounting.transactions',
    state: 'st-1',
    code_challenge: s256(VERIFIER),
    code_challenge_method: 'S256',
    ...overrides,
  };
  const url = new URL(`${server.base}/oauth/${provider}/authorize`);
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  return url.toString();
}

async function consent(provider: ProviderName, overrides: Record<string, string | null> = {}): Promise<URL> {
  const res = await fetch(authorizeUrl(provider, overrides), { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function token(provider: ProviderName, form: Record<string, string>, basic = true): Promise<{ status: number; body: Record<string, string> }> {
  const { id, secret } = auth.clients[provider];
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const body = new URLSearchParams(form);
  if (basic) headers.Authorization = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  else {
    body.set('client_id', id);
    body.set('client_secret', secret);
  }
  const res = await fetch(`${server.base}/oauth/${provider}/token`, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

const exchange = (provider: ProviderName, code: string, extra: Record<string, string> = {}, basic = true) =>
  token(provider, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: VERIFIER, ...extra }, basic);
const refresh = (provider: ProviderName, refreshToken: string) => token(provider, { grant_type: 'refresh_token', refresh_token: refreshToken });

describe('authorize', () => {
  it('consents at once as the login_hint user and redirects back with code and state', async () => {
    const back = await consent('xero', { login_hint: 'xero-user-7' });
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-1');
    expect(back.searchParams.get('code')).toMatch(/^xero-code-/);
    expect(consents.at(-1)).toMatchObject({ provider: 'xero', subject: 'xero-user-7', scopes: ['openid', 'offline_access', 'accounting.transactions'] });
  });

  it('sends request errors back to the client, but never to an unchecked redirect_uri', async () => {
    expect((await consent('google', { code_challenge_method: 'plain' })).searchParams.get('error')).toBe('invalid_request');
    expect((await consent('google', { code_challenge: null })).searchParams.get('error')).toBe('invalid_request');
    expect((await consent('google', { scope: null })).searchParams.get('error')).toBe('invalid_scope');
    expect((await consent('google', { response_type: 'token' })).searchParams.get('error')).toBe('unsupported_response_type');
    expect((await fetch(authorizeUrl('google', { client_id: 'someone-else' }), { redirect: 'manual' })).status).toBe(400);
    expect((await fetch(authorizeUrl('google', { redirect_uri: null }), { redirect: 'manual' })).status).toBe(400);
  });
});

describe('token: authorization_code', () => {
  it('exchanges a code once, with the verifier, redirect_uri and client (basic or form)', async () => {
    const code = (await consent('xero')).searchParams.get('code')!;
    const ok = await exchange('xero', code, {}, false);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'Bearer', expires_in: 1800 });
    expect(auth.accessTokenInfo(ok.body.access_token)).toMatchObject({ provider: 'xero', subject: 'sandbox-user' });
    expect(ok.body.refresh_token).toMatch(/^xero-refresh-/);
    // Replayed: refused, and what it gave is withdrawn.
    expect((await exchange('xero', code)).body.error).toBe('invalid_grant');
    expect(auth.accessTokenInfo(ok.body.access_token)).toBeNull();
  });

  it('refuses a wrong verifier, another redirect_uri, an expired code and a wrong client', async () => {
    const c1 = (await consent('google')).searchParams.get('code')!;
    expect((await exchange('google', c1, { code_verifier: 'w'.repeat(50) })).body.error).toBe('invalid_grant');
    const c2 = (await consent('google')).searchParams.get('code')!;
    expect((await exchange('google', c2, { redirect_uri: 'http://app.test/other' })).body.error).toBe('invalid_grant');
    const c3 = (await consent('google')).searchParams.get('code')!;
    now += 11 * 60_000;
    expect((await exchange('google', c3)).body.error).toBe('invalid_grant');
    const c4 = (await consent('google')).searchParams.get('code')!;
    const res = await fetch(`${server.base}/oauth/google/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: c4,
        redirect_uri: REDIRECT,
        code_verifier: VERIFIER,
        client_id: 'sandbox-google-client',
        client_secret: 'nope',
      }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'invalid_client' });
  });

  it('gives Google a refresh token only with access_type=offline', async () => {
    const online = await exchange('google', (await consent('google')).searchParams.get('code')!);
    expect(online.body.refresh_token).toBeUndefined();
    const offline = await exchange('google', (await consent('google', { access_type: 'offline', scope: 'drive' })).searchParams.get('code')!);
    expect(offline.body.refresh_token).toBeTruthy();
  });
});

describe('token: refresh_token, per rotation profile', () => {
  it('Xero rotates every time; the previous token works for 30 minutes from its first use', async () => {
    const first = auth.refreshTokenFor('xero', 'u1');
    const a = await refresh('xero', first);
    expect(a.body.refresh_token).not.toBe(first);
    now += 29 * 60_000;
    const retry = await refresh('xero', first);
    expect(retry.status).toBe(200);
    now += 2 * 60_000;
    expect((await refresh('xero', first)).body).toMatchObject({ error: 'invalid_grant' });
    expect((await refresh('xero', a.body.refresh_token)).status).toBe(200);
    expect(auth.grants.map((g) => [g.grantType, g.status, g.error])).toEqual([
      ['refresh_token', 200, null],
      ['refresh_token', 200, null],
      ['refresh_token', 400, 'invalid_grant'],
      ['refresh_token', 200, null],
    ]);
  });

  it('Microsoft rotates and leaves the old token valid; Google keeps the same token', async () => {
    const ms = auth.refreshTokenFor('microsoft', 'oid-1');
    const next = await refresh('microsoft', ms);
    expect(next.body.refresh_token).not.toBe(ms);
    now += 24 * 3600_000;
    expect((await refresh('microsoft', ms)).status).toBe(200);
    const g = auth.refreshTokenFor('google', 'sub-1');
    const again = await refresh('google', g);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBeUndefined();
  });

  it('revoke (knob or endpoint) ends the consent: invalid_grant, and its access tokens are unknown', async () => {
    const t = auth.refreshTokenFor('google', 'sub-2');
    const access = (await refresh('google', t)).body.access_token;
    expect(auth.accessTokenInfo(access)).toMatchObject({ subject: 'sub-2' });
    auth.revoke(t);
    expect((await refresh('google', t)).body.error).toBe('invalid_grant');
    expect(auth.accessTokenInfo(access)).toBeNull();

    const u = auth.refreshTokenFor('xero', 'u2');
    const revoked = await fetch(`${server.base}/oauth/xero/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: u }),
    });
    expect(revoked.status).toBe(200);
    expect((await refresh('xero', u)).body.error).toBe('invalid_grant');
  });

  it('expires access tokens on demand and fails the next token requests', async () => {
    const t = auth.refreshTokenFor('google', 'sub-3');
    const access = (await refresh('google', t)).body.access_token;
    auth.expireAccessTokens();
    expect(auth.accessTokenInfo(access)).toBeNull();
    auth.failNextToken(2, 503);
    expect((await refresh('google', t)).status).toBe(503);
    expect((await refresh('google', t)).body.error).toBe('temporarily_unavailable');
    expect((await refresh('google', t)).status).toBe(200);
  });

  it('answers only its own paths', async () => {
    expect((await fetch(`${server.base}/oauth/dropbox/token`)).status).toBe(404);
    expect((await fetch(`${server.base}/xero/connections`)).status).toBe(404);
  });
});
