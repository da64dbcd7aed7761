/**
 * The call budget of the outside services, shared by every process because it lives here
 * (server/integrations/budget/): per provider and scope (a Xero tenant of a brand, a mailbox, a
 * Google user) the current minute and day windows with their counts, the calls in flight (lease id
 * → expiry in epoch ms, so a crashed process's lease lapses), a block set from a 429's Retry-After,
 * and what the provider last said about the remaining allowance.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table global.provider_budget (
      provider text not null,
      scope_key text not null,
      minute_start timestamptz,
      minute_count integer not null default 0,
      day_start timestamptz,
      day_count integer not null default 0,
      leases jsonb not null default '{}'::jsonb,
      blocked_until timestamptz,
      last_remaining jsonb,
      last_problem text,
      last_seen_at timestamptz,
      primary key (provider, scope_key)
    )`.execute(db);
}
