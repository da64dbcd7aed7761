/**
 * OAuth 2.0 token renewal of mail servers against a local authorization server (../test/oauthServer.ts:
 * the refresh_token grant of RFC 6749 section 6, and RFC 7662 introspection), with the real
 * listeners checking the tokens: the SMTP test listener taking XOAUTH2, and a Dovecot whose oauth2
 * passdb asks the same server's introspection endpoint about every bearer token an IMAP login
 * presents (../test/dovecot.ts). The IMAP accounts here have no password: a sync only gets in
 * with an access token the server issued and has not revoked.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brandDb, type RootDb } from '../db/types';
import { startTestSmtp } from '../publicauth/testSmtp';
import { startDovecot, type Dovecot } from '../test/dovecot';
import { createTestBrand, testDb, uniqueName } from '../test/helpers';
import { startOAuthServer, TEST_CLIENT_ID as CLIENT_ID, TEST_CLIENT_SECRET as CLIENT_SECRET, type OAuthTestServer } from '../test/oauthServer';
import { OAuthRefusedError, refusedText } from './oauthToken';
import { decryptSecret, encryptSecret } from './secrets';
import { openImap } from './sync/connect';
import { syncAccount } from './sync/syncAccount';
import { rawMail, withMailbox } from './sync/testMailbox';
import { mailDb, type MailDb } from './tables';
import { smtpTransport, type SmtpServerRow } from './transport';

const SMTP_USER = 'office@example.com';

let root: RootDb;
let db: MailDb;
let oauth: OAuthTestServer;
let dovecot: Dovecot;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;

beforeAll(async () => {
  root = testDb();
  db = mailDb(brandDb(root, (await createTestBrand(root)).schema));
  oauth = await startOAuthServer();
  dovecot = await startDovecot({ oauth2IntrospectionUrl: oauth.introspectionUrl });
  smtp = await startTestSmtp({ acceptsOAuthToken: (user, token) => user === SMTP_USER && oauth.userOf(token) === user });
}, 60_000);

afterAll(async () => {
  await smtp?.close();
  await dovecot?.stop();
  await oauth?.close();
  await root?.destroy();
});

beforeEach(() => {
  oauth.grants.length = 0;
  oauth.introspected.length = 0;
  oauth.rotateTo = null;
});

const expired = () => ({ access: encryptSecret('stale-token'), expires: new Date(Date.now() - 1000) });
const grant = (refreshToken: string) => ({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID, client_secret: CLIENT_SECRET });

async function oauthSmtpServer(refreshToken = oauth.refreshTokenFor(SMTP_USER)): Promise<SmtpServerRow & { refreshToken: string }> {
  const stale = expired();
  const row = await (db as unknown as MailDb)
    .insertInto('mailservers')
    .values({
      mailserver_name: 'OAuth SMTP',
      mailserver_host: '127.0.0.1',
      mailserver_port: smtp.port,
      mailserver_secure: false,
      mailserver_user: SMTP_USER,
      mailserver_pass: null,
      mailserver_from: SMTP_USER,
      mailserver_auth: 'oauth',
      ...{
        mailserver_oauth_token_url: oauth.tokenUrl,
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

/**
 * A Dovecot mailbox and an account whose incoming server logs in with OAuth only (no password
 * stored), holding an expired access token and a refresh token the OAuth server knows. The
 * mailbox's own password is for putting mail there as another client would.
 */
