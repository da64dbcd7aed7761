/**
 * The grant store and token service against the local authorization server (providers/oauth/):
 * connecting with PKCE end to end, the state's checks, renewing once across two pools (two
 * processes), Xero's rotation with the previous token in grace, a refused grant, disconnecting.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brandDb, type RootDb } from '../../db/types';
import { decryptSecret, encryptSecret } from '../../mail/secrets';
import { createTestBrand, testDb, type TestBrand } from '../../test/helpers';
import type { ProviderName } from '../providerConfig';
import { beginConnect, completeConnect, OAuthStateError, type Identify } from './connect';
import { accessToken, disconnect, OAuthRefusedError } from './grants';
import { refusedNoticeText } from './refused';
import type { OAuthDb } from './tables';
import { startTestAuthServer, type TestAuthServer } from './testAuthServer';
import { stateHash } from './pending';

const REDIRECT = 'http://app.test/xero-connect';
let root: RootDb;
let root2: RootDb;
let brand: TestBrand;
let db: OAuthDb;
let srv: TestAuthServer;

beforeAll(async () => {
  root = testDb();
  root2 = testDb();
  brand = await createTestBrand(root);
  db = brandDb(root, brand.schema) as unknown as OAuthDb;
  srv = await startTestAuthServer();
}, 60_000);

afterAll(async () => {
  await srv?.close();
  await root2?.destroy();
  await root?.destroy();
});

beforeEach(() => {
  srv.auth.grants.length = 0;
  srv.auth.tokenDelayMs = 0;
});

/** The fake knows whom its tokens belong to; the real integrations ask the provider (Xero: /connections). */
const identify: Identify = async ({ accessToken: token }) => ({ externalId: srv.auth.accessTokenInfo(token)!.subject, email: 'books@example.com' });

async function begin(provider: ProviderName, subject: string, scopes = ['accounting.transactions']) {
  return beginConnect(
    db,
    {
      provider,
      ownerKind: 'brand',
      ownerId: 0,
      userId: brand.users.Admin,
      redirectUri: REDIRECT,
      returnTo: '/settings/accounting',
      scopes,
      extraParams: { login_hint: subject },
    },
    srv.clock,
  );
}

/** What the browser does: open the authorize URL and follow the redirect back to the product. */
async function consent(url: string): Promise<{ code: string; state: string }> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function connect(provider: ProviderName, subject: string) {
  const { code, state } = await consent(await begin(provider, subject));
  return (await completeConnect(db, { state, code, redirectUri: REDIRECT, identify, clock: srv.clock })).grant;
}

const grantRow = (id: number) => db.selectFrom('oauth_grants').selectAll().where('og_id', '=', id).executeTakeFirstOrThrow();
const expireStored = (id: number) =>
  db
    .updateTable('oauth_grants')
    .set({ expires_at: new Date(srv.clock() - 1000) })
    .where('og_id', '=', id)
    .execute();
const refreshes = () => srv.auth.grants.filter((g) => g.grantType === 'refresh_token');

