/**
 * The push queue sends documents in batches (one Xero call for up to 50): a batch's Idempotency-Key
 * is written on its rows when it is formed, so a batch whose answer was lost is re-sent as the same
 * batch under the same key (Xero answers it as the first time) and never as new documents.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await db.schema.withSchema(schema).alterTable('xero_sync_pending').addColumn('batch_key', 'text').execute();
  await sql`create index xero_sync_pending_batch_idx on ${sql.id(schema, 'xero_sync_pending')} (batch_key) where batch_key is not null`.execute(db);
}