async function oauthImapAccount() {
  const user = `${uniqueName('oauth')}@test.example`;
  const password = uniqueName('pw');
  await dovecot.addUser(user, password);
  const refreshToken = oauth.refreshTokenFor(user);
  const stale = expired();
  const server = await (db as unknown as MailDb)
    .insertInto('mailincomingservers')
    .values({
      mis_name: 'OAuth IMAP',
      mis_host: dovecot.host,
      mis_port: dovecot.port,
      mis_secure: false,
      mis_auth: 'oauth',
      mis_user: user,
      mis_pass: null,
      ...{
        mis_oauth_token_url: oauth.tokenUrl,
        mis_oauth_client_id: CLIENT_ID,
        mis_oauth_client_secret: encryptSecret(CLIENT_SECRET),
        mis_oauth_refresh_token: encryptSecret(refreshToken),
        mis_oauth_access_token: stale.access,
        mis_oauth_expires_at: stale.expires,
      },
    })
    .returning('mis_id')
    .executeTakeFirstOrThrow();
  const account = await db
    .insertInto('mailaccounts')
    .values({ ma_name: 'Office IMAP', ma_email: user, mis_id: server.mis_id })
    .returning('mailaccount_id')
    .executeTakeFirstOrThrow();
  const deliver = (subject: string) => withMailbox(dovecot, user, password, (c) => c.append('INBOX', rawMail({ subject, to: user })));
  const setExpiry = (at: Date) =>
    db
      .updateTable('mailincomingservers')
      .set({ mis_oauth_expires_at: at } as never)
      .where('mis_id', '=', server.mis_id)
      .execute();
  return { user, refreshToken, misId: server.mis_id, id: account.mailaccount_id, deliver, setExpiry };
}

const oauthColumns = (table: 'mailservers' | 'mailincomingservers', idCol: string, prefix: string, id: number) =>
  (db as unknown as MailDb)
    .selectFrom(table)
    .select([
      `${prefix}oauth_access_token as access`,
      `${prefix}oauth_expires_at as expires`,
      `${prefix}oauth_refresh_token as refresh`,
      `${prefix}oauth_error as error`,
    ] as never[])
    .where(idCol as never, '=', id as never)
    .executeTakeFirstOrThrow() as unknown as Promise<{ access: string | null; expires: Date | null; refresh: string | null; error: string | null }>;

const imapColumns = (misId: number) => oauthColumns('mailincomingservers', 'mis_id', 'mis_', misId);
const subjectsOf = async (accountId: number) =>
  (await db.selectFrom('mails').select('mail_subject').where('mailaccount_id', '=', accountId).orderBy('ma_id').execute()).map((m) => m.mail_subject);
const accountState = (accountId: number) =>
  db.selectFrom('mailaccounts').select(['sync_status', 'sync_error', 'sync_error_at']).where('mailaccount_id', '=', accountId).executeTakeFirstOrThrow();

async function send(server: SmtpServerRow, subject: string): Promise<void> {
  const transport = await smtpTransport(db, server);
  try {
    await transport.sendMail({ from: SMTP_USER, to: 'client@example.com', subject, text: 'Hello' });
  } finally {
    transport.close();
  }
}