describe('connect', () => {
  it('runs the authorization code flow with PKCE and stores the grant encrypted; a reconnect updates it', async () => {
    const url = new URL(await begin('xero', 'xero-user-1'));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('scope')).toBe('accounting.transactions offline_access');
    const state = url.searchParams.get('state')!;
    // Only the state's hash is kept, and the verifier is encrypted.
    const pending = await db.selectFrom('oauth_pending').selectAll().where('state_hash', '=', stateHash(state)).executeTakeFirstOrThrow();
    expect(pending.verifier_enc).toMatch(/^enc:v1:/);

    const back = await consent(url.toString());
    expect(back.state).toBe(state);
    const done = await completeConnect(db, { ...back, redirectUri: REDIRECT, identify, clock: srv.clock });
    expect(done.returnTo).toBe('/settings/accounting');
    const g = done.grant;
    expect(g).toMatchObject({ provider: 'xero', owner_kind: 'brand', owner_id: 0, external_id: 'xero-user-1', status: 'active', email: 'books@example.com' });
    expect(g.connected_by).toBe(brand.users.Admin);
    const access = decryptSecret(g.access_token_enc)!;
    expect(g.access_token_enc).not.toContain(access);
    expect(srv.auth.accessTokenInfo(access)).toMatchObject({ provider: 'xero', subject: 'xero-user-1' });
    expect(decryptSecret(g.refresh_token_enc)).toMatch(/^xero-refresh-/);
    expect(g.expires_at!.getTime()).toBeGreaterThan(srv.clock() + 1700_000);
    const code = srv.auth.grants.at(-1)!;
    expect(code).toMatchObject({ grantType: 'authorization_code', status: 200 });
    expect(await db.selectFrom('oauth_pending').select('state_hash').where('state_hash', '=', stateHash(state)).execute()).toEqual([]);
    // The stored token is used as it is.
    expect(await accessToken(db, g.og_id, srv.clock)).toBe(access);

    const again = await connect('xero', 'xero-user-1');
    expect(again.og_id).toBe(g.og_id);
    expect(decryptSecret(again.access_token_enc)).not.toBe(access);
  });

  it('asks Google for offline access and a fresh consent', async () => {
    const url = new URL(await begin('google', 'sub-1', ['https://www.googleapis.com/auth/drive']));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' });
    const g = (await completeConnect(db, { ...(await consent(url.toString())), redirectUri: REDIRECT, identify })).grant;
    expect(decryptSecret(g.refresh_token_enc)).toMatch(/^google-refresh-/);
  });

  it('refuses an unknown, reused or expired state, another redirect page and another user', async () => {
    const first = await consent(await begin('xero', 'xero-user-2'));
    await expect(completeConnect(db, { ...first, state: 'made-up', redirectUri: REDIRECT, identify })).rejects.toThrow(OAuthStateError);
    await completeConnect(db, { ...first, redirectUri: REDIRECT, identify });
    await expect(completeConnect(db, { ...first, redirectUri: REDIRECT, identify })).rejects.toThrow(OAuthStateError);

    const late = await consent(await begin('xero', 'xero-user-2'));
    srv.advance(11 * 60_000);
    await expect(completeConnect(db, { ...late, redirectUri: REDIRECT, identify, clock: srv.clock })).rejects.toThrow(/too long/);

    const elsewhere = await consent(await begin('xero', 'xero-user-2'));
    await expect(completeConnect(db, { ...elsewhere, redirectUri: 'http://app.test/other', identify })).rejects.toThrow(OAuthStateError);
    const someoneElse = await consent(await begin('xero', 'xero-user-2'));
    await expect(completeConnect(db, { ...someoneElse, redirectUri: REDIRECT, identify, userId: brand.users.Operator })).rejects.toThrow(/another user/);
    // None of the refused completions reached the token endpoint.
    expect(srv.auth.grants.filter((g) => g.grantType === 'authorization_code')).toHaveLength(1);
  });
});

