/**
 * The access token of a mail server with OAuth authentication, for IMAP (sync/connect.ts) and
 * SMTP (transport.ts) alike. A token that is missing or expires within a minute is renewed with
 * the refresh_token grant (RFC 6749 section 6) at the server's token endpoint, as Google's and
 * Microsoft's endpoints implement it. The renewal happens under a row lock and re-reads the row
 * after taking it, so concurrent connects of one server (in this process or another) refresh once.
 * A refusal (invalid_grant and the like) is recorded on the server and on the accounts using it,
 * and is not posted again until an admin saves new OAuth settings (admin/servers.ts clears it).
 */
import type { Kysely } from 'kysely';
import { mailAdminText } from '../../core/mail/admin/messages';
import { decryptSecret, encryptSecret } from './secrets';

export type OAuthServerKind = 'smtp' | 'imap';

/** The token endpoint refused the refresh token or the client: retrying cannot help. */
export class OAuthRefusedError extends Error {}

/** Renew this long before the expiry, so a connection never starts with a token about to lapse. */
export const EXPIRY_MARGIN_MS = 60_000;
/** When the endpoint does not say (expires_in is only RECOMMENDED), assume Google's and Microsoft's hour. */
const DEFAULT_LIFETIME_S = 3600;
const REFUSALS = new Set(['invalid_grant', 'invalid_client', 'unauthorized_client']);

const TABLES = {
  smtp: { table: 'mailservers', idCol: 'mailserver_id', prefix: 'mailserver_' },
  imap: { table: 'mailincomingservers', idCol: 'mis_id', prefix: 'mis_' },
} as const;

// The two server tables differ only in their column prefix (as in admin/servers.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

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

/** The stored access token if it is good for at least another minute. */
function stillValid(row: OAuthRow, now: number): string | null {
  if (!row.accessToken || !row.expiresAt) return null;
  return row.expiresAt.getTime() - now > EXPIRY_MARGIN_MS ? decryptSecret(row.accessToken) : null;
}

interface Granted {
  accessToken: string;
  expiresIn: number;
  refreshToken: string | null;
}

async function requestToken(row: OAuthRow): Promise<Granted | { refused: string }> {
  const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: decryptSecret(row.refreshToken) ?? '', client_id: row.clientId ?? '' });
  const secret = decryptSecret(row.clientSecret);
  if (secret) form.set('client_secret', secret);
  const res = await fetch(row.tokenUrl!, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: form.toString(),
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) {
    const code = typeof answer?.error === 'string' ? answer.error : `HTTP ${res.status}`;
    if ((res.status === 400 || res.status === 401) && REFUSALS.has(code)) return { refused: code };
    throw new Error(`The OAuth token endpoint failed: ${code}`);
  }
  if (!answer || typeof answer.access_token !== 'string' || !answer.access_token) throw new Error('The OAuth token endpoint answered without an access_token');
  const expiresIn = Number(answer.expires_in);
  return {
    accessToken: answer.access_token,
    expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : DEFAULT_LIFETIME_S,
    refreshToken: typeof answer.refresh_token === 'string' && answer.refresh_token ? answer.refresh_token : null,
  };
}

/** Under the row lock: renew unless another connect did while this one waited. */
async function renewLocked(trx: AnyDb, kind: OAuthServerKind, id: number): Promise<{ token: string } | { refused: string }> {
  const { table, idCol, prefix: p } = TABLES[kind];
  const row = await readRow(trx, kind, id, true);
  const fresh = stillValid(row, Date.now());
  if (fresh) return { token: fresh };
  if (row.error) return { refused: row.error };
  const granted = await requestToken(row);
  if ('refused' in granted) {
    await trx
      .updateTable(table)
      .set({ [`${p}oauth_error`]: granted.refused })
      .where(idCol, '=', id)
      .execute();
    await trx
      .updateTable('mailaccounts')
      .set({ sync_error: refusedText(granted.refused), sync_error_at: new Date() })
      .where(idCol, '=', id)
      .execute();
    return granted;
  }
  await trx
    .updateTable(table)
    .set({
      [`${p}oauth_access_token`]: encryptSecret(granted.accessToken),
      [`${p}oauth_expires_at`]: new Date(Date.now() + granted.expiresIn * 1000),
      ...(granted.refreshToken ? { [`${p}oauth_refresh_token`]: encryptSecret(granted.refreshToken) } : {}),
    })
    .where(idCol, '=', id)
    .execute();
  return { token: granted.accessToken };
}

/**
 * A usable access token for one server. A server without refresh settings keeps working as before
 * with its fixed token (the access token column, else the password column).
 */
export async function oauthAccessToken(database: unknown, kind: OAuthServerKind, id: number): Promise<string> {
  const db = database as AnyDb;
  const row = await readRow(db, kind, id, false);
  if (!refreshable(row)) return decryptSecret(row.accessToken) ?? decryptSecret(row.legacyToken) ?? '';
  const fresh = stillValid(row, Date.now());
  if (fresh) return fresh;
  if (row.error) throw new OAuthRefusedError(refusedText(row.error));
  // The refusal is written by its own transaction, so it commits before the error is thrown
  // (inside a caller's transaction the lock is taken there, and the caller decides).
  const outcome = db.isTransaction ? await renewLocked(db, kind, id) : await db.transaction().execute((trx) => renewLocked(trx, kind, id));
  if ('refused' in outcome) throw new OAuthRefusedError(refusedText(outcome.refused));
  return outcome.token;
}
