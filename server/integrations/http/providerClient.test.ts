/** The provider HTTP helper against a small local API: bearer, budget lease, allowance headers, and each answer's typed error. */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RootDb } from '../../db/types';
import { freePort } from '../../net/freePort';
import { testDb } from '../../test/helpers';
import type { BudgetKey } from '../budget/budget';
import { OAuthRefusedError } from '../oauth/errors';
import { AuthRefused, NotFound, RateLimited, Unavailable, UnexpectedAnswer, Validation } from './errors';
import { providerClient, retryAfterSeconds, type ProviderClientOptions } from './providerClient';

let root: RootDb;
let api: http.Server;
let base: string;
const seen: { url: string; authorization?: string; body: string }[] = [];
const T0 = Date.UTC(2026, 0, 5, 9);

/** `/status/<code>` answers that status; the rest of the query sets headers. `/slow` never answers in time. */
function handler(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    seen.push({ url: req.url!, authorization: req.headers.authorization, body: Buffer.concat(chunks).toString() });
    const url = new URL(req.url!, 'http://x');
    const path = url.pathname.replace(/^\/api\.xro\/2\.0/, '');
    if (path === '/slow') return void setTimeout(() => res.end('{}'), 2000);
    const status = Number(path.match(/^\/status\/(\d+)$/)?.[1] ?? 200);
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-MinLimit-Remaining': '41' };
    for (const [k, v] of url.searchParams) headers[k] = v;
    res
      .writeHead(status, headers)
      .end(
        status === 204 ? undefined : JSON.stringify(status === 400 ? { Elements: [{ ValidationErrors: [{ Message: 'Name is required' }] }] } : { ok: status }),
      );
  });
}

beforeAll(async () => {
  root = testDb();
  api = http.createServer(handler);
  const port = await freePort();
  await new Promise<void>((r) => api.listen(port, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${port}/api.xro/2.0`;
});
afterAll(async () => {
  api.closeAllConnections();
  await new Promise((r) => api.close(r));
  await root?.destroy();
});
beforeEach(() => {
  seen.length = 0;
});

const newKey = (): BudgetKey => ({ provider: 'xero', scopeKey: `xero:site_1:${randomBytes(6).toString('hex')}` });
const limits = { perMinute: 60, perDay: 5000, concurrent: 1 };
function client(over: Partial<ProviderClientOptions> = {}) {
  return providerClient({
    provider: 'xero',
    baseUrl: `${base}/`,
    auth: { token: async () => 'token-1' },
    budget: { root, key: newKey(), limits },
    clock: () => T0,
    ...over,
  });
}
const budgetRow = async (key: BudgetKey) =>
  (
    await sql<{ leases: Record<string, number>; blocked_until: Date | null; last_remaining: unknown; minute_count: number }>`
    select leases, blocked_until, last_remaining, minute_count from global.provider_budget where scope_key = ${key.scopeKey}`.execute(root)
  ).rows[0];

describe('providerClient', () => {
  it('calls with the bearer under a lease, records the allowance headers and gives the lease back', async () => {
    const key = newKey();
    const c = client({ budget: { root, key, limits } });
    const answer = await c.call<{ ok: number }>('POST', '/Contacts', { query: { summaryOnly: true, page: undefined }, body: { Name: 'Acme' } });
    expect(answer).toMatchObject({ status: 200, body: { ok: 200 } });
    expect(seen[0]).toEqual({ url: '/api.xro/2.0/Contacts?summaryOnly=true', authorization: 'Bearer token-1', body: '{"Name":"Acme"}' });
    // With a concurrency cap of one, a second call goes through only because the first released its lease.
    expect((await c.call('GET', 'Contacts')).status).toBe(200);
    expect(await budgetRow(key)).toMatchObject({ leases: {}, minute_count: 2, last_remaining: { 'x-minlimit-remaining': '41' } });
  });

  it('maps 429 to RateLimited, blocks the budget key, and then refuses locally until Retry-After', async () => {
    const key = newKey();
    const c = client({ budget: { root, key, limits } });
    const limited = await c.call('GET', '/status/429?Retry-After=7&X-Rate-Limit-Problem=minute').catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(RateLimited);
    expect(limited).toMatchObject({ status: 429, retryAt: new Date(T0 + 7000), problem: 'minute' });
    expect((await budgetRow(key)).blocked_until).toEqual(new Date(T0 + 7000));
    const local = await c.call('GET', '/Contacts').catch((e: unknown) => e);
    expect(local).toMatchObject({ name: 'RateLimited', status: null, retryAt: new Date(T0 + 7000), problem: 'budget' });
    expect(seen).toHaveLength(1);
  });

  it('maps 503, 401, 404, 400 and anything else to their typed errors', async () => {
    const c = client();
    const fail = (path: string) => c.call('GET', path).catch((e: unknown) => e);
    expect(await fail('/status/503?Retry-After=30')).toEqual(expect.objectContaining({ status: 503, retryAt: new Date(T0 + 30_000) }));
    expect(await fail('/status/503')).toBeInstanceOf(Unavailable);
    expect(await fail('/status/401')).toBeInstanceOf(AuthRefused);
    expect(await fail('/status/404')).toBeInstanceOf(NotFound);
    const invalid = await fail('/status/400');
    expect(invalid).toBeInstanceOf(Validation);
    expect((invalid as Validation).body).toEqual({ Elements: [{ ValidationErrors: [{ Message: 'Name is required' }] }] });
    expect(await fail('/status/500')).toEqual(expect.objectContaining({ name: 'UnexpectedAnswer', status: 500, body: { ok: 500 } }));
    expect(await fail('/status/409')).toBeInstanceOf(UnexpectedAnswer);
    expect((await c.call('DELETE', '/status/204')).body).toBeNull();
  });

  it('gives a timeout as Unavailable and a refused grant as AuthRefused without calling', async () => {
    expect(
      await client({ timeoutMs: 200 })
        .call('GET', '/slow')
        .catch((e: unknown) => e),
    ).toMatchObject({ name: 'Unavailable', status: null, retryAt: null });
    const refused = client({
      auth: { token: () => Promise.reject(new OAuthRefusedError('refused', 'invalid_grant')) },
    });
    seen.length = 0;
    const error = await refused.call('GET', '/Contacts').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthRefused);
    expect((error as AuthRefused).cause).toBeInstanceOf(OAuthRefusedError);
    expect(seen).toHaveLength(0);
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterSeconds('120', T0)).toBe(120);
    expect(retryAfterSeconds(new Date(T0 + 90_000).toUTCString(), T0)).toBe(90);
    expect(retryAfterSeconds(null, T0)).toBeNull();
    expect(retryAfterSeconds('soon', T0)).toBeNull();
  });
});
