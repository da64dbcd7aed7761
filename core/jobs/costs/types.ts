/**
 * Wire shapes of a job's costs (SPEC.md point 7: jobs/{id}/costs, engineerlockedstatus, and the
 * engineer portal's costs), shared by the server routes, the Costs tab and the engineer view.
 * Money is a 2-decimal string; quantities up to 3 decimals; dates 'YYYY-MM-DD HH:mm:ss' UTC.
 */

export interface CostRow {
  jc_id: number;
  job_id: number;
  jss_id: number | null;
  /** A supplier's cost (co_id) or an engineer's (us_id), never both. */
  co_id: number | null;
  us_id: number | null;
  supplier_name: string | null;
  engineer_name: string | null;
  jc_item: string | null;
  jc_desc_operator: string | null;
  jc_desc_engineer: string | null;
  jc_qty_operator: string | null;
  jc_qty_engineer: string | null;
  jc_net_price_operator: string | null;
  jc_net_price_engineer: string | null;
  jc_net_unit_sales: string | null;
  jc_paid_amount: string | null;
  jc_material_eta: string | null;
  jc_vat: string | null;
  jc_cost_type: string | null;
  jc_material_type: string | null;
  jc_locked: boolean;
  /** quantity × net price rounded to 2 decimals (the operator's values, else the engineer's). */
  jc_net_total: string;
  /** The VAT on jc_net_total at jc_vat percent. */
  jc_vat_amount: string;
}

export interface CostTotals {
  net: string;
  vat: string;
  gross: string;
  paid: string;
}

export interface CostEngineer {
  us_id: number;
  fullname: string | null;
  locked: boolean;
}

/** GET jobs/{id}/costs and the answer of every cost write. */
export interface JobCosts {
  job_id: number;
  rows: CostRow[];
  totals: CostTotals;
  /** The job's engineers (and any engineer with costs on it) with their lock state. */
  engineers: CostEngineer[];
  suppliers: { co_id: number; co_name: string | null }[];
  currency: string;
  /** The site configuration's VAT rate, the default of a new row. */
  vat_rate: number;
  /** The job's stored sales totals, to set the costs against. */
  net_quote: string;
  net_sales: string;
}

/** One row of POST jobs/{id}/costs `_bulk`: with jc_id it updates, without it creates, `_delete` removes. */
export interface CostWrite {
  jc_id?: number;
  _delete?: boolean;
  co_id?: number | null;
  us_id?: number | null;
  jss_id?: number | null;
  jc_item?: string | null;
  jc_desc_operator?: string | null;
  jc_desc_engineer?: string | null;
  jc_qty_operator?: string | number | null;
  jc_qty_engineer?: string | number | null;
  jc_net_price_operator?: string | number | null;
  jc_net_price_engineer?: string | number | null;
  jc_net_unit_sales?: string | number | null;
  jc_paid_amount?: string | number | null;
  jc_material_eta?: string | null;
  jc_vat?: string | number | null;
  jc_cost_type?: string | null;
  jc_material_type?: string | null;
}

/**
 * A cost row of the engineer in the engineer portal: their own, or one the office entered for them
 * (entered_by_office: read-only for the engineer, shown with the office's text and figures, which
 * are null on the engineer's own rows).
 */
export interface EngineerCostRow {
  jc_id: number;
  jc_item: string | null;
  jc_desc_engineer: string | null;
  jc_qty_engineer: string | null;
  jc_net_price_engineer: string | null;
  entered_by_office: boolean;
  jc_desc_operator: string | null;
  jc_qty_operator: string | null;
  jc_net_price_operator: string | null;
  jc_cost_type: string | null;
  jc_material_type: string | null;
  jc_material_eta: string | null;
  jc_locked: boolean;
  jc_net_total: string;
}

/** GET engineerportal/{id}/costs. */
export interface EngineerCosts {
  job_id: number;
  locked: boolean;
  rows: EngineerCostRow[];
  total: string;
  currency: string;
}

/** One row of POST engineerportal/{id}/costs `_bulk`. */
export interface EngineerCostWrite {
  jc_id?: number;
  _delete?: boolean;
  jc_item?: string | null;
  jc_desc_engineer?: string | null;
  jc_qty_engineer?: string | number | null;
  jc_net_price_engineer?: string | number | null;
}

/** A row of POST engineerportal/filter. */
export interface EngineerJobRow {
  job_id: number;
  job_number: string | null;
  job_status: string;
  job_desc: string | null;
  js_id: number | null;
  js_address: string | null;
  de_name: string | null;
  job_start: string | null;
  job_end: string | null;
  locked: boolean;
}

/** GET engineerportal/{id}/details. */
export interface EngineerJobDetails extends EngineerJobRow {
  job_details: string | null;
  js_city: string | null;
  js_postcode: string | null;
  costdesc: string | null;
}
