/**
 * An IMAP connection for one mail account, from its incoming server row (password decrypted here
 * only; an OAuth server gets a current access token, renewed when needed: ../oauthToken.ts).
 */
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { oauthAccessToken } from '../oauthToken';
import { decryptSecret } from '../secrets';
import type { MailDb } from '../tables';

export class MailAccountError extends Error {}

/** `extra` adds connection options (the IDLE watcher's restart period). */
export async function openImap(db: MailDb, mailaccountId: number, extra: Partial<ImapFlowOptions> = {}): Promise<ImapFlow> {
  const row = await db
    .selectFrom('mailaccounts as a')
    .innerJoin('mailincomingservers as s', 's.mis_id', 'a.mis_id')
    .select(['s.mis_id', 's.mis_host', 's.mis_port', 's.mis_secure', 's.mis_user', 's.mis_pass', 's.mis_auth', 'a.ma_email'])
    .where('a.mailaccount_id', '=', mailaccountId)
    .executeTakeFirst();
  if (!row) throw new MailAccountError('The account has no incoming server.');
  const user = row.mis_user ?? row.ma_email;
  const auth =
    row.mis_auth === 'oauth' ? { user, accessToken: await oauthAccessToken(db, 'imap', row.mis_id) } : { user, pass: decryptSecret(row.mis_pass) ?? '' };
  const client = new ImapFlow({
    host: row.mis_host,
    port: row.mis_port,
    secure: row.mis_secure,
    auth,
    logger: false,
    qresync: true,
    // A stuck server must not hold a worker for ever.
    socketTimeout: 120_000,
    ...extra,
  });
  // An error after connect (server gone) must reach the caller, not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}
