/**
 * microsoftaccounts against the run's local provider server (server/test/globalSetup.ts): the
 * browser's part (GET the authorize URL, follow its redirect) with fetch, the product's with
 * app.inject. Each connect consents as a Microsoft user of its own (login_hint), so the fake's
 * mailboxes are this file's; the brand is this file's too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { allFeatures } from '../../core/brand/types';
import type { MicrosoftAccount } from '../../core/microsoft/types';
import { providerControl } from '../../providers/control';
import { decryptSecret } from '../mail/secrets';
import { OAuthRefusedError } from '../integrations/oauth/errors';
import { call, createTestBrand, login, sandboxProviders, uniqueName, useTestApp, useTestBrand } from '../test/helpers';
import { microsoftAccessToken, type MicrosoftDb } from './accounts';
import { graphMailSyncTask } from './syncTask';
import { connectMicrosoft, consentMicrosoft } from './testConnect';

const t = useTestApp();
const own = useTestBrand(t);
let providers: string;
const cookies: Record<string, string> = {};
const users: Record<string, number> = {};

beforeAll(async () => {
  providers = sandboxProviders();
  for (const role of ['operator', 'user', 'engineer']) cookies[role] = await login(t.app, own.brand.host, `${role}@demo.test`);
  const db = t.db.withSchema(own.brand.schema) as unknown as MicrosoftDb;
  for (const role of ['operator', 'user', 'engineer', 'customer'])
    users[role] = (await db.selectFrom('users').select('us_id').where('email', '=', `${role}@demo.test`).executeTakeFirstOrThrow()).us_id;
});

const host = () => own.brand.host;
const get = (url: string, cookie: string, h = host()) => call(t.app, { url, cookie, host: h });
const post = (url: string, body: unknown, cookie: string, h = host()) => call(t.app, { method: 'POST', url, body, cookie, host: h });
const del = (url: string, cookie: string) => call(t.app, { method: 'DELETE', url, cookie, host: host() });
const list = async (cookie: string): Promise<MicrosoftAccount[]> => (await get('/api/microsoftaccounts/list', cookie)).json.microsoftaccounts.data;
const connect = (email = `${uniqueName('ann')}@contoso.test`) => connectMicrosoft(t.app, host(), own.admin, email);
const mdb = () => t.db.withSchema(own.brand.schema) as unknown as MicrosoftDb;
const grantOf = async (msaId: number) =>
  mdb()
    .selectFrom('microsoft_accounts as a')
    .innerJoin('oauth_grants as g', 'g.og_id', 'a.og_id')
    .select(['g.og_id', 'g.refresh_token_enc', 'g.access_token_enc', 'g.prev_refresh_token_enc', 'g.status', 'g.owner_kind', 'g.scopes'])
    .where('a.msa_id', '=', msaId)
    .executeTakeFirstOrThrow();
const expireAccess = async (msaId: number) => {
  const { og_id } = await grantOf(msaId);
  await mdb()
    .updateTable('oauth_grants')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('og_id', '=', og_id)
    .execute();
};

describe('microsoftaccounts', () => {
  it('connects mailboxes end to end: address from Graph’s /me, the first one the default, a reconnect the same mailbox', async () => {
    const status = (await get('/api/microsoftaccounts/status', own.admin)).json.microsoftaccounts.data;
    expect(status).toEqual({ sandbox: true, configured: true });
    const begun = await consentMicrosoft(t.app, host(), own.admin, `${uniqueName('probe')}@contoso.test`);
    expect(begun.redirect.pathname).toBe('/microsoft-connect');
    const url = new URL((await get('/api/microsoftaccounts/loginUrl', own.admin)).json.microsoftaccounts.data.url);
    expect(url.pathname).toBe('/oauth/microsoft/authorize');
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['offline_access', 'Mail.ReadWrite', 'Mail.Send']));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');

    const first = `${uniqueName('ann')}@contoso.test`;
    const a = await connect(first);
    expect(a).toMatchObject({
      msa_email: first,
      is_default: true,
      status: 'connected',
      status_reason: null,
      users: [],
      microsoft_account_selected: true,
      counts: { folders: 0, total: 0, unread: 0 },
    });
    const grant = await grantOf(a.msa_id);
    expect(grant).toMatchObject({ owner_kind: 'mailbox', status: 'active' });
    expect(decryptSecret(grant.refresh_token_enc)).toBeTruthy();
    const b = await connect();
    expect(b.is_default).toBe(false);
    const again = await connect(first);
    expect(again.msa_id).toBe(a.msa_id);
    expect((await list(own.admin)).filter((x) => [a.msa_id, b.msa_id].includes(x.msa_id))).toHaveLength(2);
    // The connect asked Graph who it was, once per consent, and broke no contract.
    const calls = (await providerControl(providers).microsoft.state(first)).calls;
    expect(calls.map((c) => c.operationId)).toEqual(['user_GetUser', 'user_GetUser']);
    expect(calls.every((c) => c.status === 200)).toBe(true);
  });

  it('makes one mailbox the default at a time, and a disconnect hands the default on', async () => {
    const a = await connect();
    const b = await connect();
    const res = await post(`/api/microsoftaccounts/${b.msa_id}/default`, {}, own.admin);
    expect(res.status, res.text).toBe(200);
    const defaults = (await list(own.admin)).filter((x) => x.is_default).map((x) => x.msa_id);
    expect(defaults).toEqual([b.msa_id]);
    expect((await post(`/api/microsoftaccounts/${a.msa_id}/default`, {}, cookies.operator)).status).toBe(403);

    const gone = await del(`/api/microsoftaccounts/${b.msa_id}`, own.admin);
    expect(gone.status, gone.text).toBe(200);
    const left: MicrosoftAccount[] = gone.json.microsoftaccounts.data;
    expect(left.map((x) => x.msa_id)).not.toContain(b.msa_id);
    expect(left.filter((x) => x.is_default)).toHaveLength(1);
    expect((await del(`/api/microsoftaccounts/${b.msa_id}`, own.admin)).status).toBe(404);
    expect((await post(`/api/microsoftaccounts/${b.msa_id}/default`, {}, own.admin)).status).toBe(404);
    expect((await del('/api/microsoftaccounts/abc', own.admin)).status).toBe(400);
  });

  it('assigns users with can_send / can_delete; a user sees only assigned mailboxes; only staff of this brand may be assigned', async () => {
    const a = await connect();
    const hidden = await connect();
    const assign = (msaId: number, bulk: unknown, cookie = own.admin) => post(`/api/microsoftaccounts/${msaId}/assignusers`, { _bulk: bulk }, cookie);
    const res = await assign(a.msa_id, [
      { us_id: users.user, can_send: false, can_delete: true },
      { us_id: users.operator, can_send: true },
    ]);
    expect(res.status, res.text).toBe(200);
    const byId = (x: { us_id: number }, y: { us_id: number }) => x.us_id - y.us_id;
    expect([...res.json.microsoftaccounts.data.users].sort(byId)).toEqual(
      [
        { us_id: users.operator, email: 'operator@demo.test', can_send: true, can_delete: false },
        { us_id: users.user, email: 'user@demo.test', can_send: false, can_delete: true },
      ]
        .sort(byId)
        .map((u) => expect.objectContaining(u)),
    );
    // The user sees that mailbox and not the other.
    const mine = await list(cookies.user);
    expect(mine.map((x) => x.msa_id)).toEqual([a.msa_id]);
    expect((await get(`/api/microsoftaccounts/${hidden.msa_id}/details`, cookies.user)).status).toBe(404);
    const details = await get(`/api/microsoftaccounts/${a.msa_id}/details`, cookies.user);
    expect(details.status, details.text).toBe(200);
    expect(details.json.microsoftaccounts.data).toMatchObject({ msa_email: a.msa_email, status: 'connected', folders: [], token: { grant_status: 'active' } });
    // Only admins assign; an engineer, a customer or an unknown id is refused by its place in the list.
    expect((await assign(a.msa_id, [], cookies.operator)).status).toBe(403);
    const engineer = await assign(a.msa_id, [{ us_id: users.user }, { us_id: users.engineer }]);
    expect(engineer.status).toBe(400);
    expect(engineer.json.microsoftaccounts.dbErrors[0].details).toBe('_bulk.1.us_id');
    expect((await assign(a.msa_id, [{ us_id: users.customer }])).status).toBe(400);
    expect((await assign(a.msa_id, [{ us_id: 999999 }])).status).toBe(400);
    expect((await assign(a.msa_id, [{ us_id: users.user }, { us_id: users.user }])).status).toBe(400);
    expect((await assign(a.msa_id, [{ us_id: users.user, can_send: 'yes' }])).status).toBe(400);
    expect((await post(`/api/microsoftaccounts/${a.msa_id}/assignusers`, {}, own.admin)).status).toBe(400);
    // Replacing the list removes whoever is left out.
    const only = await assign(a.msa_id, [{ us_id: users.operator, can_delete: true }]);
    expect(only.json.microsoftaccounts.data.users.map((u: { us_id: number }) => u.us_id)).toEqual([users.operator]);
    expect(await list(cookies.user)).toEqual([]);
  });

  it('toggles one mailbox and all as SPEC point 4 says, stored per user', async () => {
    const a = await connect();
    const b = await connect();
    await post(`/api/microsoftaccounts/${a.msa_id}/assignusers`, { _bulk: [{ us_id: users.user }] }, own.admin);
    await post(`/api/microsoftaccounts/${b.msa_id}/assignusers`, { _bulk: [{ us_id: users.user }] }, own.admin);
    const selected = (rows: MicrosoftAccount[]) => rows.filter((r) => r.microsoft_account_selected).map((r) => r.msa_id);
    const toggle = async (body: unknown) => {
      const res = await post('/api/microsoftaccounts/selection', body, cookies.user);
      expect(res.status, res.text).toBe(200);
      return selected(res.json.microsoftaccounts.data);
    };
    expect(await toggle({ msa_id: a.msa_id })).toEqual([b.msa_id]);
    expect(await toggle({ all: true })).toEqual([a.msa_id, b.msa_id]);
    expect(await toggle({ all: true })).toEqual([]);
    expect(selected(await list(cookies.user))).toEqual([]);
    // Another user's selection is their own.
    expect(selected(await list(own.admin))).toEqual(expect.arrayContaining([a.msa_id, b.msa_id]));
    expect((await post('/api/microsoftaccounts/selection', { msa_id: a.msa_id, all: true }, cookies.user)).status).toBe(400);
    expect((await post('/api/microsoftaccounts/selection', {}, cookies.user)).status).toBe(400);
  });

  it('renews an expired token with Microsoft’s rotated refresh token; a sync runs and leaves the mailbox connected', async () => {
    const a = await connect();
    const before = await grantOf(a.msa_id);
    await expireAccess(a.msa_id);
    const token = await microsoftAccessToken(mdb(), a.msa_id);
    const after = await grantOf(a.msa_id);
    expect(decryptSecret(after.access_token_enc)).toBe(token);
    expect(after.refresh_token_enc).not.toBe(before.refresh_token_enc);
    expect(decryptSecret(after.prev_refresh_token_enc)).toBe(decryptSecret(before.refresh_token_enc));
    // The token works at Graph.
    const me = await fetch(`${providers}/graph/v1.0/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me.json()).mail).toBe(a.msa_email);

    const sync = await post(`/api/microsoftaccounts/${a.msa_id}/sync`, {}, own.admin);
    expect(sync.status, sync.text).toBe(202);
    expect(['syncing', 'connected']).toContain(sync.json.microsoftaccounts.data.status);
    // Without a queue the task runs in the request's process: wait for it, then run it once more here.
    await expect.poll(async () => (await list(own.admin)).find((x) => x.msa_id === a.msa_id)?.status, { timeout: 30_000 }).toBe('connected');
    await expect(
      graphMailSyncTask({ root: t.db, schema: own.brand.schema, db: mdb() as never, data: { msa_id: a.msa_id }, stopping: () => false }),
    ).resolves.toEqual({
      status: 'done',
    });
    const row = (await list(own.admin)).find((x) => x.msa_id === a.msa_id);
    expect(row).toMatchObject({ status: 'connected', last_error: null });
    expect(row?.last_sync_at).not.toBeNull();
    expect((await post('/api/microsoftaccounts/999999/sync', {}, own.admin)).status).toBe(404);
  });

  it('a grant revoked at Microsoft shows needs-reconnect with the reason, refuses a sync, and a reconnect brings the same mailbox back', async () => {
    const email = `${uniqueName('rev')}@contoso.test`;
    const a = await connect(email);
    await post(`/api/microsoftaccounts/${a.msa_id}/assignusers`, { _bulk: [{ us_id: users.user, can_send: false }] }, own.admin);
    const refresh = decryptSecret((await grantOf(a.msa_id)).refresh_token_enc) ?? '';
    const revoked = await fetch(`${providers}/oauth/microsoft/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: refresh }),
    });
    expect(revoked.status).toBe(200);
    await expireAccess(a.msa_id);
    await expect(microsoftAccessToken(mdb(), a.msa_id)).rejects.toBeInstanceOf(OAuthRefusedError);
    const row = (await list(own.admin)).find((x) => x.msa_id === a.msa_id)!;
    expect(row).toMatchObject({ status: 'reconnect_needed', status_reason: 'invalid_grant' });
    expect(row.last_error).toContain('invalid_grant');
    const details = (await get(`/api/microsoftaccounts/${a.msa_id}/details`, own.admin)).json.microsoftaccounts.data;
    expect(details.token).toMatchObject({ grant_status: 'refused', error_code: 'invalid_grant' });
    const sync = await post(`/api/microsoftaccounts/${a.msa_id}/sync`, {}, own.admin);
    expect(sync.status).toBe(409);
    expect(sync.json.microsoftaccounts.dbErrors[0].primary).toBe('Microsoft login/connection is required!');

    const back = await connect(email);
    expect(back).toMatchObject({ msa_id: a.msa_id, status: 'connected', status_reason: null, last_error: null });
    expect(back.users).toEqual([expect.objectContaining({ us_id: users.user, can_send: false })]);
    expect(await microsoftAccessToken(mdb(), a.msa_id)).toBeTruthy();
  });

  it('refuses a missing code with the spec’s text and a wrong state; admins connect, staff read, others and a brand without the feature are refused', async () => {
    const back = await consentMicrosoft(t.app, host(), own.admin, `${uniqueName('dee')}@contoso.test`);
    const missing = await post('/api/microsoftaccounts/connect', { state: back.state }, own.admin);
    expect(missing.status).toBe(400);
    expect(missing.json.microsoftaccounts.dbErrors[0]).toMatchObject({ primary: 'Missing microsoft code!', details: 'code' });
    const empty = await post('/api/microsoftaccounts/connect', { code: '', state: back.state }, own.admin);
    expect(empty.json.microsoftaccounts.dbErrors[0].primary).toBe('Missing microsoft code!');
    const wrong = await post('/api/microsoftaccounts/connect', { code: back.code, state: 'not-the-state' }, own.admin);
    expect(wrong.status).toBe(400);
    expect(wrong.json.microsoftaccounts.dbErrors[0]).toMatchObject({ details: 'state' });

    expect((await get('/api/microsoftaccounts/loginUrl', cookies.operator)).status).toBe(403);
    expect((await post('/api/microsoftaccounts/connect', { code: back.code, state: back.state }, cookies.operator)).status).toBe(403);
    expect((await get('/api/microsoftaccounts/list', cookies.operator)).status).toBe(200);
    const engineer = await get('/api/microsoftaccounts/list', cookies.engineer);
    expect(engineer.status).toBe(403);
    expect(engineer.json.microsoftaccounts.dbErrors[0].general).toBe('role');

    const features = allFeatures(true);
    features.microsoft = { emails: false };
    const off = await createTestBrand(t.db, features);
    const offAdmin = await login(t.app, off.host, 'admin@demo.test');
    const refused = await get('/api/microsoftaccounts/list', offAdmin, off.host);
    expect(refused.status).toBe(403);
    expect(refused.json.microsoftaccounts.dbErrors[0].general).toBe('feature');
    expect((await get('/api/microsoftaccounts/loginUrl', offAdmin, off.host)).status).toBe(403);
  });

  it('another brand’s mailbox is not there: its admin gets 404 for every call on it', async () => {
    const a = await connect();
    const other = await createTestBrand(t.db);
    const otherAdmin = await login(t.app, other.host, 'admin@demo.test');
    const otherList = await get('/api/microsoftaccounts/list', otherAdmin, other.host);
    expect(otherList.json.microsoftaccounts.data).toEqual([]);
    expect((await get(`/api/microsoftaccounts/${a.msa_id}/details`, otherAdmin, other.host)).status).toBe(404);
    expect((await post(`/api/microsoftaccounts/${a.msa_id}/default`, {}, otherAdmin, other.host)).status).toBe(404);
    expect((await post(`/api/microsoftaccounts/${a.msa_id}/sync`, {}, otherAdmin, other.host)).status).toBe(404);
    expect((await post(`/api/microsoftaccounts/${a.msa_id}/assignusers`, { _bulk: [] }, otherAdmin, other.host)).status).toBe(404);
    const gone = await call(t.app, { method: 'DELETE', url: `/api/microsoftaccounts/${a.msa_id}`, cookie: otherAdmin, host: other.host });
    expect(gone.status).toBe(404);
    // Still there, still the first brand's.
    expect((await list(own.admin)).map((x) => x.msa_id)).toContain(a.msa_id);
  });
});