describe('accessToken', () => {
  it('renews once for two processes asking together', async () => {
    const g = await connect('google', 'sub-2');
    await expireStored(g.og_id);
    srv.auth.tokenDelayMs = 150;
    const other = brandDb(root2, brand.schema) as unknown as OAuthDb;
    const [a, b] = await Promise.all([accessToken(db, g.og_id, srv.clock), accessToken(other, g.og_id, srv.clock)]);
    expect(a).toBe(b);
    expect(refreshes()).toHaveLength(1);
    expect(srv.auth.accessTokenInfo(a)).toMatchObject({ subject: 'sub-2' });
    const row = await grantRow(g.og_id);
    expect(decryptSecret(row.access_token_enc)).toBe(a);
    // Google does not rotate: the refresh token stays, nothing is kept beside it.
    expect(row.refresh_token_enc).toBe(g.refresh_token_enc);
    expect(row.prev_refresh_token_enc).toBeNull();
    expect(row.last_refresh_at!.getTime()).toBeGreaterThan(g.last_refresh_at!.getTime() - 1);
  });

  it("saves Xero's rotated refresh token and keeps the previous one usable for its 30-minute grace", async () => {
    const g = await connect('xero', 'xero-user-3');
    const original = decryptSecret(g.refresh_token_enc)!;
    await expireStored(g.og_id);
    await accessToken(db, g.og_id, srv.clock);
    let row = await grantRow(g.og_id);
    const rotated = decryptSecret(row.refresh_token_enc)!;
    expect(rotated).not.toBe(original);
    expect(decryptSecret(row.prev_refresh_token_enc)).toBe(original);
    expect(row.prev_valid_until!.getTime()).toBeCloseTo(srv.clock() + 30 * 60_000, -4);

    // The current token is one the provider does not know (say its answer never arrived): the
    // previous one, still in grace, renews.
    await db
      .updateTable('oauth_grants')
      .set({ refresh_token_enc: encryptSecret('xero-refresh-lost'), expires_at: new Date(srv.clock() - 1000) })
      .where('og_id', '=', g.og_id)
      .execute();
    srv.auth.grants.length = 0;
    srv.advance(20 * 60_000);
    const token = await accessToken(db, g.og_id, srv.clock);
    expect(srv.auth.accessTokenInfo(token)).toMatchObject({ subject: 'xero-user-3' });
    expect(refreshes().map((r) => [r.refreshToken, r.status])).toEqual([
      ['xero-refresh-lost', 400],
      [original, 200],
    ]);
    row = await grantRow(g.og_id);
    expect(decryptSecret(row.prev_refresh_token_enc)).toBe(original);
    expect(row.status).toBe('active');

    // Past the grace, neither the provider nor the store offers the previous token any more.
    await db
      .updateTable('oauth_grants')
      .set({ refresh_token_enc: encryptSecret('xero-refresh-lost'), expires_at: new Date(srv.clock() - 1000) })
      .where('og_id', '=', g.og_id)
      .execute();
    srv.advance(11 * 60_000);
    srv.auth.grants.length = 0;
    await expect(accessToken(db, g.og_id, srv.clock)).rejects.toThrow(OAuthRefusedError);
    expect(refreshes()).toHaveLength(1);
  });

  it('turns a refused grant refused, notifies the admins once, and never asks the endpoint again', async () => {
    const g = await connect('xero', 'xero-user-4');
    srv.auth.revoke(decryptSecret(g.refresh_token_enc)!);
    await expireStored(g.og_id);
    const before = await db.selectFrom('notifications').select('notif_id').orderBy('notif_id', 'desc').limit(1).executeTakeFirst();

    // Two processes meet the refusal at once: the one holding the lock records it, the other finds it.
    const other = brandDb(root2, brand.schema) as unknown as OAuthDb;
    const refused = { name: 'OAuthRefusedError', code: 'invalid_grant' };
    await Promise.all([
      expect(accessToken(db, g.og_id, srv.clock)).rejects.toMatchObject(refused),
      expect(accessToken(other, g.og_id, srv.clock)).rejects.toMatchObject(refused),
    ]);
    expect(refreshes()).toHaveLength(1);
    expect(await grantRow(g.og_id)).toMatchObject({ status: 'refused', error_code: 'invalid_grant', access_token_enc: null });
    const raised = await db
      .selectFrom('notifications')
      .select(['us_id', 'notif_type', 'notif_params'])
      .where('notif_id', '>', before?.notif_id ?? 0)
      .orderBy('us_id')
      .execute();
    const admins = [brand.users.Admin, brand.users.Developer].sort((x, y) => x - y);
    expect(raised.map((n) => n.us_id)).toEqual(admins);
    // One RECONNECT_NEEDED per admin, naming the provider and linking to its connection page.
    for (const n of raised)
      expect(n).toMatchObject({
        notif_type: 'RECONNECT_NEEDED',
        notif_params: { provider: 'xero', provider_name: 'Xero', link: '/xero', grant_id: g.og_id, error: 'invalid_grant' },
      });
    expect((raised[0].notif_params as { text: string }).text).toBe(refusedNoticeText(g, 'invalid_grant'));

    // Later calls meet the recorded refusal: no second request, no second notification.
    await expect(accessToken(db, g.og_id, srv.clock)).rejects.toThrow(OAuthRefusedError);
    expect(refreshes()).toHaveLength(1);
    const again = await db
      .selectFrom('notifications')
      .select('notif_id')
      .where('notif_id', '>', before?.notif_id ?? 0)
      .execute();
    expect(again).toHaveLength(admins.length);
  });

  it('retries nothing itself on a passing failure (503): the grant stays active', async () => {
    const g = await connect('microsoft', 'oid-1');
    await expireStored(g.og_id);
    srv.auth.failNextToken(1, 503);
    await expect(accessToken(db, g.og_id, srv.clock)).rejects.toThrow(/token endpoint failed/);
    expect((await grantRow(g.og_id)).status).toBe('active');
    expect(srv.auth.accessTokenInfo(await accessToken(db, g.og_id, srv.clock))).toMatchObject({ provider: 'microsoft' });
  });
});

describe('disconnect', () => {
  it('revokes at the provider when it can, and marks the grant revoked either way', async () => {
    const google = await connect('google', 'sub-3');
    const refresh = decryptSecret(google.refresh_token_enc)!;
    expect(await disconnect(db, google.og_id)).toEqual({ revokedAtProvider: true });
    expect(await grantRow(google.og_id)).toMatchObject({ status: 'revoked', refresh_token_enc: null, access_token_enc: null });
    expect(srv.auth.accessTokenInfo(decryptSecret(google.access_token_enc)!)).toBeNull();
    await expect(accessToken(db, google.og_id, srv.clock)).rejects.toMatchObject({ code: 'revoked' });
    expect(refreshes().some((r) => r.refreshToken === refresh)).toBe(false);

    // Microsoft has no revocation endpoint.
    const ms = await connect('microsoft', 'oid-2');
    expect(await disconnect(db, ms.og_id)).toEqual({ revokedAtProvider: false });
    expect((await grantRow(ms.og_id)).status).toBe('revoked');
  });
});
