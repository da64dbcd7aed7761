/** The answer of GET xeroadmin/dashboard (Developer): the Xero tenant's calls against its limits, the queue and the pulls. */
import type { SyncPendingStatus } from './constants';

/** Xero's own limits per tenant (the charts' reference lines). */
export const XERO_LIMITS = { perMinute: 60, perDay: 5000, concurrent: 5 } as const;
/** The charts' spans. */
export const DASHBOARD_MINUTES = 60;
export const DASHBOARD_DAYS = 7;

export interface CallCount {
  calls: number;
  /** Answered 429. */
  throttled: number;
}

export interface XeroDashboard {
  connected: boolean;
  status: 'connected' | 'not_connected' | 'reconnect_needed';
  organisation: string | null;
  /** Xero's limits, and the budget's own (a little under them, for other apps' calls). */
  limits: { perMinute: number; perDay: number; concurrent: number; budgetPerMinute: number; budgetPerDay: number };
  /** The last 60 minutes, oldest first; `at` is the minute's start (wire date, UTC). */
  perMinute: (CallCount & { at: string })[];
  /** The last 7 UTC days, today last; `day` is the wire's date-only value (YYYY-MM-DD 12:00:00). */
  perDay: (CallCount & { day: string })[];
  budget: {
    /** What the shared budget still allows in its current minute and day windows. */
    minuteRemaining: number;
    dayRemaining: number;
    inFlight: number;
    /** Leases are refused until then after a 429 (wire date), or null. */
    blockedUntil: string | null;
  };
  /** What Xero said it had left on its last answer (its X-*Limit-Remaining headers), and when. */
  xeroRemaining: { minute: number | null; day: number | null; appMinute: number | null; seenAt: string | null; problem: string | null };
  /** The push queue (xero_sync_pending, not deleted) by status. */
  queue: Record<SyncPendingStatus, number>;
  /** Each pulled resource (xero_sync_state). */
  resources: {
    resource: string;
    /** 0: the sync is off or finished. */
    next_page: number;
    progress_done: number;
    progress_total: number;
    modified_since: string | null;
    last_run_at: string | null;
    last_error: string | null;
  }[];
}
