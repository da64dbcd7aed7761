/**
 * A local OAuth 2.0 authorization server for the mail tests, on a loopback port (node:http):
 * - POST /token: the refresh_token grant (RFC 6749 section 6; form-encoded, JSON answers) that
 *   server/mail/oauthToken.ts calls. It checks the client and the refresh token, issues a fresh
 *   access token bound to the refresh token's user, and rotates the refresh token when asked.
 * - POST /introspect: token introspection (RFC 7662, `token=` form) as Dovecot's oauth2 passdb
 *   asks it (`introspection_mode = post`, see ./dovecot.ts): `{ active: true, email }` only for an
 *   access token it issued that has neither expired nor been revoked, else `{ active: false }`.
 * The SMTP test listener asks `userOf` the same way.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const TEST_CLIENT_ID = 'mail-client.apps.example';
export const TEST_CLIENT_SECRET = 'client-secret-42';

interface Issued {
  user: string;
  expiresAt: number;
}

export interface OAuthTestServer {
  /** The token endpoint, for the servers' `*_oauth_token_url`. */
  tokenUrl: string;
  /** The introspection endpoint, for Dovecot's `introspection_url`. */
  introspectionUrl: string;
  /** Every request to the token endpoint, as its parsed form, in order. */
  grants: Record<string, string>[];
  /** Every token the introspection endpoint was asked about, in order. */
  introspected: string[];
  /** The access tokens handed out, newest last. */
  issued: string[];
  /** A refresh token to hand out with the next answer (rotation, the old one stays good), or null. */
  rotateTo: string | null;
  /** The expires_in of the next answers, in seconds. */
  lifetimeS: number;
  /** A new refresh token for `user`. */
  refreshTokenFor(user: string): string;
  /** Revokes a refresh token (the next grant with it gets invalid_grant) or an access token (introspection: inactive). */
  revoke(token: string): void;
  /** The user of an access token that is issued, unexpired and not revoked, else null. */
  userOf(accessToken: string): string | null;
  close(): Promise<void>;
}

const newToken = (kind: string) => `${kind}-${randomBytes(12).toString('hex')}`;

function readForm(req: http.IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', reject);
    req.on('end', () => resolve(Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))));
  });
}

/** `grantDelayMs`: how long a grant answer waits, so a second connect arrives while the first renewal is in flight. */
export async function startOAuthServer(opts: { grantDelayMs?: number } = {}): Promise<OAuthTestServer> {
  const refreshTokens = new Map<string, string>();
  const accessTokens = new Map<string, Issued>();
  const revoked = new Set<string>();
  const grantDelayMs = opts.grantDelayMs ?? 150;

  const userOf = (accessToken: string): string | null => {
    const issued = accessTokens.get(accessToken);
    if (!issued || revoked.has(accessToken) || issued.expiresAt <= Date.now()) return null;
    return issued.user;
  };

  const self: OAuthTestServer = {
    tokenUrl: '',
    introspectionUrl: '',
    grants: [],
    introspected: [],
    issued: [],
    rotateTo: null,
    lifetimeS: 3599,
    refreshTokenFor(user) {
      const token = newToken('refresh');
      refreshTokens.set(token, user);
      return token;
    },
    revoke(token) {
      revoked.add(token);
    },
    userOf,
    close: async () => undefined,
  };

  const server = http.createServer((req, res) => {
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
    void readForm(req).then((form) => {
      const formPost = req.method === 'POST' && req.headers['content-type']?.split(';')[0].trim() === 'application/x-www-form-urlencoded';
      if (req.url === '/introspect') {
        self.introspected.push(form.token ?? '');
        if (!formPost || !form.token) return answer(400, { error: 'invalid_request' });
        const user = userOf(form.token);
        return answer(200, user ? { active: true, email: user, client_id: TEST_CLIENT_ID, token_type: 'Bearer' } : { active: false });
      }
      if (req.url !== '/token') return answer(404, { error: 'not_found' });
      self.grants.push(form);
      if (!formPost || form.grant_type !== 'refresh_token') return answer(400, { error: 'unsupported_grant_type' });
      if (form.client_id !== TEST_CLIENT_ID || form.client_secret !== TEST_CLIENT_SECRET) return answer(401, { error: 'invalid_client' });
      const user = form.refresh_token ? refreshTokens.get(form.refresh_token) : undefined;
      if (!user || revoked.has(form.refresh_token)) return answer(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      const accessToken = newToken('access');
      const lifetimeS = self.lifetimeS;
      accessTokens.set(accessToken, { user, expiresAt: Date.now() + lifetimeS * 1000 });
      self.issued.push(accessToken);
      const rotated = self.rotateTo ? { refresh_token: self.rotateTo } : {};
      if (self.rotateTo) refreshTokens.set(self.rotateTo, user);
      setTimeout(() => answer(200, { access_token: accessToken, expires_in: lifetimeS, token_type: 'Bearer', ...rotated }), grantDelayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  self.tokenUrl = `${base}/token`;
  self.introspectionUrl = `${base}/introspect`;
  self.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return self;
}
