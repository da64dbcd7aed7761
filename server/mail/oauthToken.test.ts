/**
 * OAuth 2.0 token renewal of mail servers against a local token endpoint that follows RFC 6749
 * section 6 (refresh_token grant, form-encoded, JSON answers) and the real SMTP listener taking
 * XOAUTH2. Dovecot here checks passwords from a passwd file and cannot check OAuth tokens, so the
 * IMAP side is checked at the options openImap hands to ImapFlow (ImapFlow replaced below).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { brandDb, type RootDb } from '../db/types';
import { startTestSmtp } from '../publicauth/testSmtp';
import { createTestBrand, testDb, uniqueName } from '../test/helpers';
import { OAuthRefusedError, refusedText } from './oauthToken';
import { decryptSecret, encryptSecret } from './secrets';
import { openImap } from './sync/connect';
import { mailDb, type MailDb } from './tables';
import { smtpTransport, type SmtpServerRow } from './transport';

const imapOptions = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('imapflow', () => ({
  ImapFlow: class {
    constructor(options: Record<string, unknown>) {
      imapOptions.push(options);
    }
    on() {
      return this;
    }
    async connect() {}
  },
}));

const CLIENT_ID = 'mail-client.apps.example';
const CLIENT_SECRET = 'client-secret-42';

/** The token endpoint: checks the form, hands out numbered tokens, or refuses a revoked refresh token. */
interface TokenEndpoint {
  url: string;
  requests: Record<string, string>[];
  issued: Set<string>;
  revoked: Set<string>;
  /** A refresh token to hand out with the next answer (rotation), or null. */
  rotateTo: string | null;
  close: () => Promise<void>;
}

