/** The server's order of parts (auth first), the auth server's tokens on Xero calls, and running without contracts. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startProviderServer, type ProviderServer } from './server';
import type { AuthServer, IssuedAccessToken } from './types';

let server: ProviderServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  delete process.env.PROVIDER_CONTRACTS_DIR;
});

/** A stand-in for providers/oauth/: answers /oauth/ paths and knows two tokens. */
function stubAuth(): AuthServer & { seen: string[] } {
  const tokens: Record<string, IssuedAccessToken> = {
    'xero-token': { provider: 'xero', clientId: 'c', subject: 'xero-user', scopes: ['accounting.settings'] },
    'google-token': { provider: 'google', clientId: 'c', subject: 'xero-user', scopes: [] },
  };
  const seen: string[] = [];
  return {
    seen,
    async handle(req: IncomingMessage, res: ServerResponse) {
      seen.push(req.url ?? '');
      if (!req.url?.startsWith('/oauth/')) return false;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"from":"auth"}');
      return true;
    },
    accessTokenInfo: (token) => tokens[token] ?? null,
  };
}

describe('startProviderServer', () => {
  it('gives the auth server the first chance, and takes only its xero tokens', async () => {
    const auth = stubAuth();
    server = await startProviderServer({ auth });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(`${server.url}/oauth/xero/token`, { method: 'POST' })).json()).toEqual({ from: 'auth' });

    const tenant = server.xero.createTenant({ name: 'Auth Org', subject: 'xero-user' });
    const org = (token: string) =>
      fetch(`${server!.url}/xero/api.xro/2.0/Organisation`, { headers: { authorization: `Bearer ${token}`, 'xero-tenant-id': tenant.tenantId } });
    expect((await org('xero-token')).status).toBe(200);
    expect((await org('google-token')).status).toBe(401);
    // allowToken does not bypass a real auth server.
    server.xero.allowToken('side-door', 'xero-user');
    expect((await org('side-door')).status).toBe(401);
    expect(auth.seen).toContain('/xero/api.xro/2.0/Organisation');
  });

  it('connects the subject on a Xero consent: their own tenants, or a new demo organisation', async () => {
    server = await startProviderServer();
    server.xero.allowToken('t', 'fresh-user');
    server.xero.onConsent({ provider: 'xero', clientId: 'c', subject: 'fresh-user', scopes: [] });
    const list = await (await fetch(`${server.url}/xero/connections`, { headers: { authorization: 'Bearer t' } })).json();
    expect(list).toMatchObject([{ tenantName: 'Demo Company (UK)' }]);
    server.xero.disconnect('fresh-user', list[0].tenantId);
    server.xero.onConsent({ provider: 'xero', clientId: 'c', subject: 'fresh-user', scopes: [] });
    const again = await (await fetch(`${server.url}/xero/connections`, { headers: { authorization: 'Bearer t' } })).json();
    expect(again.map((c: { tenantId: string }) => c.tenantId)).toEqual([list[0].tenantId]);
  });

  it('warm: compiles the validators up front and then serves as usual', async () => {
    server = await startProviderServer({ warm: true });
    const tenant = server.xero.createTenant({ name: 'Warm Org', subject: 'w' });
    server.xero.allowToken('t', 'w');
    const res = await fetch(`${server.url}/xero/api.xro/2.0/CreditNotes`, {
      method: 'PUT',
      headers: { authorization: 'Bearer t', 'xero-tenant-id': tenant.tenantId, 'content-type': 'application/json' },
      body: JSON.stringify({ CreditNotes: [{ Type: 'ACCRECCREDIT', Contact: { Name: 'C' }, LineItems: [] }] }),
    });
    expect(res.status).toBe(200);
    // Compiling every provider's validators (Xero, Google, Graph) is the slow part, and slower on a busy machine.
  }, 120_000);

  it('runs without validation when the contracts folder is absent', async () => {
    process.env.PROVIDER_CONTRACTS_DIR = '/nonexistent/contracts';
    server = await startProviderServer();
    expect(server.validating).toBe(false);
    const tenant = server.xero.createTenant({ name: 'Loose Org', subject: 'u' });
    server.xero.allowToken('t', 'u');
    const res = await fetch(`${server.url}/xero/api.xro/2.0/Contacts?summarizeErrors=false`, {
      method: 'PUT',
      headers: { authorization: 'Bearer t', 'xero-tenant-id': tenant.tenantId, 'content-type': 'application/json' },
      body: JSON.stringify({ Contacts: [{ Name: 'Still Served', ContactStatus: 'SLEEPING' }] }),
    });
    expect(res.status).toBe(200);
    expect(server.violations).toEqual([]);
    expect((await fetch(`${server.url}/xero/api.xro/2.0/Nothing`, { headers: { authorization: 'Bearer t', 'xero-tenant-id': tenant.tenantId } })).status).toBe(
      404,
    );
  });
});
