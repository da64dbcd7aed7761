/**
 * Google Tasks' local copy (server/google/tasks/): each account's task lists and tasks with the ids
 * Google gave them, the etag and `updated` last seen there (a different one at the next sync means
 * Google changed it meanwhile), and here a dirty flag (changed, not yet sent), a deleted flag
 * (restorable), a conflict flag with Google's version kept beside ours, and a link to a job.
 * google_accounts gains the tasks sync's progress; each list keeps its own pull cursor.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('google_tasklists')
    .addColumn('gtl_id', 'serial', (c) => c.primaryKey())
    .addColumn('og_id', 'integer', (c) => c.notNull().references('oauth_grants.og_id').onDelete('cascade'))
    .addColumn('g_tasklist_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('etag', 'text')
    .addColumn('g_updated', 'timestamptz')
    // The largest `updated` pulled from this list: the next pull asks updatedMin from there.
    .addColumn('pulled_to', 'timestamptz')
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addUniqueConstraint('google_tasklists_google_id', ['og_id', 'g_tasklist_id'])
    .execute();
  await s
    .createTable('google_tasks')
    .addColumn('task_id', 'serial', (c) => c.primaryKey())
    .addColumn('og_id', 'integer', (c) => c.notNull().references('oauth_grants.og_id').onDelete('cascade'))
    .addColumn('gtl_id', 'integer', (c) => c.notNull().references('google_tasklists.gtl_id').onDelete('cascade'))
    .addColumn('google_task_id', 'text')
    .addColumn('parent_id', 'integer', (c) => c.references('google_tasks.task_id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('due', 'date')
    .addColumn('completed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('job_id', 'integer', (c) => c.references('jobs.job_id').onDelete('set null'))
    .addColumn('etag', 'text')
    .addColumn('g_updated', 'timestamptz')
    .addColumn('dirty', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('conflict', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('cloud', 'jsonb')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('google_tasks_google_id', ['og_id', 'google_task_id'])
    .execute();
  await s.createIndex('google_tasks_list_idx').on('google_tasks').columns(['gtl_id', 'task_id']).execute();
  await sql`create index google_tasks_job_idx on ${sql.id(schema, 'google_tasks')} (job_id) where job_id is not null`.execute(db);
  await sql`create index google_tasks_dirty_idx on ${sql.id(schema, 'google_tasks')} (og_id) where dirty or conflict`.execute(db);
  await s
    .alterTable('google_accounts')
    .addColumn('tasks_running', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('tasks_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tasks_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tasks_error', 'text')
    .addColumn('tasks_synced_at', 'timestamptz')
    .execute();
}