async function startTokenEndpoint(): Promise<TokenEndpoint> {
  const endpoint = { requests: [], issued: new Set(), revoked: new Set(), rotateTo: null } as unknown as TokenEndpoint;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      endpoint.requests.push(form);
      const answer = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      const formOk = req.method === 'POST' && req.headers['content-type'] === 'application/x-www-form-urlencoded' && form.grant_type === 'refresh_token';
      if (!formOk || form.client_id !== CLIENT_ID || form.client_secret !== CLIENT_SECRET) return answer(401, { error: 'invalid_client' });
      if (!form.refresh_token || endpoint.revoked.has(form.refresh_token)) return answer(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      const accessToken = `access-${endpoint.requests.length}-${uniqueName('t')}`;
      endpoint.issued.add(accessToken);
      const rotated = endpoint.rotateTo ? { refresh_token: endpoint.rotateTo } : {};
      // Slow enough that a second connect arrives while the first renewal is still in flight.
      setTimeout(() => answer(200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer', ...rotated }), 150);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  endpoint.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
  endpoint.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return endpoint;
}

let root: RootDb;
let db: MailDb;
let tokens: TokenEndpoint;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;

beforeAll(async () => {
  root = testDb();
  db = mailDb(brandDb(root, (await createTestBrand(root)).schema));
  tokens = await startTokenEndpoint();
  smtp = await startTestSmtp({ acceptsOAuthToken: (user, token) => user === 'office@example.com' && tokens.issued.has(token) });
});

afterAll(async () => {
  await smtp?.close();
  await tokens?.close();
  await root?.destroy();
});

beforeEach(() => {
  tokens.requests.length = 0;
  tokens.rotateTo = null;
  imapOptions.length = 0;
});

const expired = () => ({ access: encryptSecret('stale-token'), expires: new Date(Date.now() - 1000) });

async function oauthSmtpServer(refreshToken = uniqueName('refresh')): Promise<SmtpServerRow & { refreshToken: string }> {
  const stale = expired();
  const row = await (db as unknown as MailDb)
    .insertInto('mailservers')
    .values({
      mailserver_name: 'OAuth SMTP',
      mailserver_host: '127.0.0.1',
      mailserver_port: smtp.port,
      mailserver_secure: false,
      mailserver_user: 'office@example.com',
      mailserver_pass: null,
      mailserver_from: 'office@example.com',
      mailserver_auth: 'oauth',
      ...{
        mailserver_oauth_token_url: tokens.url,
        mailserver_oauth_client_id: CLIENT_ID,
        mailserver_oauth_client_secret: encryptSecret(CLIENT_SECRET),
        mailserver_oauth_refresh_token: encryptSecret(refreshToken),
        mailserver_oauth_access_token: stale.access,
        mailserver_oauth_expires_at: stale.expires,
      },
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...row, refreshToken };
}

const oauthColumns = (table: 'mailservers' | 'mailincomingservers', idCol: string, prefix: string, id: number) =>
  (db as unknown as MailDb)
    .selectFrom(table)
    .select([`${prefix}oauth_access_token as access`, `${prefix}oauth_expires_at as expires`, `${prefix}oauth_refresh_token as refresh`, `${prefix}oauth_error as error`] as never[])
    .where(idCol as never, '=', id as never)
    .executeTakeFirstOrThrow() as unknown as Promise<{ access: string | null; expires: Date | null; refresh: string | null; error: string | null }>;

async function send(server: SmtpServerRow, subject: string): Promise<void> {
  const transport = await smtpTransport(db, server);
  try {
    await transport.sendMail({ from: 'office@example.com', to: 'client@example.com', subject, text: 'Hello' });
  } finally {
    transport.close();
  }
}

describe('OAuth token renewal', () => {
  it('renews an expired token once before an SMTP send, and stores the new one encrypted', async () => {
    const server = await oauthSmtpServer();
    const before = smtp.messages.length;
    await send(server, 'First with OAuth');
    expect(tokens.requests).toEqual([{ grant_type: 'refresh_token', refresh_token: server.refreshToken, client_id: CLIENT_ID, client_secret: CLIENT_SECRET }]);
    expect((await smtp.waitFor(before + 1)).at(-1)?.raw).toContain('First with OAuth');

    const stored = await oauthColumns('mailservers', 'mailserver_id', 'mailserver_', server.mailserver_id);
    const fresh = decryptSecret(stored.access)!;
    expect(tokens.issued.has(fresh)).toBe(true);
    expect(stored.access).not.toContain(fresh);
    expect(stored.expires!.getTime()).toBeGreaterThan(Date.now() + 3000_000);
    expect(smtp.oauthLogins.at(-1)).toBe(fresh);

    // Still valid: the next send uses it without asking the endpoint again.
    await send(server, 'Second with OAuth');
    expect(tokens.requests).toHaveLength(1);
    expect(smtp.oauthLogins.at(-1)).toBe(fresh);

    // The listener does check: a fixed token nobody issued (no refresh settings) is turned away.
    await db.updateTable('mailservers').set({ mailserver_oauth_token_url: null, mailserver_oauth_access_token: encryptSecret('never-issued') } as never).where('mailserver_id', '=', server.mailserver_id).execute();
    await expect(send(server, 'Unknown token')).rejects.toThrow();
    expect(smtp.oauthLogins.at(-1)).toBe('never-issued');
  });

  it('refreshes once when two sends start together', async () => {
    const server = await oauthSmtpServer();
    const before = smtp.messages.length;
    await Promise.all([send(server, 'Parallel one'), send(server, 'Parallel two')]);
    expect(tokens.requests).toHaveLength(1);
    expect(await smtp.waitFor(before + 2)).toHaveLength(before + 2);
    expect(new Set(smtp.oauthLogins.slice(-2)).size).toBe(1);
  });

  it('gives a refused refresh (invalid_grant) as the account sync error and does not post it again', async () => {
    const server = await oauthSmtpServer();
    tokens.revoked.add(server.refreshToken);
    const account = await db
      .insertInto('mailaccounts')
      .values({ ma_name: 'Office', ma_email: 'office@example.com', mailserver_id: server.mailserver_id })
      .returning('mailaccount_id')
      .executeTakeFirstOrThrow();
    const text = refusedText('invalid_grant');
    expect(text).toContain('refused to renew the access token (invalid_grant)');

    await expect(send(server, 'Refused')).rejects.toThrow(new OAuthRefusedError(text));
    expect(tokens.requests).toHaveLength(1);
    const row = await db.selectFrom('mailaccounts').select(['sync_error', 'sync_error_at']).where('mailaccount_id', '=', account.mailaccount_id).executeTakeFirstOrThrow();
    expect(row.sync_error).toBe(text);
    expect(row.sync_error_at).not.toBeNull();
    expect((await oauthColumns('mailservers', 'mailserver_id', 'mailserver_', server.mailserver_id)).error).toBe('invalid_grant');

    await expect(send(server, 'Refused again')).rejects.toThrow(text);
    expect(tokens.requests).toHaveLength(1);
  });

  it('hands ImapFlow { user, accessToken } after renewing, and keeps a rotated refresh token', async () => {
    const stale = expired();
    const server = await (db as unknown as MailDb)
      .insertInto('mailincomingservers')
      .values({
        mis_name: 'OAuth IMAP',
        mis_host: 'imap.example.com',
        mis_port: 993,
        mis_secure: true,
        mis_auth: 'oauth',
        mis_user: 'office@example.com',
        ...{
          mis_oauth_token_url: tokens.url,
          mis_oauth_client_id: CLIENT_ID,
          mis_oauth_client_secret: encryptSecret(CLIENT_SECRET),
          mis_oauth_refresh_token: encryptSecret('imap-refresh-1'),
          mis_oauth_access_token: stale.access,
          mis_oauth_expires_at: stale.expires,
        },
      })
      .returning('mis_id')
      .executeTakeFirstOrThrow();
    const account = await db.insertInto('mailaccounts').values({ ma_name: 'Office IMAP', ma_email: 'office@example.com', mis_id: server.mis_id }).returning('mailaccount_id').executeTakeFirstOrThrow();
    tokens.rotateTo = 'imap-refresh-2';

    await openImap(db, account.mailaccount_id);
    expect(tokens.requests).toEqual([{ grant_type: 'refresh_token', refresh_token: 'imap-refresh-1', client_id: CLIENT_ID, client_secret: CLIENT_SECRET }]);
    const stored = await oauthColumns('mailincomingservers', 'mis_id', 'mis_', server.mis_id);
    expect(decryptSecret(stored.refresh)).toBe('imap-refresh-2');
    expect(stored.refresh).not.toContain('imap-refresh-2');
    expect(imapOptions[0]).toMatchObject({ host: 'imap.example.com', port: 993, secure: true, auth: { user: 'office@example.com', accessToken: decryptSecret(stored.access) } });
    expect(imapOptions[0].auth).not.toHaveProperty('pass');

    // A token expiring within the minute is renewed too, with the rotated refresh token.
    await db.updateTable('mailincomingservers').set({ mis_oauth_expires_at: new Date(Date.now() + 30_000) } as never).where('mis_id', '=', server.mis_id).execute();
    await openImap(db, account.mailaccount_id);
    expect(tokens.requests.map((r) => r.refresh_token)).toEqual(['imap-refresh-1', 'imap-refresh-2']);
    expect((imapOptions[1].auth as { accessToken: string }).accessToken).not.toBe((imapOptions[0].auth as { accessToken: string }).accessToken);
  });
});
