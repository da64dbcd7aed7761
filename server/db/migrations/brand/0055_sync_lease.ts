/**
 * The mail sync lease is renewed while a sync runs (issue 29): `sync_alive_at` is the last renewal,
 * so a worker killed mid-sync leaves its account to another after MAIL_SYNC_LEASE_S, while a long
 * first sync that is still alive is never taken over.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await db.schema.withSchema(schema).alterTable('mailaccounts').addColumn('sync_alive_at', 'timestamptz').execute();
}
