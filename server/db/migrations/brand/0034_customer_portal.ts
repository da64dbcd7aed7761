/**
 * The customer portal: a customer's decision on a quoted job (approve or decline), with who decided,
 * the name they typed as their signature and when. Every decision is kept (a declined quote may be
 * re-quoted and approved later); the latest one per job is the one the portal shows.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('job_quote_decisions')
    .addColumn('jqd_id', 'serial', (c) => c.primaryKey())
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.job_id').onDelete('cascade'))
    .addColumn('us_id', 'integer', (c) => c.references('users.us_id').onDelete('set null'))
    .addColumn('jqd_decision', 'text', (c) => c.notNull().check(sql`jqd_decision in ('approve', 'decline')`))
    .addColumn('jqd_name', 'text', (c) => c.notNull())
    .addColumn('jqd_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s.createIndex('job_quote_decisions_job_idx').on('job_quote_decisions').columns(['job_id', 'jqd_at']).execute();
}
