/** Row shapes the Xero pulls write (brand migrations 0002, 0031, 0032), and the database they need. */
import type { ColumnType, Generated, Kysely } from 'kysely';

type Stamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface XeroSyncStateTable {
  resource: string;
  next_page: ColumnType<number, number | undefined, number>;
  modified_since: Stamp;
  last_run_at: Stamp;
  last_error: string | null;
  progress_done: ColumnType<number, number | undefined, number>;
  progress_total: ColumnType<number, number | undefined, number>;
  phase: string | null;
  pull_started_at: Stamp;
  notice: string | null;
}

export interface XeroTaxRatesTable {
  xtr_id: Generated<number>;
  tax_type: string;
  name: string;
  status: ColumnType<string, string | undefined, string>;
  type: string | null;
  effective_rate: ColumnType<string, number | string | undefined, number | string>;
  xtr_visible: ColumnType<boolean, boolean | undefined, boolean>;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface XeroItemsTable {
  xi_id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  /** Xero's SalesDetails.UnitPrice (numeric, read as a number by the pool's type parser). */
  unit_price: ColumnType<number | null, string | number | null | undefined, string | number | null>;
  visible: ColumnType<boolean, boolean | undefined, boolean>;
  updated_utc: Stamp;
  last_update: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SyncContactsTable {
  co_id: Generated<number>;
  co_type: string;
  co_name: string;
  co_company: string | null;
  co_email: string | null;
  co_phone: string | null;
  co_address: string | null;
  xero_contact_id: string | null;
  xero_hash: ColumnType<string, never, never>;
  xero_pushed_hash: string | null;
  xero_error: string | null;
}

export interface SyncTables {
  xero_sync_state: XeroSyncStateTable;
  xero_taxrates: XeroTaxRatesTable;
  xero_items: XeroItemsTable;
  contacts: SyncContactsTable;
}

export type SyncDb = Kysely<SyncTables>;
