/**
 * The Graph gate: tokens from the authorization server's Microsoft flow, `/me` and `/users/{id}`
 * (another user's is refused), the contract with the README's rewrites (a capitalised action
 * parameter or an unknown path is a recorded violation), throttling and the in-flight limit, the
 * control API's Microsoft knobs, and mail routes mounted with registerMicrosoftMailRoutes.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIBackend } from 'openapi-backend';
import { contractsDir } from '../contracts';
import { providerControl } from '../control';
import { createAuthServer, type LocalAuthServer } from '../oauth/authServer';
import { startProviderServer, type ProviderServer } from '../server';
import { loadGraphContract, registerMicrosoftMailRoutes, type GraphMailbox } from './index';

// One server for the file (loading every contract takes seconds); each test consents as users of its own.
let server: ProviderServer | null = null;
let auth: LocalAuthServer;
let contract: OpenAPIBackend;
beforeAll(async () => {
  const late: { p?: ProviderServer } = {};
  auth = createAuthServer({ onConsent: (g) => late.p?.microsoft.onConsent(g) });
  [server, contract] = await Promise.all([startProviderServer({ auth }), loadGraphContract(contractsDir()!)]);
  late.p = server;
}, 120_000);
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  server?.microsoft.clearFaults();
});

const withAuth = async () => ({ server: server!, auth });

/** The product's connect as the Microsoft identity platform sees it: authorize (PKCE), then the code for tokens. */
async function consent(url: string, subject: string): Promise<{ access_token: string; refresh_token?: string }> {
  const verifier = 'v'.repeat(50);
  const authorize = new URL(`${url}/oauth/microsoft/authorize`);
  const redirect = 'http://app.local/microsoft-connect';
  for (const [k, v] of Object.entries({
    client_id: 'sandbox-microsoft-client',
    redirect_uri: redirect,
    response_type: 'code',
    scope: 'offline_access User.Read Mail.ReadWrite Mail.Send',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    login_hint: subject,
  }))
    authorize.searchParams.set(k, v);
  const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location') ?? '');
  const token = await fetch(`${url}/oauth/microsoft/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: redirect,
      code_verifier: verifier,
      client_id: 'sandbox-microsoft-client',
      client_secret: 'sandbox-microsoft-secret',
    }),
  });
  expect(token.status).toBe(200);
  return (await token.json()) as { access_token: string; refresh_token?: string };
}

const graph = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${server!.url}/graph/v1.0${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });

describe('the Graph gate', () => {
  it('serves /me and /users/{id} to the auth server’s Microsoft tokens, and refuses another user and a bad token', async () => {
    const { server: s, auth } = await withAuth();
    const tokens = await consent(s.url, 'ann@contoso.test');
    expect(tokens.refresh_token).toBeTruthy();
    const me = await graph('/me', tokens.access_token);
    expect(me.status).toBe(200);
    const user = await me.json();
    expect(user).toMatchObject({ mail: 'ann@contoso.test', userPrincipalName: 'ann@contoso.test', displayName: 'Ann' });
    expect(contract.validateResponse(user, 'me.user_GetUser', 200).errors ?? []).toEqual([]);
    expect((await graph(`/users/${user.id}`, tokens.access_token)).status).toBe(200);
    expect((await graph('/users/ANN@contoso.test', tokens.access_token)).status).toBe(200);

    const other = await consent(s.url, 'bob@contoso.test');
    const bob = await (await graph('/me', other.access_token)).json();
    const refused = await graph(`/users/${bob.id}`, tokens.access_token);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('ErrorAccessDenied');

    expect((await graph('/me', 'not-a-token')).status).toBe(401);
    // A Google token is not a Microsoft one.
    const google = auth.refreshTokenFor('google', 'ann@contoso.test');
    expect((await graph('/me', google)).status).toBe(401);
    auth.expireAccessTokens();
    const expired = await graph('/me', tokens.access_token);
    expect(expired.status).toBe(401);
    expect((await expired.json()).error.code).toBe('InvalidAuthenticationToken');
    expect(s.violations.filter((v) => v.path.includes('/me') || v.path.includes('/users'))).toEqual([]);
    expect(s.microsoft.state('ann@contoso.test')?.calls.map((c) => c.operationId)).toContain('user_GetUser');
    // The user entity's answer schema is large (every navigation property): its first compile takes a while.
  }, 180_000);

  it('checks requests against the rewritten contract: camelCase action parameters, no namespace, unknown paths recorded', async () => {
    const { server: s } = await withAuth();
    const { access_token } = await consent(s.url, 'cat@contoso.test');
    // The PowerShell slice's `Message`/`SaveToSentItems` are not the wire's.
    const drifted = await graph('/me/sendMail', access_token, { method: 'POST', body: JSON.stringify({ Message: { subject: 'Hi' }, SaveToSentItems: true }) });
    expect(drifted.status).toBe(400);
    // The mail paths are the mail handlers' (sandboxMail.ts), checked against their own slices.
    expect(s.violations.at(-1)).toMatchObject({ method: 'POST', operationId: 'user_sendMail.me' });
    // The wire's form passes the contract and is sent.
    const wire = await graph('/me/sendMail', access_token, {
      method: 'POST',
      body: JSON.stringify({ message: { subject: 'Hi', toRecipients: [{ emailAddress: { address: 'a@example.com' } }] }, saveToSentItems: true }),
    });
    expect(wire.status).toBe(202);
    const count = s.violations.length;
    // Without the rewrite's namespace only: `/microsoft.graph.sendMail` is not on the wire.
    expect((await graph('/me/microsoft.graph.sendMail', access_token, { method: 'POST', body: '{}' })).status).toBe(400);
    expect((await graph('/me/calendar', access_token)).status).toBe(400);
    expect((await fetch(`${s.url}/graph/v1.0/groups`)).status).toBe(404);
    expect(s.violations.length).toBe(count + 3);
  });

  it('throttles with Retry-After when told to and beyond the in-flight limit per mailbox, through the control API', async () => {
    const { server: s } = await withAuth();
    const { access_token } = await consent(s.url, 'dan@contoso.test');
    const control = providerControl(s.url);
    await control.microsoft.throttle({ count: 1, retryAfterS: 7 });
    const first = await graph('/me', access_token);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('7');
    expect((await graph('/me', access_token)).status).toBe(200);

    await control.microsoft.setConcurrency(2);
    await control.microsoft.latency(150);
    const statuses = (await Promise.all([1, 2, 3, 4].map(() => graph('/me', access_token)))).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 429, 429]);
    await control.microsoft.clearFaults();
    expect((await Promise.all([1, 2, 3, 4].map(() => graph('/me', access_token)))).every((r) => r.status === 200)).toBe(true);
    expect((await control.microsoft.state('dan@contoso.test')).mail).toBe('dan@contoso.test');
  });

  it('mounts mail routes on both /me and /users/{id}, seeding new and existing mailboxes', async () => {
    const { server: s } = await withAuth();
    const early = await consent(s.url, 'eve@contoso.test');
    const seeded: string[] = [];
    registerMicrosoftMailRoutes(
      s.graph,
      [
        {
          method: 'GET',
          template: '/mailFolders',
          operationId: 'user_ListMailFolder',
          handler: (call) => ({ status: 200, body: { value: (call.mailbox.mailState.folders as unknown[]) ?? [] } }),
        },
      ],
      (box: GraphMailbox) => {
        seeded.push(box.mail);
        box.mailState.folders = [{ id: 'inbox', displayName: 'Inbox', totalItemCount: 2, unreadItemCount: 1 }];
      },
    );
    const late = await consent(s.url, 'fay@contoso.test');
    // The mailboxes already there (this file's earlier ones too) and the new one.
    expect(seeded).toContain('eve@contoso.test');
    expect(seeded.at(-1)).toBe('fay@contoso.test');
    expect(seeded.filter((m) => m === 'fay@contoso.test')).toHaveLength(1);
    for (const token of [early.access_token, late.access_token]) {
      const folders = await (await graph('/me/mailFolders', token)).json();
      expect(folders.value[0].displayName).toBe('Inbox');
    }
    const fay = await (await graph('/me', late.access_token)).json();
    expect((await graph(`/users/${fay.id}/mailFolders`, late.access_token)).status).toBe(200);
    expect(s.violations.filter((v) => v.path.includes('mailFolders'))).toEqual([]);
  });
});
