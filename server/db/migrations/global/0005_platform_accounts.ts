/**
 * Platform accounts: the brand users (a Developer or a Sales user of some brand) whom the
 * deployment's operator lets act across brands. Granted by `npm run platform` on the server only,
 * so no brand admin can create one (server/platform/accounts.ts).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table global.platform_accounts (
      s_id integer not null references global.sites (s_id) on delete cascade,
      us_id integer not null,
      granted_at timestamptz not null default now(),
      primary key (s_id, us_id)
    )`.execute(db);
}
