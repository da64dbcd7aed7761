/**
 * The Google gate: tokens from the authorization server and their scopes, contract violations
 * answered 400 and recorded, quota answers and failNext, the control API's Google knobs, and
 * serving without contracts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { providerControl } from '../control';
import { createAuthServer } from '../oauth/authServer';
import { startProviderServer, type ProviderServer } from '../server';
import { expectContractAnswer, session, startTestbed } from './testkit';

let server: ProviderServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  delete process.env.PROVIDER_CONTRACTS_DIR;
});

const get = (path: string, token: string) => fetch(`${server!.url}/google${path}`, { headers: { authorization: `Bearer ${token}` } });

/** An access token from the auth server's own code flow, as the product gets one. */
async function consentToken(url: string, subject: string, scope: string): Promise<string> {
  const verifier = 'v'.repeat(50);
  const { createHash } = await import('node:crypto');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = new URL(`${url}/oauth/google/authorize`);
  const redirect = 'http://app.local/google-connect';
  for (const [k, v] of Object.entries({
    client_id: 'sandbox-google-client',
    redirect_uri: redirect,
    response_type: 'code',
    scope,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    login_hint: subject,
    access_type: 'offline',
  }))
    authorize.searchParams.set(k, v);
  const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location') ?? '');
  const token = await fetch(`${url}/oauth/google/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: redirect,
      code_verifier: verifier,
      client_id: 'sandbox-google-client',
      client_secret: 'sandbox-google-secret',
    }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

describe('the Google gate', () => {
  it('takes the auth server’s google tokens, seeds the consenting account, and checks the scope per API', async () => {
    const late: { p?: ProviderServer } = {};
    const auth = createAuthServer({ onConsent: (g) => late.p?.google.onConsent(g) });
    server = late.p = await startProviderServer({ auth });
    const driveOnly = await consentToken(server.url, 'ann@example.com', 'https://www.googleapis.com/auth/drive email');
    const me = await get('/oauth2/v2/userinfo', driveOnly);
    expect(await me.json()).toMatchObject({ id: 'ann@example.com', email: 'ann@example.com' });
    // The consent seeded the sandbox account.
    const files = await (await get(`/drive/v3/files?q=${encodeURIComponent("'root' in parents")}`, driveOnly)).json();
    expect(files.files.length).toBeGreaterThan(0);
    const tasks = await get('/tasks/v1/users/@me/lists', driveOnly);
    expect(tasks.status).toBe(403);
    expect((await tasks.json()).error.errors[0].reason).toBe('insufficientPermissions');
    const bad = await get('/drive/v3/files', 'not-a-token');
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('invalid_token');
    // An expired access token is refused like an unknown one.
    auth.expireAccessTokens();
    expect((await get('/oauth2/v2/userinfo', driveOnly)).status).toBe(401);
    expect(server.violations).toEqual([]);
  });

  it('answers a request the contract refuses with 400 and records it; an unknown path is a violation too', async () => {
    const bed = await startTestbed();
    server = bed.server;
    const s = session(bed);
    const list = bed.server.google.addTaskList(s.subject, 'L').id as string;
    const bad = await s.google('GET', `/tasks/v1/lists/${list}/tasks?showDeleted=maybe`);
    expect(bad.status).toBe(400);
    expect(bed.server.violations).toMatchObject([{ operationId: 'tasks.tasks.list', errors: [{ instancePath: '/query/showDeleted' }] }]);
    expect((await s.google('GET', '/drive/v3/nothing')).status).toBe(404);
    expect(bed.server.violations).toHaveLength(2);
    bed.server.violations.splice(0);
  });

  it('answers quota errors and injected failures, per operation, through the control API', async () => {
    const bed = await startTestbed();
    server = bed.server;
    const control = providerControl(bed.server.url);
    const s = session(bed);
    await control.google.quota({ status: 403, operationId: 'drive.files.list' });
    const tasks = await s.google('GET', '/tasks/v1/users/@me/lists');
    expect(tasks.status).toBe(200);
    const limited = await s.google('GET', '/drive/v3/files');
    expect(limited.status).toBe(403);
    expect(limited.body.error).toMatchObject({ code: 403, errors: [{ reason: 'userRateLimitExceeded', domain: 'usageLimits' }] });
    await control.google.quota({ status: 429 });
    const busy = await s.google('GET', '/oauth2/v2/userinfo');
    expect(busy.status).toBe(429);
    expect(busy.body.error.errors[0].reason).toBe('rateLimitExceeded');
    await control.google.failNext({ count: 1, status: 503 });
    expect((await s.google('GET', '/drive/v3/files')).status).toBe(503);
    expect((await s.google('GET', '/drive/v3/files')).status).toBe(200);
    await control.google.quota({ count: 5 });
    await control.google.clearFaults();
    expect((await s.google('GET', '/drive/v3/files')).status).toBe(200);
    expect(bed.server.violations).toEqual([]);
  });

  it('edits a task remotely through the control API and shows it in the account’s state', async () => {
    const bed = await startTestbed();
    server = bed.server;
    const control = providerControl(bed.server.url);
    const subject = 'remote@example.com';
    await control.google.createAccount({ subject });
    const list = await control.google.addTaskList(subject, 'Remote');
    const task = await control.google.addTask(subject, list.id as string, { title: 'before', due: '2026-12-24T18:00:00Z' });
    expect(task.due).toBe('2026-12-24T00:00:00.000Z');
    const edited = await control.google.editRemote(subject, task.id as string, { title: 'after', deleted: true });
    expect(edited).toMatchObject({ title: 'after', deleted: true });
    expect(edited.etag).not.toBe(task.etag);
    expectContractAnswer(bed, 'tasks', 'tasks.tasks.get', 200, edited);
    expect((await control.google.state(subject)).tasks).toMatchObject([{ title: 'after', deleted: true }]);
    await expect(control.google.editRemote(subject, 'nope', { title: 'x' })).rejects.toThrow(/404/);
  });

  it('serves Google unvalidated when the contracts folder is absent', async () => {
    process.env.PROVIDER_CONTRACTS_DIR = '/nonexistent/contracts';
    server = await startProviderServer();
    expect(server.validating).toBe(false);
    server.google.createAccount({ subject: 'loose', seed: true });
    server.google.allowToken('t', 'loose');
    const res = await get('/tasks/v1/users/@me/lists', 't');
    expect(res.status).toBe(200);
    expect((await res.json()).items.map((l: { title: string }) => l.title)).toEqual(['My Tasks', 'Office']);
    expect(server.violations).toEqual([]);
  });
});
