/**
 * The numbers of xeroadmin/dashboard: the brand's Xero tenant's calls per minute and per day (the
 * call history, global.provider_calls), what the shared budget and Xero itself say is left, the
 * push queue by status and each pulled resource's state. A brand without a connection still gets
 * its queue and pulls (and the history of its last tenant, when it had one).
 */
import { sql } from 'kysely';
import { DASHBOARD_DAYS, DASHBOARD_MINUTES, XERO_LIMITS, type XeroDashboard } from '../../core/accounting/dashboard';
import { SYNC_PENDING_STATUSES, type SyncPendingStatus } from '../../core/accounting/constants';
import type { RootDb } from '../db/types';
import type { BudgetKey } from '../integrations/budget/budget';
import { callsPerDay, callsPerMinute } from '../integrations/budget/history';
import type { OAuthDb } from '../integrations/oauth/tables';
import { toWire, toWireDate } from '../envelope/datetime';
import type { AnyDb } from '../resources/hooks';
import { connectionOf, latestXeroGrant } from './connection';
import { XERO_BUDGET_LIMITS, xeroScopeKey } from './xero/api';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

interface BudgetRow {
  minute_start: Date | null;
  minute_count: number;
  day_start: Date | null;
  day_count: number;
  leases: Record<string, number>;
  blocked_until: Date | null;
  last_remaining: Record<string, string> | null;
  last_problem: string | null;
  last_seen_at: Date | null;
}

const header = (h: Record<string, string> | null | undefined, name: string): number | null => {
  const v = h?.[name];
  return v === undefined || !/^\d+$/.test(v) ? null : Number(v);
};

async function budgetOf(root: RootDb, key: BudgetKey | null, now: number): Promise<Pick<XeroDashboard, 'budget' | 'xeroRemaining'>> {
  const { rows } = key
    ? await sql<BudgetRow>`
        select minute_start, minute_count, day_start, day_count, leases, blocked_until, last_remaining, last_problem, last_seen_at
        from global.provider_budget where provider = ${key.provider} and scope_key = ${key.scopeKey}`.execute(root)
    : { rows: [] as BudgetRow[] };
  const b = rows[0];
  // A window that has passed is a full one: the budget restarts it on the next lease.
  const minuteUsed = b?.minute_start && b.minute_start.getTime() > now - MINUTE_MS ? b.minute_count : 0;
  const dayUsed = b?.day_start && b.day_start.getTime() > now - DAY_MS ? b.day_count : 0;
  return {
    budget: {
      minuteRemaining: Math.max(0, XERO_BUDGET_LIMITS.perMinute - minuteUsed),
      dayRemaining: Math.max(0, XERO_BUDGET_LIMITS.perDay - dayUsed),
      inFlight: b ? Object.values(b.leases).filter((until) => until > now).length : 0,
      blockedUntil: b?.blocked_until && b.blocked_until.getTime() > now ? toWireDate(b.blocked_until) : null,
    },
    xeroRemaining: {
      minute: header(b?.last_remaining, 'x-minlimit-remaining'),
      day: header(b?.last_remaining, 'x-daylimit-remaining'),
      appMinute: header(b?.last_remaining, 'x-appminlimit-remaining'),
      seenAt: toWireDate(b?.last_seen_at),
      problem: b?.last_problem ?? null,
    },
  };
}

async function queueOf(db: AnyDb): Promise<XeroDashboard['queue']> {
  const rows = await db
    .selectFrom('xero_sync_pending')
    .select(['status', sql<number>`count(*)::int`.as('n')])
    .where('deleted_at', 'is', null)
    .groupBy('status')
    .execute();
  const queue = Object.fromEntries(SYNC_PENDING_STATUSES.map((s) => [s, 0])) as Record<SyncPendingStatus, number>;
  for (const r of rows as { status: SyncPendingStatus; n: number }[]) queue[r.status] = r.n;
  return queue;
}

async function resourcesOf(db: AnyDb): Promise<XeroDashboard['resources']> {
  const rows = await db
    .selectFrom('xero_sync_state')
    .select(['resource', 'next_page', 'progress_done', 'progress_total', 'modified_since', 'last_run_at', 'last_error'])
    .orderBy('resource')
    .execute();
  return rows.map((r) => toWire(r) as XeroDashboard['resources'][number]);
}

/** `db` is the brand's database, `schema` its name (the budget key's), `root` the pool the global tables are read through. */
export async function xeroDashboard(db: OAuthDb, root: RootDb, schema: string, now: number = Date.now()): Promise<XeroDashboard> {
  const grant = await latestXeroGrant(db);
  const connection = connectionOf(grant);
  // The tenant the brand was last connected to keeps its history on the charts after a refusal.
  const key: BudgetKey | null = grant ? { provider: 'xero', scopeKey: xeroScopeKey(schema, grant.external_id) } : null;
  const brand = db as unknown as AnyDb;
  // Never connected: the charts are zeros (no call is ever counted under an empty key).
  const history: BudgetKey = key ?? { provider: 'xero', scopeKey: '' };
  const [perMinute, perDay, budget, queue, resources] = await Promise.all([
    callsPerMinute(root, history, DASHBOARD_MINUTES, now),
    callsPerDay(root, history, DASHBOARD_DAYS, now),
    budgetOf(root, key, now),
    queueOf(brand),
    resourcesOf(brand),
  ]);
  return {
    connected: connection.connected,
    status: connection.status,
    organisation: connection.connected ? (grant?.display_name ?? null) : null,
    limits: { ...XERO_LIMITS, budgetPerMinute: XERO_BUDGET_LIMITS.perMinute, budgetPerDay: XERO_BUDGET_LIMITS.perDay },
    perMinute: perMinute.map((m) => ({ ...m, at: toWireDate(m.at)! })),
    perDay: perDay.map((d) => ({ ...d, day: `${d.day} 12:00:00` })),
    ...budget,
    queue,
    resources,
  };
}