describe('OAuth token renewal for SMTP', () => {
  it('renews an expired token once before an SMTP send, and stores the new one encrypted', async () => {
    const server = await oauthSmtpServer();
    const before = smtp.messages.length;
    await send(server, 'First with OAuth');
    expect(oauth.grants).toEqual([grant(server.refreshToken)]);
    expect((await smtp.waitFor(before + 1)).at(-1)?.raw).toContain('First with OAuth');

    const stored = await oauthColumns('mailservers', 'mailserver_id', 'mailserver_', server.mailserver_id);
    const fresh = decryptSecret(stored.access)!;
    expect(oauth.issued).toContain(fresh);
    expect(stored.access).not.toContain(fresh);
    expect(stored.expires!.getTime()).toBeGreaterThan(Date.now() + 3000_000);
    expect(smtp.oauthLogins.at(-1)).toBe(fresh);

    // Still valid: the next send uses it without asking the endpoint again.
    await send(server, 'Second with OAuth');
    expect(oauth.grants).toHaveLength(1);
    expect(smtp.oauthLogins.at(-1)).toBe(fresh);

    // The listener does check: a fixed token nobody issued (no refresh settings) is turned away.
    await db
      .updateTable('mailservers')
      .set({ mailserver_oauth_token_url: null, mailserver_oauth_access_token: encryptSecret('never-issued') } as never)
      .where('mailserver_id', '=', server.mailserver_id)
      .execute();
    await expect(send(server, 'Unknown token')).rejects.toThrow();
    expect(smtp.oauthLogins.at(-1)).toBe('never-issued');
  });

  it('refreshes once when two sends start together', async () => {
    const server = await oauthSmtpServer();
    const before = smtp.messages.length;
    await Promise.all([send(server, 'Parallel one'), send(server, 'Parallel two')]);
    expect(oauth.grants).toHaveLength(1);
    expect(await smtp.waitFor(before + 2)).toHaveLength(before + 2);
    expect(new Set(smtp.oauthLogins.slice(-2)).size).toBe(1);
  });

  it('gives a refused refresh (invalid_grant) as the account sync error and does not post it again', async () => {
    const server = await oauthSmtpServer();
    oauth.revoke(server.refreshToken);
    const account = await db
      .insertInto('mailaccounts')
      .values({ ma_name: 'Office', ma_email: SMTP_USER, mailserver_id: server.mailserver_id })
      .returning('mailaccount_id')
      .executeTakeFirstOrThrow();
    const text = refusedText('invalid_grant');
    expect(text).toContain('refused to renew the access token (invalid_grant)');

    await expect(send(server, 'Refused')).rejects.toThrow(new OAuthRefusedError(text));
    expect(oauth.grants).toHaveLength(1);
    const row = await accountState(account.mailaccount_id);
    expect(row.sync_error).toBe(text);
    expect(row.sync_error_at).not.toBeNull();
    expect((await oauthColumns('mailservers', 'mailserver_id', 'mailserver_', server.mailserver_id)).error).toBe('invalid_grant');

    await expect(send(server, 'Refused again')).rejects.toThrow(text);
    expect(oauth.grants).toHaveLength(1);
  });
});

