/**
 * One copy across shared inboxes (issue 30): the sync stores each account's copy of a mail as its
 * own row, and `ma_content_hash` (what the sender wrote, not the headers each inbox's delivery
 * adds) says which rows of other accounts are the same message: same Message-ID and same hash. A
 * reused Message-ID with other content is a different message. Mails stored before stay alone (null).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await db.schema.withSchema(schema).alterTable('mails').addColumn('ma_content_hash', 'text').execute();
  // A mail's copies are looked up by Message-ID and hash whenever its job links are read.
  await sql`create index mails_copy_idx on ${sql.id(schema, 'mails')} (message_id, ma_content_hash) where ma_content_hash is not null`.execute(db);
}
