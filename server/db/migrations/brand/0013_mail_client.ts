/**
 * The mail client's list over all of a user's folders is newest first per account; this index
 * keeps a page of it a range scan on 100,000 mails (the folder list uses mail_locations_date_idx).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`create index mails_account_date_idx on ${sql.id(schema, 'mails')} (mailaccount_id, mail_date desc, ma_id desc) where not is_deleted`.execute(db);
  await sql`create index mails_deleted_idx on ${sql.id(schema, 'mails')} (mailaccount_id, mail_date desc) where is_deleted`.execute(db);
}
