/**
 * The call history behind the accounting dashboard's charts (global.provider_calls, migration
 * 0007): each answered call adds one to its minute, and a 429 also to `throttled`. One upsert per
 * call, beside the budget's own bookkeeping in the provider client. Minutes older than two days are
 * folded into per-day rows (foldOldCalls, run by the upkeep timer), which are kept a month.
 */
import { sql } from 'kysely';
import type { RootDb } from '../../db/types';
import type { BudgetKey } from './budget';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Minutes are kept this long; the per-minute chart needs one hour of them. */
export const MINUTES_KEPT_MS = 2 * DAY_MS;
/** Day rows are kept this long; the per-day chart needs a week. */
export const DAYS_KEPT = 31;

const minuteOf = (now: number) => new Date(Math.floor(now / MINUTE_MS) * MINUTE_MS);

/** Counts one answered call (`throttled`: the provider answered 429). */
export async function recordCall(root: RootDb, key: BudgetKey, throttled: boolean, now: number = Date.now()): Promise<void> {
  const t = throttled ? 1 : 0;
  await sql`
    insert into global.provider_calls as c (provider, scope_key, minute, calls, throttled)
    values (${key.provider}, ${key.scopeKey}, ${minuteOf(now)}::timestamptz, 1, ${t})
    on conflict (provider, scope_key, minute) do update set calls = c.calls + 1, throttled = c.throttled + excluded.throttled`.execute(root);
}

/**
 * Moves the minutes older than two days into their (UTC) day rows, in one statement so a count is
 * never in both tables or in neither, and drops day rows older than a month. Answers how many
 * minute rows were folded.
 */
export async function foldOldCalls(root: RootDb, now: number = Date.now()): Promise<number> {
  const cutoff = new Date(now - MINUTES_KEPT_MS);
  const { rows } = await sql<{ folded: number }>`
    with gone as (
      delete from global.provider_calls where minute < ${cutoff}::timestamptz
      returning provider, scope_key, minute, calls, throttled
    ), added as (
      insert into global.provider_calls_daily as d (provider, scope_key, day, calls, throttled)
      select provider, scope_key, (minute at time zone 'UTC')::date, sum(calls), sum(throttled) from gone group by 1, 2, 3
      on conflict (provider, scope_key, day) do update set calls = d.calls + excluded.calls, throttled = d.throttled + excluded.throttled
      returning 1
    )
    select (select count(*) from gone)::int as folded, (select count(*) from added)::int as days`.execute(root);
  const oldest = new Date(now - DAYS_KEPT * DAY_MS);
  await sql`delete from global.provider_calls_daily where day < (${oldest}::timestamptz at time zone 'UTC')::date`.execute(root);
  return rows[0]?.folded ?? 0;
}

export interface MinuteCalls {
  /** The minute's start (ISO). */
  at: string;
  calls: number;
  throttled: number;
}

export interface DayCalls {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  calls: number;
  throttled: number;
}

/** The last `minutes` minutes of a key, oldest first, every minute present (0 when nothing was called). */
export async function callsPerMinute(root: RootDb, key: BudgetKey, minutes: number, now: number = Date.now()): Promise<MinuteCalls[]> {
  const last = minuteOf(now).getTime();
  const first = last - (minutes - 1) * MINUTE_MS;
  const { rows } = await sql<{ minute: Date; calls: number; throttled: number }>`
    select minute, calls, throttled from global.provider_calls
    where provider = ${key.provider} and scope_key = ${key.scopeKey} and minute >= ${new Date(first)}::timestamptz`.execute(root);
  const byMinute = new Map(rows.map((r) => [new Date(r.minute).getTime(), r]));
  return Array.from({ length: minutes }, (_, i) => {
    const at = first + i * MINUTE_MS;
    const r = byMinute.get(at);
    return { at: new Date(at).toISOString(), calls: r?.calls ?? 0, throttled: r?.throttled ?? 0 };
  });
}

/** The last `days` UTC days of a key (today included), oldest first: the folded days plus the minutes not yet folded. */
export async function callsPerDay(root: RootDb, key: BudgetKey, days: number, now: number = Date.now()): Promise<DayCalls[]> {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const first = today - (days - 1) * DAY_MS;
  const { rows } = await sql<{ day: string; calls: number; throttled: number }>`
    select to_char(day, 'YYYY-MM-DD') as day, sum(calls)::int as calls, sum(throttled)::int as throttled from (
      select day, calls, throttled from global.provider_calls_daily
      where provider = ${key.provider} and scope_key = ${key.scopeKey} and day >= ${new Date(first).toISOString().slice(0, 10)}::date
      union all
      select (minute at time zone 'UTC')::date, calls, throttled from global.provider_calls
      where provider = ${key.provider} and scope_key = ${key.scopeKey} and minute >= ${new Date(first)}::timestamptz
    ) u group by 1`.execute(root);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(first + i * DAY_MS).toISOString().slice(0, 10);
    const r = byDay.get(day);
    return { day, calls: r?.calls ?? 0, throttled: r?.throttled ?? 0 };
  });
}
