/**
 * The mail router looks up the job, quote and invoice numbers a batch of mails names, whatever
 * their case (`upper(...) = any($1)`, server/mail/routing/facts.ts): without these indexes each
 * batch of a sync read every job and every sales section of the brand.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`create index if not exists jobs_number_upper_idx on ${sql.id(schema, 'jobs')} (upper(job_number))`.execute(db);
  await sql`create index if not exists job_sales_sections_doc_upper_idx on ${sql.id(schema, 'job_sales_sections')} (upper(xero_doc_number))`.execute(db);
}
