/**
 * Where Drive's change list was last read to, per Google account (changes.getStartPageToken, then
 * each sync's newStartPageToken), so a sync asks only for what changed since the one before.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await db.schema.withSchema(schema).alterTable('google_accounts').addColumn('drive_page_token', 'text').execute();
}
