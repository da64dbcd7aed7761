/**
 * The accounting sync's constants and shared rules (SPEC.md points 8 and 9), used by the server's
 * routes and the SPA's screens alike.
 */
import { ADMINS, DEVELOPER, STAFF } from '../access/roles';
import type { Gate } from '../access/access';

/** Contact and item syncs run 100 a page (SPEC point 9). */
export const SYNC_PAGE_SIZE = 100;
/** A resource's `next_page` of 0 means its sync is off (or finished). */
export const SYNC_OFF = 0;

/** The resources the pulls keep a sync state for (xero_sync_state.resource). */
export const SYNC_RESOURCES = ['taxrates', 'items', 'contacts'] as const;
export type SyncResource = (typeof SYNC_RESOURCES)[number];

/**
 * A resource's sync as POST …/sync and GET xeroadmin/syncstate answer it: `running` while a page is
 * still to fetch (`next_page` > 0) and no error stopped it; `error` is SPEC point 8's code of what
 * stopped it; `notice` says what the finished sync could not do (Xero refused some contacts).
 */
export interface SyncStateWire {
  resource: SyncResource;
  next_page: number;
  done: number;
  total: number;
  running: boolean;
  /** Running but begun over SYNC_STALL_MINUTES ago (its job may be lost, or it waits for Xero's daily limit): a new request resumes it. */
  stalled: boolean;
  error: string | null;
  notice: string | null;
  last_run_at: string | null;
}

export const SYNC_STALL_MINUTES = 15;

/** The accounting-sync error codes of SPEC.md point 8; their texts are core/i18n en-US `xeroCodes`. */
export const XERO_CODES = [
  'AUTHERROR',
  'UNKNOWN_INVOICE',
  'SYNC_WAS_UNSUCCESSFUL',
  'XE_SEC_FINAL',
  'XE_CONN_ERR',
  'XE_INV_NF',
  'XE_INV_NOTEX_ONXERO',
  'XE_QUOTE_NF',
  'XE_CONT_NOTEX_ONXERO',
  'XE_UNKNOWN',
  'XE_RESULT_ERR',
  'XE_NOTEX_ONXERO',
  'XE_AUTH_ERR',
  'XE_COUNT_ERR',
] as const;
export type XeroCode = (typeof XERO_CODES)[number];
export const isXeroCode = (code: unknown): code is XeroCode => typeof code === 'string' && (XERO_CODES as readonly string[]).includes(code);

/** The accounting screens' features: the /xero block of the route table (job.enabled and job.xero). */
export const ACCOUNTING_FEATURES = ['job.enabled', 'job.xero'];
/** Tax rates and items: Admin and Developer (SPEC point 6). */
export const ACCOUNTING_ADMIN_GATE: Gate = { roles: ADMINS, requiredFeatures: ACCOUNTING_FEATURES };
/** Sending a sales section to Xero (generatexeroinvoice): the staff who edit a job's sales, where the brand has accounting. */
export const XERO_DOCUMENT_GATE: Gate = { roles: STAFF, requiredFeatures: ACCOUNTING_FEATURES };
/** The sync-pending list and the dashboard: Developer only. */
export const ACCOUNTING_DEV_GATE: Gate = { roles: DEVELOPER, requiredFeatures: ACCOUNTING_FEATURES };

/** A full item sync is only offered while no items exist locally (SPEC point 9); later pulls are incremental. */
export const fullItemSyncAllowed = (itemCount: number): boolean => itemCount === 0;

export const SYNC_PENDING_STATUSES = ['pending', 'failed', 'done'] as const;
export type SyncPendingStatus = (typeof SYNC_PENDING_STATUSES)[number];

/** A row of xeroadmin/syncpending (the push queue), as the wire carries it. */
export interface SyncPendingRow {
  xsp_id: number;
  kind: string;
  local_id: number;
  op: string;
  attempts: number;
  next_attempt_at: string;
  status: SyncPendingStatus;
  error_code: string | null;
  error_text: string | null;
  created_at: string;
}

/** A visible item as a sales row offers it (GET xeroitems/choices): picking one fills the row's code and description. */
export interface ItemChoice {
  xi_id: number;
  code: string;
  name: string;
  description: string | null;
  /** The item's sales price, null when it has none. */
  unit_price: number | null;
}

/** How many items one GET xeroitems/choices answers at most (the picker narrows by typing). */
export const ITEM_CHOICES_LIMIT = 20;

/** A visible tax rate as the sales and cost rows offer it. */
export interface TaxRateChoice {
  xtr_id: number;
  name: string;
  effective_rate: number;
  is_default: boolean;
}
