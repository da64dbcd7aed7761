/**
 * A job's own Drive folder (server/google/drive/jobFolder*.ts): at most one per job, in one Google
 * account (the grant it was made or linked with, recorded so others know whose Drive holds it), with
 * the folder's name kept here so a user without that account still sees what it is called.
 * google_accounts gains when the tasks sync was last queued by its schedule, so a failing account
 * waits a whole interval before the next try instead of every tick.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('google_job_folders')
    .addColumn('job_id', 'integer', (c) => c.primaryKey().references('jobs.job_id').onDelete('cascade'))
    .addColumn('og_id', 'integer', (c) => c.notNull().references('oauth_grants.og_id').onDelete('cascade'))
    .addColumn('folder_id', 'text', (c) => c.notNull())
    .addColumn('folder_name', 'text', (c) => c.notNull())
    .addColumn('linked_by', 'integer', (c) => c.references('users.us_id').onDelete('set null'))
    .addColumn('linked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.withSchema(schema).alterTable('google_accounts').addColumn('tasks_scheduled_at', 'timestamptz').execute();
}
