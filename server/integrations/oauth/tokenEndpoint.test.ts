/** The token endpoint client on its own, against answers the local authorization server does not give. */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../net/freePort';
import { refreshGrant } from './tokenEndpoint';

let server: http.Server;
let tokenUrl: string;
let next: { status: number; body: unknown; headers?: Record<string, string> } = { status: 200, body: {} };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(next.status, { 'Content-Type': 'application/json', ...next.headers }).end(JSON.stringify(next.body)));
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  tokenUrl = `http://127.0.0.1:${port}/token`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const client = () => ({ tokenUrl, clientId: 'c', clientSecret: 's' });

describe('refreshGrant', () => {
  it("ignores a refresh answer's ID token (Google and Microsoft send one when openid was granted)", async () => {
    // Not a JWT oauth4webapi could check: its issuer is another host's, as Google's is for a mail server's token URL.
    next = { status: 200, body: { access_token: 'a1', token_type: 'Bearer', expires_in: 3599, id_token: 'x.y.z', scope: 'https://mail.google.com/' } };
    const answer = await refreshGrant(client(), 'r1');
    expect(answer).toMatchObject({ accessToken: 'a1', expiresIn: 3599, refreshToken: null, scope: 'https://mail.google.com/' });
  });

  it('assumes an hour without expires_in, and keeps a rotated refresh token', async () => {
    next = { status: 200, body: { access_token: 'a2', token_type: 'bearer', refresh_token: 'r2' } };
    expect(await refreshGrant(client(), 'r1')).toMatchObject({ accessToken: 'a2', expiresIn: 3600, refreshToken: 'r2' });
  });

  it('tells refusals from passing failures', async () => {
    next = { status: 400, body: { error: 'invalid_grant' } };
    expect(await refreshGrant(client(), 'r1')).toEqual({ refused: 'invalid_grant' });
    next = { status: 401, body: { error: 'invalid_client' }, headers: { 'WWW-Authenticate': 'Basic realm="oauth"' } };
    expect(await refreshGrant(client(), 'r1')).toEqual({ refused: 'invalid_client' });
    next = { status: 400, body: { error: 'invalid_request' } };
    await expect(refreshGrant(client(), 'r1')).rejects.toThrow('The OAuth token endpoint failed: invalid_request');
    next = { status: 503, body: { error: 'temporarily_unavailable' } };
    await expect(refreshGrant(client(), 'r1')).rejects.toThrow(/token endpoint failed/);
  });
});
