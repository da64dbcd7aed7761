/** How often a logged fault happened: repeats of one fault share its row (server/envelope/errorLog.ts). */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table global.error_logs add column occurrences integer not null default 1`.execute(db);
}
