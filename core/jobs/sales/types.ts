/**
 * Wire shapes of a job's sales (SPEC.md point 7: jobs/{id}/sales, salessectionduplicate,
 * salessections, salessectionitems), shared by the server routes and the Sales tab.
 * Money is a 2-decimal string ('1234.50'); dates are 'YYYY-MM-DD HH:mm:ss' UTC.
 */
import type { InvoiceType } from '../../enums';

/** The row kinds a section holds (SPEC.md point 3, job sales section). */
export const SALES_KINDS = ['quote', 'invoice', 'cost', 'sales', 'purchase'] as const;
export type SalesKind = (typeof SALES_KINDS)[number];

/** The error code and text of a change to a final section (SPEC.md point 8). */
export const XE_SEC_FINAL = 'XE_SEC_FINAL';

export interface SalesItem {
  sales_id: number;
  jss_id: number;
  sales_kind: SalesKind;
  ordering: number;
  item_code: string | null;
  description: string | null;
  qty: string;
  net_unit_cost: string;
  net_unit_sales: string;
  tax_rate: string;
  /** qty × net_unit_sales rounded to 2 decimals. */
  net_amount: string;
}

/** Section or job totals, each a 2-decimal string. margin = net − cost. */
export interface SalesTotals {
  net: string;
  tax: string;
  gross: string;
  cost: string;
  margin: string;
}

export interface SalesSection {
  jss_id: number;
  job_id: number;
  jss_title: string | null;
  jss_invoice_type: InvoiceType;
  jss_calc_with: string | null;
  jss_due_date: string | null;
  jss_expiry_days: number;
  jss_ordering: number;
  jss_is_final: boolean;
  jss_costs_locked: boolean;
  /** What the section was pushed to Xero as (POST jobs/{id}/generatexeroinvoice); null until then. */
  xero_doc_id: string | null;
  xero_doc_number: string | null;
  xero_doc_type: InvoiceType | null;
  xero_doc_url: string | null;
  items: SalesItem[];
  totals: SalesTotals;
}

/** GET jobs/{id}/sales and the answer of every sales write. */
export interface JobSales {
  job_id: number;
  sections: SalesSection[];
  /** Over every section of the job. */
  totals: SalesTotals;
  /** jobs.net_quote and jobs.net_sales after the change. */
  net_quote: string;
  net_sales: string;
  /** The brand's currency code (site configuration), for formatting. */
  currency: string;
}

/** One row of PATCH jobs/{id}/sales/{sectionId} `items`: the section's rows are replaced by these. */
export interface SalesItemWrite {
  sales_kind: SalesKind;
  item_code?: string | null;
  description?: string | null;
  qty: string | number;
  net_unit_cost?: string | number | null;
  net_unit_sales?: string | number | null;
  tax_rate?: string | number | null;
}

/** POST jobs/{id}/sales and PATCH jobs/{id}/sales/{sectionId}. */
export interface SalesSectionWrite {
  jss_title?: string | null;
  jss_invoice_type?: InvoiceType;
  jss_calc_with?: string | null;
  jss_due_date?: string | null;
  jss_expiry_days?: number;
  jss_is_final?: boolean;
  jss_costs_locked?: boolean;
  items?: SalesItemWrite[];
}
