/**
 * Why each incoming mail is (or is not) filed to a job (issue 30): the router's decision, or a
 * user's link/unlink, one row per mail. A row by a user (`mr_by_us_id`) is a manual decision the
 * sync never overrides; a mail without a row (synced before this migration) is left alone too.
 * `mr_suggestions` holds the ranked "which job?" candidates of an unrouted mail for the triage list.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('mail_routing')
    .addColumn('ma_id', 'bigint', (c) => c.primaryKey().references('mails.ma_id').onDelete('cascade'))
    .addColumn('mr_reason', 'text', (c) => c.notNull())
    .addColumn('mr_params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('mr_suggestions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('mr_by_us_id', 'integer', (c) => c.references('users.us_id').onDelete('set null'))
    .addColumn('mr_manual', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mr_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The triage list: unrouted mails only.
  await sql`create index mail_routing_unrouted_idx on ${sql.id(schema, 'mail_routing')} (ma_id) where mr_reason = 'unrouted'`.execute(db);
  // Rule 1 looks up replied-to Message-IDs across the brand's accounts; rule 4 looks up senders.
  await sql`create index if not exists mails_message_id_idx on ${sql.id(schema, 'mails')} (message_id)`.execute(db);
  await sql`create index if not exists propertymanagers_email_idx on ${sql.id(schema, 'propertymanagers')} (lower(pm_email))`.execute(db);
  await sql`create index if not exists jobsitecontacts_email_idx on ${sql.id(schema, 'jobsitecontacts')} (lower(jsc_email))`.execute(db);
  await sql`create index if not exists contacts_email_idx on ${sql.id(schema, 'contacts')} (lower(co_email))`.execute(db);
}
