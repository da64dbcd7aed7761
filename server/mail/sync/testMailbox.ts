/** Test helpers: a mail account of a brand pointing at the test Dovecot, and messages put there as another client would. */
import { ImapFlow } from 'imapflow';
import { encryptSecret } from '../secrets';
import type { MailDb } from '../tables';
import type { Dovecot } from '../../test/dovecot';

export async function createTestAccount(db: MailDb, dovecot: Dovecot, user: string, password: string, registerUser = true): Promise<number> {
  if (registerUser) await dovecot.addUser(user, password);
  const server = await db
    .insertInto('mailincomingservers')
    .values({ mis_name: `imap ${user}`, mis_host: dovecot.host, mis_port: dovecot.port, mis_secure: false, mis_user: user, mis_pass: encryptSecret(password) })
    .returning('mis_id')
    .executeTakeFirstOrThrow();
  const account = await db
    .insertInto('mailaccounts')
    .values({ ma_name: user, ma_email: user, mis_id: server.mis_id })
    .returning('mailaccount_id')
    .executeTakeFirstOrThrow();
  return account.mailaccount_id;
}

export async function withMailbox<T>(dovecot: Dovecot, user: string, password: string, fn: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user, pass: password }, logger: false });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.logout();
  }
}

let counter = 0;
/** A plain RFC 5322 message with a unique Message-ID (or the one given), dated a fixed day unless `date` is given. */
export function rawMail(
  opts: { subject?: string; from?: string; to?: string; messageId?: string; inReplyTo?: string; text?: string; html?: string; date?: Date } = {},
): string {
  counter += 1;
  const id = opts.messageId ?? `<m${Date.now()}.${counter}@test.example>`;
  const headers = [
    `From: ${opts.from ?? 'Client <client@example.com>'}`,
    `To: ${opts.to ?? 'office@example.com'}`,
    `Subject: ${opts.subject ?? `Message ${counter}`}`,
    `Message-ID: ${id}`,
    `Date: ${(opts.date ?? new Date(Date.UTC(2026, 10, 1, 9, counter % 60))).toUTCString()}`,
    ...(opts.inReplyTo ? [`In-Reply-To: ${opts.inReplyTo}`, `References: ${opts.inReplyTo}`] : []),
    'MIME-Version: 1.0',
  ];
  if (opts.html) return [...headers, 'Content-Type: text/html; charset=utf-8', '', opts.html, ''].join('\r\n');
  return [...headers, 'Content-Type: text/plain; charset=utf-8', '', opts.text ?? `Body ${counter}`, ''].join('\r\n');
}
