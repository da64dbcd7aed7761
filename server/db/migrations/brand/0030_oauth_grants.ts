/**
 * Grants of the outside services (Xero, Google, Microsoft) and the connects under way
 * (server/integrations/oauth/). A grant belongs to the brand (owner_id 0: one per brand, e.g. the
 * Xero organisation), a user (their Google drive) or a mailbox; it is found again by the
 * provider's own id of whom was connected (Xero tenantId, Google sub, Microsoft tid.oid), so a
 * reconnect updates the row instead of adding one. Tokens are encrypted like mail passwords
 * (server/mail/secrets.ts). The previous refresh token is kept while the provider still honours it
 * (Xero: 30 minutes), and a refusal is a status, so nothing retries a dead grant.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('oauth_grants')
    .addColumn('og_id', 'serial', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('xero', 'google', 'microsoft')`))
    .addColumn('owner_kind', 'text', (c) => c.notNull().check(sql`owner_kind in ('brand', 'user', 'mailbox')`))
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('display_name', 'text')
    .addColumn('picture_url', 'text')
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('refresh_token_enc', 'text')
    .addColumn('access_token_enc', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('prev_refresh_token_enc', 'text')
    .addColumn('prev_valid_until', 'timestamptz')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'refused', 'revoked')`),
    )
    .addColumn('error_code', 'text')
    .addColumn('last_refresh_at', 'timestamptz')
    .addColumn('connected_by', 'integer', (c) => c.references('users.us_id').onDelete('set null'))
    .addColumn('connected_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('oauth_grants_owner_key', ['provider', 'owner_kind', 'owner_id', 'external_id'])
    .execute();

  await s
    .createTable('oauth_pending')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('verifier_enc', 'text', (c) => c.notNull())
    .addColumn('us_id', 'integer', (c) => c.notNull().references('users.us_id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('owner_kind', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await s.createIndex('oauth_pending_expiry_idx').on('oauth_pending').column('expires_at').execute();
}
