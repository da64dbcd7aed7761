/**
 * A new mail started from a job (issue 30): the draft keeps the job it was composed for, so the
 * sent mail asks for answers at the job's plus-address and is filed to the job. Null: an ordinary
 * draft (a reply takes its job from the mail it answers).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .alterTable('maildrafts')
    .addColumn('job_id', 'integer', (c) => c.references('jobs.job_id').onDelete('set null'))
    .execute();
}
