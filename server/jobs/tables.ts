/** Row shapes of the job tables of migration 0006, and the typed view of the brand database. */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { AdminTables } from '../users/tables';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
/**
 * numeric columns come back as JS numbers (server/db/kysely.ts parses them); money keeps exact
 * cents only through core/jobs/money.ts (toMinor accepts numbers). Writes take strings or numbers.
 */
type Num = ColumnType<number, string | number | undefined, string | number>;
type NullableNum = ColumnType<number | null, string | number | null | undefined, string | number | null>;
type JsonCol<T> = ColumnType<T, string | undefined, string>;

export interface JobsTable {
  job_id: Generated<number>;
  job_number: string | null;
  de_id: number;
  co_id: number | null;
  js_id: number | null;
  pm_id: number | null;
  jsc_id: number | null;
  job_status: ColumnType<string, string | undefined, string>;
  job_wopo: string | null;
  job_desc: string | null;
  job_details: string | null;
  job_start: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  job_end: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  job_tags: ColumnType<string[], string[] | undefined, string[]>;
  job_has_remedial: ColumnType<boolean, boolean | undefined, boolean>;
  job_has_issue: ColumnType<boolean, boolean | undefined, boolean>;
  skip_remedial_check: ColumnType<boolean, boolean | undefined, boolean>;
  net_quote: Num;
  net_sales: Num;
  customer_us_id: number | null;
  created_by: number | null;
  created_at: Stamp;
  updated_at: Stamp;
  search: ColumnType<string, string | undefined, string>;
  /** Lower-cased names the sheet sorts on, kept by the jobs_fill_search trigger (migration 0021). */
  co_name_key: ColumnType<string | null, never, never>;
  js_address_key: ColumnType<string | null, never, never>;
  pm_name_key: ColumnType<string | null, never, never>;
  de_name_key: ColumnType<string | null, never, never>;
}

/** Jobs per department, status and numbered-or-draft, kept by triggers (migration 0022); read only. */
export interface JobCountsTable {
  de_id: ColumnType<number, never, never>;
  job_status: ColumnType<string, never, never>;
  numbered: ColumnType<boolean, never, never>;
  n: ColumnType<string, never, never>;
}

export interface JobNumberCountersTable {
  de_id: number;
  last_number: ColumnType<number, number | undefined, number>;
}

export interface JobEngineersTable {
  job_id: number;
  us_id: number;
  is_lead: ColumnType<boolean, boolean | undefined, boolean>;
}
export interface JobAssignedUsersTable {
  job_id: number;
  us_id: number;
}
export interface JobSuppliersTable {
  job_id: number;
  co_id: number;
}
export interface JobEngineerLocksTable {
  job_id: number;
  us_id: number;
  locked: ColumnType<boolean, boolean | undefined, boolean>;
  changed_by: number | null;
  changed_at: Stamp;
}

export interface JobSalesSectionsTable {
  jss_id: Generated<number>;
  job_id: number;
  jss_title: string | null;
  jss_invoice_type: ColumnType<string, string | undefined, string>;
  jss_calc_with: string | null;
  jss_due_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  jss_expiry_days: ColumnType<number, number | undefined, number>;
  jss_ordering: ColumnType<number, number | undefined, number>;
  jss_is_final: ColumnType<boolean, boolean | undefined, boolean>;
  jss_costs_locked: ColumnType<boolean, boolean | undefined, boolean>;
  xero_doc_id: string | null;
  xero_doc_number: string | null;
  xero_doc_type: string | null;
  xero_doc_url: string | null;
  last_pushed_hash: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface JobSalesItemsTable {
  sales_id: Generated<number>;
  jss_id: number;
  sales_kind: string;
  ordering: ColumnType<number, number | undefined, number>;
  item_code: string | null;
  description: string | null;
  qty: Num;
  net_unit_cost: Num;
  net_unit_sales: Num;
  tax_rate: Num;
  net_amount: Num;
  created_at: Stamp;
}

export interface JobCostsTable {
  jc_id: Generated<number>;
  job_id: number;
  jss_id: number | null;
  co_id: number | null;
  us_id: number | null;
  jc_item: string | null;
  jc_desc_operator: string | null;
  jc_desc_engineer: string | null;
  jc_qty_operator: NullableNum;
  jc_qty_engineer: NullableNum;
  jc_net_price_operator: NullableNum;
  jc_net_price_engineer: NullableNum;
  jc_net_unit_sales: NullableNum;
  jc_paid_amount: NullableNum;
  jc_material_eta: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  jc_vat: NullableNum;
  jc_cost_type: string | null;
  jc_material_type: string | null;
  jc_locked: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: number | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface JobHistoryTable {
  jh_id: Generated<string>;
  job_id: number;
  us_id: number | null;
  jh_entity: 'job' | 'sales' | 'cost';
  jh_entity_id: number | null;
  jh_action: string;
  jh_changes: JsonCol<Record<string, unknown>>;
  created_at: Stamp;
}

export interface NotificationsTable {
  notif_id: Generated<number>;
  us_id: number;
  notif_type: string;
  job_id: number | null;
  notif_params: JsonCol<Record<string, unknown>>;
  is_flagged: ColumnType<boolean, boolean | undefined, boolean>;
  is_rendered: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: number | null;
  created_at: Stamp;
}

export interface EngineerReportsTable {
  er_id: Generated<number>;
  job_id: number;
  us_id: number;
  er_text: string;
  er_hours: NullableNum;
  created_at: Stamp;
}

/** Engineers of a job the "engineer not reported" check has announced, with the job end it saw (migration 0016). */
export interface JobReportOverdueTable {
  job_id: number;
  us_id: number;
  job_end: Date;
  created_at: Stamp;
}

/** Reference tables the jobs read names from (migration 0002); only the columns jobs use. */
export interface RefTables {
  contacts: { co_id: Generated<number>; co_type: string; co_name: string; co_company: string | null };
  jobsites: { js_id: Generated<number>; js_address: string; js_city: string | null; js_postcode: string | null };
  propertymanagers: { pm_id: Generated<number>; pm_name: string };
  jobsitecontacts: { jsc_id: Generated<number>; jsc_name: string };
  jobsite_clients: { js_id: number; co_id: number; is_lead: boolean };
  jobsite_propertymanagers: { js_id: number; pm_id: number; is_lead: boolean };
  jobsite_sitecontacts: { js_id: number; jsc_id: number; is_lead: boolean };
}

export interface JobTables extends AdminTables, RefTables {
  jobs: JobsTable;
  job_number_counters: JobNumberCountersTable;
  job_counts: JobCountsTable;
  job_engineers: JobEngineersTable;
  job_assigned_users: JobAssignedUsersTable;
  job_suppliers: JobSuppliersTable;
  job_engineer_locks: JobEngineerLocksTable;
  job_sales_sections: JobSalesSectionsTable;
  job_sales_items: JobSalesItemsTable;
  job_costs: JobCostsTable;
  job_history: JobHistoryTable;
  notifications: NotificationsTable;
  engineer_reports: EngineerReportsTable;
  job_report_overdue: JobReportOverdueTable;
}

export type JobDb = Kysely<JobTables>;

/** The brand-bound instance with the job tables typed; the schema binding is unchanged. */
export function jobDb(db: unknown): JobDb {
  if (!db) throw new Error('No brand database on this request');
  return db as JobDb;
}
