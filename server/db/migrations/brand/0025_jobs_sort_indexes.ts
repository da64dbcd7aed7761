/**
 * The job sheet's remaining sorts get an index each, so a sort of all jobs walks it instead of
 * sorting the whole table for each page: status (sorted lower-cased, server/jobs/filter.ts, which
 * orders 'IN_PROGRESS' and 'INVOICED' unlike their upper case), last change, and end (the index
 * of migration 0016 leaves out jobs with no end, which a sort must list too).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const jobs = sql.id(schema, 'jobs');
  await sql`create index jobs_status_sort_idx on ${jobs} (lower(job_status), job_id)`.execute(db);
  await sql`create index jobs_updated_sort_idx on ${jobs} (updated_at, job_id)`.execute(db);
  await sql`create index jobs_end_sort_idx on ${jobs} (job_end, job_id)`.execute(db);
}
