/**
 * The call budget of the outside services, in PostgreSQL (global.provider_budget) so every process
 * shares it: before a call, takeLease takes a place in the current minute and day windows and
 * among the calls in flight with ONE conditional UPDATE ... RETURNING (concurrent takers are
 * serialised on the row, and each re-checks the caps against the row the previous one wrote), and
 * releaseLease gives the in-flight place back. A lease that is never released lapses, so a crashed
 * process does not hold the cap. A 429 blocks the key until its Retry-After (block), and what the
 * provider says it has left is kept (recordAnswer). A refused lease tells when to try again, so the
 * job is rescheduled rather than slept in a worker.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { RootDb } from '../../db/types';
import type { ProviderName } from '../providerConfig';

export interface BudgetKey {
  provider: ProviderName;
  /** What the provider counts per: e.g. `xero:<brand schema>:<tenantId>`, a mailbox, a Google user. */
  scopeKey: string;
}

export interface BudgetLimits {
  /** Calls per minute (set it below the provider's, to leave a margin). */
  perMinute: number;
  perDay: number;
  /** Calls in flight at once (Xero 5 per tenant, Graph 4 per mailbox). */
  concurrent: number;
  /** How long an unreleased lease holds its place. */
  leaseMs?: number;
}

export type Lease = { ok: true; leaseId: string } | { ok: false; retryAt: Date };

const DEFAULT_LEASE_MS = 60_000;
/** A block without Retry-After lasts this long. */
export const DEFAULT_BLOCK_S = 60;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

interface BudgetRow {
  minute_start: Date | null;
  minute_count: number;
  day_start: Date | null;
  day_count: number;
  leases: Record<string, number>;
  blocked_until: Date | null;
}

const table = sql`global.provider_budget`;
const ts = (d: Date) => sql`${d}::timestamptz`;

async function tryTake(root: RootDb, key: BudgetKey, limits: BudgetLimits, leaseId: string, now: number): Promise<boolean> {
  const at = ts(new Date(now));
  const minuteOver = sql`(b.minute_start is null or b.minute_start <= ${ts(new Date(now - MINUTE_MS))})`;
  const dayOver = sql`(b.day_start is null or b.day_start <= ${ts(new Date(now - DAY_MS))})`;
  const live = sql`from jsonb_each(b.leases) e(k, v) where (v #>> '{}')::bigint > ${now}`;
  const { rows } = await sql<{ taken: number }>`
    update ${table} b set
      minute_start = case when ${minuteOver} then ${at} else b.minute_start end,
      minute_count = case when ${minuteOver} then 1 else b.minute_count + 1 end,
      day_start = case when ${dayOver} then ${at} else b.day_start end,
      day_count = case when ${dayOver} then 1 else b.day_count + 1 end,
      leases = coalesce((select jsonb_object_agg(k, v) ${live}), '{}'::jsonb) || jsonb_build_object(${leaseId}::text, ${now + (limits.leaseMs ?? DEFAULT_LEASE_MS)}::bigint)
    where b.provider = ${key.provider} and b.scope_key = ${key.scopeKey}
      and (b.blocked_until is null or b.blocked_until <= ${at})
      and (${minuteOver} or b.minute_count < ${limits.perMinute})
      and (${dayOver} or b.day_count < ${limits.perDay})
      and (select count(*) ${live}) < ${limits.concurrent}
    returning 1 as taken`.execute(root);
  return rows.length === 1;
}

async function readRow(root: RootDb, key: BudgetKey): Promise<BudgetRow | undefined> {
  const { rows } = await sql<BudgetRow>`
    select minute_start, minute_count, day_start, day_count, leases, blocked_until from ${table}
    where provider = ${key.provider} and scope_key = ${key.scopeKey}`.execute(root);
  return rows[0];
}

const ensureRow = (root: RootDb, key: BudgetKey) =>
  sql`insert into ${table} (provider, scope_key) values (${key.provider}, ${key.scopeKey}) on conflict do nothing`.execute(root);

/** When the first of the things that refused the lease will have passed. */
function retryAtOf(row: BudgetRow, limits: BudgetLimits, now: number): Date {
  const waits: number[] = [];
  if (row.blocked_until && row.blocked_until.getTime() > now) waits.push(row.blocked_until.getTime());
  if (row.minute_start && row.minute_start.getTime() > now - MINUTE_MS && row.minute_count >= limits.perMinute)
    waits.push(row.minute_start.getTime() + MINUTE_MS);
  if (row.day_start && row.day_start.getTime() > now - DAY_MS && row.day_count >= limits.perDay) waits.push(row.day_start.getTime() + DAY_MS);
  const live = Object.values(row.leases).filter((until) => until > now);
  // In-flight calls usually end within a second; the earliest lapse bounds the wait.
  if (live.length >= limits.concurrent) waits.push(Math.min(now + 1000, ...live));
  return new Date(waits.length ? Math.max(...waits) : now + 1000);
}

export async function takeLease(root: RootDb, key: BudgetKey, limits: BudgetLimits, now: number = Date.now()): Promise<Lease> {
  const leaseId = randomUUID();
  if (await tryTake(root, key, limits, leaseId, now)) return { ok: true, leaseId };
  // The key's first calls find no row: it is made once (by whichever comes first) and the same conditional
  // update decides again, also for a call that raced the one that made it.
  await ensureRow(root, key);
  if (await tryTake(root, key, limits, leaseId, now)) return { ok: true, leaseId };
  return { ok: false, retryAt: retryAtOf((await readRow(root, key))!, limits, now) };
}

/** Gives the in-flight place back (the call's count in the windows stays). */
export async function releaseLease(root: RootDb, key: BudgetKey, leaseId: string): Promise<void> {
  await sql`update ${table} set leases = leases - ${leaseId}::text where provider = ${key.provider} and scope_key = ${key.scopeKey}`.execute(root);
}

/** Refuses every lease of the key until `retryAfterSeconds` (60 s when the provider did not say) from now; answers until when. */
export async function block(root: RootDb, key: BudgetKey, retryAfterSeconds?: number | null, now: number = Date.now()): Promise<Date> {
  const seconds = retryAfterSeconds && retryAfterSeconds > 0 ? retryAfterSeconds : DEFAULT_BLOCK_S;
  const until = new Date(now + seconds * 1000);
  const u = ts(until);
  await ensureRow(root, key);
  const { rows } = await sql<{ blocked_until: Date }>`
    update ${table} set blocked_until = greatest(coalesce(blocked_until, ${u}), ${u})
    where provider = ${key.provider} and scope_key = ${key.scopeKey} returning blocked_until`.execute(root);
  return rows[0].blocked_until;
}

/** The allowance headers of an answer: every `*-Remaining` header, and X-Rate-Limit-Problem (which limit a 429 hit). */
export function allowanceHeaders(headers: Headers): { remaining: Record<string, string>; problem: string | null } {
  const remaining: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (/remaining/i.test(name)) remaining[name.toLowerCase()] = value;
  });
  return { remaining, problem: headers.get('x-rate-limit-problem') };
}

/** Keeps what the provider last said it has left; nothing when it said nothing. */
export async function recordAnswer(root: RootDb, key: BudgetKey, headers: Headers, now: number = Date.now()): Promise<void> {
  const { remaining, problem } = allowanceHeaders(headers);
  if (!Object.keys(remaining).length && !problem) return;
  await sql`
    update ${table} set last_remaining = ${JSON.stringify(remaining)}::jsonb, last_problem = ${problem}, last_seen_at = ${ts(new Date(now))}
    where provider = ${key.provider} and scope_key = ${key.scopeKey}`.execute(root);
}
