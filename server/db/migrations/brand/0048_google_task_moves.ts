/**
 * A task moved here (another parent, another list) and not yet moved at Google: `move_from` is the
 * list Google still has it in, so the sync reads it there and sends Google's `tasks.move`
 * (server/google/tasks/move.ts). Null when no move waits.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .alterTable('google_tasks')
    .addColumn('move_from', 'integer', (c) => c.references('google_tasklists.gtl_id').onDelete('set null'))
    .execute();
}