describe('OAuth IMAP sync against Dovecot', () => {
  it('syncs over an OAuth login after renewing, keeps a rotated refresh token, and renews only when due', async () => {
    const box = await oauthImapAccount();
    await box.deliver('Sent to an OAuth mailbox');
    const rotated = uniqueName('rotated-refresh');
    oauth.rotateTo = rotated;

    const first = await syncAccount(db, box.id);
    expect(first.error).toBeUndefined();
    expect(first.folders.INBOX).toMatchObject({ added: 1 });
    expect(await subjectsOf(box.id)).toEqual(['Sent to an OAuth mailbox']);
    expect(oauth.grants).toEqual([grant(box.refreshToken)]);
    const stored = await imapColumns(box.misId);
    expect(decryptSecret(stored.refresh)).toBe(rotated);
    expect(stored.refresh).not.toContain(rotated);
    const token = decryptSecret(stored.access)!;
    expect(stored.access).not.toContain(token);
    expect(token).toBe(oauth.issued.at(-1));
    // Dovecot let the sync in on the renewed token, which it checked with the introspection endpoint.
    expect(oauth.introspected).toEqual([token]);
    expect(await accountState(box.id)).toMatchObject({ sync_status: 'idle', sync_error: null });

    // Still valid: more connects (syncs, and two opened together) log in with it and renew nothing.
    await box.deliver('Second while the token is valid');
    expect((await syncAccount(db, box.id)).folders.INBOX).toMatchObject({ added: 1 });
    const clients = await Promise.all([openImap(db, box.id), openImap(db, box.id)]);
    await Promise.all(clients.map((c) => c.logout()));
    expect(oauth.grants).toHaveLength(1);
    expect(oauth.introspected).toEqual([token, token, token, token]);

    // A token expiring within the minute is renewed too, with the rotated refresh token, and once
    // for two connects that start together.
    await box.setExpiry(new Date(Date.now() + 30_000));
    const renewed = await Promise.all([openImap(db, box.id), openImap(db, box.id)]);
    await Promise.all(renewed.map((c) => c.logout()));
    expect(oauth.grants).toEqual([grant(box.refreshToken), grant(rotated)]);
    const next = decryptSecret((await imapColumns(box.misId)).access)!;
    expect(next).not.toBe(token);
    expect(next).toBe(oauth.issued.at(-1));
    expect(oauth.introspected.slice(4)).toEqual([next, next]);
    expect((await imapColumns(box.misId)).expires!.getTime()).toBeGreaterThan(Date.now() + 3000_000);
    await box.deliver('Third after the renewal');
    expect((await syncAccount(db, box.id)).folders.INBOX).toMatchObject({ added: 1 });
    expect(await subjectsOf(box.id)).toEqual(['Sent to an OAuth mailbox', 'Second while the token is valid', 'Third after the renewal']);
    expect(oauth.grants).toHaveLength(2);
  });

  it('fails the sync with the account sync error when Dovecot refuses a revoked token, and recovers after a renewal', async () => {
    const box = await oauthImapAccount();
    await box.deliver('Before the revocation');
    expect((await syncAccount(db, box.id)).error).toBeUndefined();
    const token = decryptSecret((await imapColumns(box.misId)).access)!;
    oauth.revoke(token);
    await box.deliver('After the revocation');

    // The stored token looks good for another hour, so it is presented, and introspection turns it down.
    const failed = await syncAccount(db, box.id);
    expect(failed.error).toBeTruthy();
    expect(oauth.introspected).toEqual([token, token]);
    expect(oauth.grants).toHaveLength(1);
    const row = await accountState(box.id);
    expect(row).toMatchObject({ sync_status: 'error', sync_error: failed.error });
    expect(row.sync_error_at).not.toBeNull();
    // What the sync met is Dovecot refusing the login, not a broken connection.
    await expect(openImap(db, box.id)).rejects.toMatchObject({ authenticationFailed: true, serverResponseCode: 'AUTHENTICATIONFAILED' });
    expect(oauth.introspected).toEqual([token, token, token]);
    expect(await subjectsOf(box.id)).toEqual(['Before the revocation']);

    // Once the token is due, the refresh token (still good) gets a new one and the sync goes on.
    await box.setExpiry(new Date(Date.now() - 1000));
    const again = await syncAccount(db, box.id);
    expect(again.error).toBeUndefined();
    expect(oauth.grants).toEqual([grant(box.refreshToken), grant(box.refreshToken)]);
    expect(await subjectsOf(box.id)).toEqual(['Before the revocation', 'After the revocation']);
    expect(await accountState(box.id)).toMatchObject({ sync_status: 'idle', sync_error: null, sync_error_at: null });
  });

  it('stops at a refused refresh (invalid_grant) without asking the token endpoint or Dovecot again', async () => {
    const box = await oauthImapAccount();
    await box.deliver('Waiting behind a revoked grant');
    oauth.revoke(box.refreshToken);
    const text = refusedText('invalid_grant');

    const refused = await syncAccount(db, box.id);
    expect(refused.error).toBe(text);
    expect(oauth.grants).toEqual([grant(box.refreshToken)]);
    expect(oauth.introspected).toEqual([]);
    const row = await accountState(box.id);
    expect(row).toMatchObject({ sync_status: 'error', sync_error: text });
    expect(row.sync_error_at).not.toBeNull();
    expect((await imapColumns(box.misId)).error).toBe('invalid_grant');

    await expect(openImap(db, box.id)).rejects.toThrow(new OAuthRefusedError(text));
    expect((await syncAccount(db, box.id)).error).toBe(text);
    expect(oauth.grants).toHaveLength(1);
    expect(oauth.introspected).toEqual([]);
    expect(await subjectsOf(box.id)).toEqual([]);

    // New OAuth settings (as the admin's save writes them: ../admin/servers.ts) start afresh.
    const newRefresh = oauth.refreshTokenFor(box.user);
    await db
      .updateTable('mailincomingservers')
      .set({ mis_oauth_refresh_token: encryptSecret(newRefresh), mis_oauth_access_token: null, mis_oauth_expires_at: null, mis_oauth_error: null } as never)
      .where('mis_id', '=', box.misId)
      .execute();
    expect((await syncAccount(db, box.id)).error).toBeUndefined();
    expect(oauth.grants).toEqual([grant(box.refreshToken), grant(newRefresh)]);
    expect(await subjectsOf(box.id)).toEqual(['Waiting behind a revoked grant']);
  });
});
