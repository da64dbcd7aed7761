/**
 * A user's Google accounts beside their grants (oauth_grants, owner_kind 'user'): whether the
 * account is left out of the user's selection (SPEC point 4: selected unless in the stored disabled
 * list) and how its last sync went. Keyed by the grant, so a reconnect (the same grant row) keeps
 * both.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('google_accounts')
    .addColumn('og_id', 'integer', (c) => c.primaryKey().references('oauth_grants.og_id').onDelete('cascade'))
    .addColumn('us_id', 'integer', (c) => c.notNull().references('users.us_id').onDelete('cascade'))
    .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_sync_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.withSchema(schema).createIndex('google_accounts_user_idx').on('google_accounts').column('us_id').execute();
}
