/**
 * Sales and costs additions: the engineer's own description of their costs on a job (engineer
 * portal GET/PATCH {id}/costdesc). A table of its own, keyed like job_engineers, so reassigning a
 * job's engineers (which rewrites job_engineers) never loses what an engineer wrote.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('job_engineer_costdesc')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.job_id').onDelete('cascade'))
    .addColumn('us_id', 'integer', (c) => c.notNull().references('users.us_id').onDelete('cascade'))
    .addColumn('costdesc', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('job_engineer_costdesc_pk', ['job_id', 'us_id'])
    .execute();
}
