/**
 * Jobs events: the periodic "engineer not reported" check remembers which engineer of which job it
 * has raised the notice for, and for which job end, so each overdue report is announced once (and
 * again only when the job is rescheduled and its new end passes too). The partial index on
 * job_end lets the check find jobs that ended lately without scanning every job.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('job_report_overdue')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.job_id').onDelete('cascade'))
    .addColumn('us_id', 'integer', (c) => c.notNull().references('users.us_id').onDelete('cascade'))
    .addColumn('job_end', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('job_report_overdue_pk', ['job_id', 'us_id'])
    .execute();
  await s.createIndex('jobs_end_idx').on('jobs').columns(['job_end', 'job_id']).where(sql.ref('job_end'), 'is not', null).execute();
  await s.createIndex('engineer_reports_engineer_idx').on('engineer_reports').columns(['us_id', 'job_id']).execute();
}
