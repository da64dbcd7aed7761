/**
 * The customer portal's sign-in links (issue 24): a customer asks for a link by e-mail and signs in
 * with it once. Only the SHA-256 of the link's random token is kept; a row is spent (used_at) by the
 * first sign-in and refused after expires_at. The table lives in the brand's schema, so a link works
 * only on the brand that issued it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('portal_login_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('us_id', 'integer', (c) => c.notNull().references('users.us_id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s.createIndex('portal_login_tokens_us_id_idx').on('portal_login_tokens').column('us_id').execute();
}
