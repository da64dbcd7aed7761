/**
 * Browsers that have signed in to an account before (server/auth/rateLimit.ts): the SHA-256 of a
 * random device cookie and the account it signed in to. Such a browser is slowed down, never
 * refused, while the account or its address is over a failure limit, so no one can keep the owner out.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table global.login_devices (
    token_hash text not null,
    account text not null,
    last_login_at timestamptz not null default now(),
    primary key (token_hash, account)
  )`.execute(db);
  await sql`create index login_devices_last_login_at_idx on global.login_devices (last_login_at)`.execute(db);
}
