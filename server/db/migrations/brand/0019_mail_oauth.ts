/**
 * OAuth 2.0 for mail servers (RFC 6749 section 6, the refresh_token grant): an incoming or
 * outgoing server with OAuth authentication keeps the token endpoint, the client id, and, encrypted
 * like passwords (server/mail/secrets.ts), the client secret, the refresh token and the current
 * access token with its expiry. `oauth_error` holds the endpoint's refusal (e.g. invalid_grant) so a
 * dead refresh token is not posted again until an admin saves new OAuth settings.
 */
import type { Kysely } from 'kysely';

const COLUMNS = ['oauth_token_url', 'oauth_client_id', 'oauth_client_secret', 'oauth_refresh_token', 'oauth_access_token', 'oauth_error'] as const;

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  for (const [table, prefix] of [
    ['mailincomingservers', 'mis_'],
    ['mailservers', 'mailserver_'],
  ] as const) {
    let alter = s.alterTable(table).addColumn(`${prefix}oauth_expires_at`, 'timestamptz');
    for (const column of COLUMNS) alter = alter.addColumn(`${prefix}${column}`, 'text');
    await alter.execute();
  }
}
