/**
 * Jobs, second round: the issue flag beside the remedial flag (POST jobs/{id}/issue, SPEC.md point 7),
 * and indexes for the job sheet's net quote and net sales range filters, so a range reads an index
 * instead of every job.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .alterTable('jobs')
    .addColumn('job_has_issue', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await s.createIndex('jobs_net_quote_idx').on('jobs').columns(['net_quote', 'job_id']).execute();
  await s.createIndex('jobs_net_sales_idx').on('jobs').columns(['net_sales', 'job_id']).execute();
}
