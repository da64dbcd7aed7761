/**
 * The mail client's folder list counts each folder's unread mails on every open (GET mails/accounts):
 * read from the unread mails of the user's accounts, a few in a large mailbox, instead of every mail.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`create index if not exists mails_unread_idx on ${sql.id(schema, 'mails')} (mailaccount_id) include (ma_id) where not is_seen and not is_deleted`.execute(
    db,
  );
}
