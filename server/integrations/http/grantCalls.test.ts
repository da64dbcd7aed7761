/**
 * The HTTP helper with a real grant: an API that accepts only access tokens the local authorization
 * server issued and has not expired or revoked. A token turned down before its expiry is renewed
 * once and the call tried again; a grant refused at renewal ends as AuthRefused.
 */
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brandDb, type RootDb } from '../../db/types';
import { decryptSecret } from '../../mail/secrets';
import { freePort } from '../../net/freePort';
import { createTestBrand, testDb, type TestBrand } from '../../test/helpers';
import type { OAuthDb } from '../oauth/tables';
import { connectThroughFake, startTestAuthServer, type TestAuthServer } from '../oauth/testAuthServer';
import { AuthRefused } from './errors';
import { grantBearer, providerClient } from './providerClient';

let root: RootDb;
let brand: TestBrand;
let db: OAuthDb;
let srv: TestAuthServer;
let api: http.Server;
let apiBase: string;
const statuses: number[] = [];

beforeAll(async () => {
  root = testDb();
  brand = await createTestBrand(root);
  db = brandDb(root, brand.schema) as unknown as OAuthDb;
  srv = await startTestAuthServer();
  api = http.createServer((req, res) => {
    const info = srv.auth.accessTokenInfo(req.headers.authorization?.replace(/^Bearer /, '') ?? '');
    const status = info ? 200 : 401;
    statuses.push(status);
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(info ? { subject: info.subject } : { Title: 'Unauthorized' }));
  });
  const port = await freePort();
  await new Promise<void>((r) => api.listen(port, '127.0.0.1', () => r()));
  apiBase = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(async () => {
  api?.closeAllConnections();
  await new Promise((r) => api?.close(r));
  await srv?.close();
  await root?.destroy();
});

beforeEach(() => {
  statuses.length = 0;
  srv.auth.grants.length = 0;
});

const refreshes = () => srv.auth.grants.filter((g) => g.grantType === 'refresh_token').length;

describe('calls on a grant', () => {
  it('renews a token the provider expired early, once, and tries the call again', async () => {
    const grant = await connectThroughFake(db, srv, { provider: 'xero', subject: 'xero-user-9', userId: brand.users.Admin });
    const client = providerClient({ provider: 'xero', baseUrl: apiBase, auth: grantBearer(db, grant.og_id, srv.clock), clock: srv.clock });
    expect((await client.call('GET', '/connections')).body).toEqual({ subject: 'xero-user-9' });
    expect(refreshes()).toBe(0);

    srv.auth.expireAccessTokens();
    expect((await client.call('GET', '/connections')).body).toEqual({ subject: 'xero-user-9' });
    expect(statuses).toEqual([200, 401, 200]);
    expect(refreshes()).toBe(1);
    const row = await db.selectFrom('oauth_grants').selectAll().where('og_id', '=', grant.og_id).executeTakeFirstOrThrow();
    expect(srv.auth.accessTokenInfo(decryptSecret(row.access_token_enc)!)).not.toBeNull();
  });

  it('ends as AuthRefused when the grant itself was revoked', async () => {
    const grant = await connectThroughFake(db, srv, { provider: 'google', subject: 'sub-9', userId: brand.users.Admin });
    srv.auth.revoke(decryptSecret(grant.refresh_token_enc)!);
    const client = providerClient({ provider: 'google', baseUrl: apiBase, auth: grantBearer(db, grant.og_id, srv.clock), clock: srv.clock });
    const error = await client.call('GET', '/drive/v3/files').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthRefused);
    expect(statuses).toEqual([401]);
    expect(refreshes()).toBe(1);
    expect(await db.selectFrom('oauth_grants').select(['status', 'error_code']).where('og_id', '=', grant.og_id).executeTakeFirstOrThrow()).toEqual({
      status: 'refused',
      error_code: 'invalid_grant',
    });
  });
});
