/**
 * Each sync looks for its account's mails stored without a content hash (before 0053) to hash them
 * (server/mail/copies/backfill.ts): found from the few such rows, and from none once done, instead of
 * the account's every mail.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`create index if not exists mails_unhashed_idx on ${sql.id(schema, 'mails')} (mailaccount_id, ma_id) where ma_content_hash is null`.execute(db);
}
