/**
 * The outside services' call history, for the accounting dashboard's charts: provider_budget keeps
 * only the current windows, so every answered call also adds one to its minute here (one upsert,
 * server/integrations/budget/history.ts). Minutes older than two days are folded into
 * provider_calls_daily by the upkeep timer, so the per-day chart keeps its week while the minute
 * table stays small.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table global.provider_calls (
      provider text not null,
      scope_key text not null,
      minute timestamptz not null,
      calls integer not null default 0,
      throttled integer not null default 0,
      primary key (provider, scope_key, minute)
    )`.execute(db);
  // The fold takes the oldest minutes of every key at once.
  await sql`create index provider_calls_minute_idx on global.provider_calls (minute)`.execute(db);
  await sql`
    create table global.provider_calls_daily (
      provider text not null,
      scope_key text not null,
      day date not null,
      calls integer not null default 0,
      throttled integer not null default 0,
      primary key (provider, scope_key, day)
    )`.execute(db);
}
