/**
 * xero_sync_state: one row per pulled resource, the sync's cursor and progress. `next_page` > 0
 * while a sync is under way (the page to fetch next; 0 = no sync running, SPEC point 9), written
 * after every page so a restarted worker resumes there. `last_error` holds SPEC point 8's code of
 * the failure that stopped it (XE_AUTH_ERR: reconnect, then sync again; it resumes).
 */
import { sql, type Selectable } from 'kysely';
import { SYNC_OFF, SYNC_STALL_MINUTES, type SyncResource, type SyncStateWire } from '../../../core/accounting/constants';
import type { SyncDb, XeroSyncStateTable } from './tables';

type StateRow = Selectable<XeroSyncStateTable>;

export function stateWire(resource: SyncResource, row: Partial<StateRow> | undefined): SyncStateWire {
  const next = row?.next_page ?? SYNC_OFF;
  const running = next !== SYNC_OFF && !row?.last_error;
  // On the server's clock: the browser's may differ.
  const begun = row?.last_run_at ? new Date(row.last_run_at).getTime() : null;
  return {
    resource,
    next_page: next,
    done: row?.progress_done ?? 0,
    total: row?.progress_total ?? 0,
    running,
    stalled: running && begun !== null && Date.now() - begun > SYNC_STALL_MINUTES * 60_000,
    error: row?.last_error ?? null,
    notice: row?.notice ?? null,
    last_run_at: row?.last_run_at ? new Date(row.last_run_at).toISOString() : null,
  };
}

export async function readState(db: SyncDb, resource: SyncResource): Promise<SyncStateWire> {
  const row = await db.selectFrom('xero_sync_state').selectAll().where('resource', '=', resource).executeTakeFirst();
  return stateWire(resource, row as Partial<StateRow> | undefined);
}

/**
 * A sync asked for: a finished (or never run) resource starts at page 1 with its progress reset; one
 * under way or stopped by an error keeps its page (resumes), the error cleared.
 */
export async function beginSync(db: SyncDb, resource: SyncResource): Promise<SyncStateWire> {
  await db
    .insertInto('xero_sync_state')
    .values({ resource, next_page: 1, phase: 'pull', last_run_at: new Date(), progress_done: 0, progress_total: 0 })
    .onConflict((oc) =>
      oc.column('resource').doUpdateSet({
        last_error: null,
        notice: sql`case when xero_sync_state.next_page = 0 then null else xero_sync_state.notice end`,
        phase: sql`case when xero_sync_state.next_page = 0 then 'pull' else xero_sync_state.phase end`,
        progress_done: sql`case when xero_sync_state.next_page = 0 then 0 else xero_sync_state.progress_done end`,
        progress_total: sql`case when xero_sync_state.next_page = 0 then 0 else xero_sync_state.progress_total end`,
        pull_started_at: sql`case when xero_sync_state.next_page = 0 then null else xero_sync_state.pull_started_at end`,
        last_run_at: new Date(),
        next_page: sql`greatest(xero_sync_state.next_page, 1)`,
      }),
    )
    .execute();
  return readState(db, resource);
}

export async function updateState(db: SyncDb, resource: SyncResource, values: Partial<Record<keyof XeroSyncStateTable, unknown>>): Promise<void> {
  await db
    .updateTable('xero_sync_state')
    .set(values as never)
    .where('resource', '=', resource)
    .execute();
}

/** The state row locked for this transaction (two workers of a brand take turns page by page). */
export async function lockState(db: SyncDb, resource: SyncResource) {
  return db.selectFrom('xero_sync_state').selectAll().where('resource', '=', resource).forUpdate().executeTakeFirst();
}

/** Xero's `/Date(1700000000000+0000)/` (UpdatedDateUTC, DateTimeUTC) or an ISO date, as a Date; null when unreadable. */
export function xeroDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const ms = /^\/Date\((-?\d+)/.exec(value);
  const t = ms ? Number(ms[1]) : Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(t) ? null : new Date(t);
}

/** If-Modified-Since as Xero reads it: UTC without a zone, to the second. */
export const ifModifiedSince = (d: Date): string => d.toISOString().slice(0, 19);
