/**
 * The access token of a mail server with OAuth authentication, for IMAP (sync/connect.ts) and
 * SMTP (transport.ts) alike. A token that is missing or expires within a minute is renewed with
 * the refresh_token grant (RFC 6749 section 6) at the server's token endpoint, as Google's and
 * Microsoft's endpoints implement it. The renewal happens under a row lock and re-reads the row
 * after taking it, so concurrent connects of one server (in this process or another) refresh once.
 * A refusal (invalid_grant and the like) is recorded on the server and on the accounts using it,
 * and is not posted again until an admin saves new OAuth settings (admin/servers.ts clears it).
 * The request and the lock are the outside services' too (../integrations/oauth/renewal.ts); this
 * module says where a mail server keeps its token.
 */
import { mailAdminText } from '../../core/mail/admin/messages';
import { OAuthRefusedError } from '../integrations/oauth/errors';
import { currentOrRenewed, type AnyDb, type RenewalSeam } from '../integrations/oauth/renewal';
import { refreshGrant } from '../integrations/oauth/tokenEndpoint';
import { decryptSecret, encryptSecret } from './secrets';

export { OAuthRefusedError };

export type OAuthServerKind = 'smtp' | 'imap';

const TABLES = {
  smtp: { table: 'mailservers', idCol: 'mailserver_id', prefix: 'mailserver_' },
  imap: { table: 'mailincomingservers', idCol: 'mis_id', prefix: 'mis_' },
} as const;

interface OAuthRow {
  tokenUrl: string | null;
  clientId: string | null;
  clientSecret: string | null;
  refreshToken: string | null;
  accessToken: string | null;
  expiresAt: Date | null;
  error: string | null;
  /** The password column: where a fixed access token was kept before refreshing existed. */
  legacyToken: string | null;
}

/** The sync error text of a refused refresh (en-US, as the server answers). */
export function refusedText(code: string): string {
  return mailAdminText('errors.oauthRefused').replace('{{error}}', code);
}

// The two server tables differ only in their column prefix (as in admin/servers.ts).
async function readRow(db: AnyDb, kind: OAuthServerKind, id: number, lock: boolean): Promise<OAuthRow> {
  const { table, idCol, prefix: p } = TABLES[kind];
  let q = db
    .selectFrom(table)
    .select([
      `${p}oauth_token_url as tokenUrl`,
      `${p}oauth_client_id as clientId`,
      `${p}oauth_client_secret as clientSecret`,
      `${p}oauth_refresh_token as refreshToken`,
      `${p}oauth_access_token as accessToken`,
      `${p}oauth_expires_at as expiresAt`,
      `${p}oauth_error as error`,
      `${p}pass as legacyToken`,
    ])
    .where(idCol, '=', id);
  if (lock) q = q.forUpdate();
  const row = (await q.executeTakeFirst()) as OAuthRow | undefined;
  if (!row) throw new Error(`mail server ${id} is gone`);
  return row;
}

const refreshable = (row: OAuthRow) => !!(row.tokenUrl && row.clientId && row.refreshToken);

/** Where a mail server keeps its OAuth token, for the shared renewal. */
function mailSeam(kind: OAuthServerKind, id: number): RenewalSeam<OAuthRow> {
  const { table, idCol, prefix: p } = TABLES[kind];
  return {
    read: (db, lock) => readRow(db, kind, id, lock),
    stored: (row) => ({ token: row.accessToken ? decryptSecret(row.accessToken) : null, expiresAt: row.expiresAt }),
    refusal: (row) => row.error,
    request: (row) =>
      refreshGrant({ tokenUrl: row.tokenUrl!, clientId: row.clientId!, clientSecret: decryptSecret(row.clientSecret) }, decryptSecret(row.refreshToken) ?? ''),
    async saveRefused(trx, _row, code, now) {
      await trx
        .updateTable(table)
        .set({ [`${p}oauth_error`]: code })
        .where(idCol, '=', id)
        .execute();
      await trx
        .updateTable('mailaccounts')
        .set({ sync_error: refusedText(code), sync_error_at: new Date(now) })
        .where(idCol, '=', id)
        .execute();
    },
    async saveGranted(trx, _row, granted, now) {
      await trx
        .updateTable(table)
        .set({
          [`${p}oauth_access_token`]: encryptSecret(granted.accessToken),
          [`${p}oauth_expires_at`]: new Date(now + granted.expiresIn * 1000),
          ...(granted.refreshToken ? { [`${p}oauth_refresh_token`]: encryptSecret(granted.refreshToken) } : {}),
        })
        .where(idCol, '=', id)
        .execute();
    },
  };
}

/**
 * A usable access token for one server. A server without refresh settings keeps working as before
 * with its fixed token (the access token column, else the password column).
 */
export async function oauthAccessToken(database: unknown, kind: OAuthServerKind, id: number): Promise<string> {
  const db = database as AnyDb;
  const row = await readRow(db, kind, id, false);
  if (!refreshable(row)) return decryptSecret(row.accessToken) ?? decryptSecret(row.legacyToken) ?? '';
  const outcome = await currentOrRenewed(db, mailSeam(kind, id), row);
  if ('refused' in outcome) throw new OAuthRefusedError(refusedText(outcome.refused));
  return outcome.token;
}
