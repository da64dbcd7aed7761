/**
 * One-time password tokens (reset links) and the brand's outgoing mail servers. Only a token's
 * SHA-256 is kept, so a read of the table gives nothing that could be typed into the reset page.
 * `mailservers` starts with what system mail needs (one row marked default sends the reset
 * links); the mail client's outgoing-server screens extend the same table.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('password_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('us_id', 'integer', (c) => c.notNull().references('users.us_id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s.createIndex('password_tokens_us_id_idx').on('password_tokens').column('us_id').execute();
  await s
    .createTable('mailservers')
    .addColumn('mailserver_id', 'serial', (c) => c.primaryKey())
    .addColumn('mailserver_name', 'text', (c) => c.notNull())
    .addColumn('mailserver_host', 'text', (c) => c.notNull())
    .addColumn('mailserver_port', 'integer', (c) => c.notNull().check(sql`mailserver_port between 1 and 65535`))
    .addColumn('mailserver_secure', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mailserver_user', 'text')
    .addColumn('mailserver_pass', 'text')
    .addColumn('mailserver_from', 'text', (c) => c.notNull())
    .addColumn('mailserver_is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // At most one default: the sender of system mail (password reset links).
  await sql`create unique index mailservers_one_default on ${sql.id(schema, 'mailservers')} (mailserver_is_default) where mailserver_is_default`.execute(db);
}
