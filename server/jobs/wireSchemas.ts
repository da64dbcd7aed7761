/**
 * Answer schemas of the jobs group: what the OpenAPI document shows and what Fastify serialises.
 * A serialised answer carries only the properties named here, so each lists every field its
 * type in core/jobs/types.ts has.
 */
import { INVOICE_TYPES, JOB_STATUSES, JOB_TAGS } from '../../core/enums';
import { SALES_KINDS } from '../../core/jobs/sales/types';
import type { JsonSchema } from '../envelope/schemas';

const int: JsonSchema = { type: 'integer' };
const intOrNull: JsonSchema = { type: ['integer', 'null'] };
const textOrNull: JsonSchema = { type: ['string', 'null'] };
const bool: JsonSchema = { type: 'boolean' };
const wireDate: JsonSchema = { type: 'string', description: "'YYYY-MM-DD HH:mm:ss' UTC" };
const wireDateOrNull: JsonSchema = { ...wireDate, type: ['string', 'null'] };
const money: JsonSchema = { type: 'string', description: '2 decimals' };

const object = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties, required: Object.keys(properties) });

/** JobListRow: a row of the job sheet. */
export const jobListRowSchema = object({
  job_id: int,
  job_number: { ...textOrNull, description: 'null while the job is a draft' },
  job_status: { type: ['string', 'null'], enum: [...JOB_STATUSES, null], description: 'null for a customer when the status is not theirs to see' },
  job_wopo: textOrNull,
  job_desc: textOrNull,
  de_id: int,
  de_name: textOrNull,
  co_id: intOrNull,
  co_name: textOrNull,
  js_id: intOrNull,
  js_address: textOrNull,
  pm_id: intOrNull,
  pm_name: textOrNull,
  job_start: wireDateOrNull,
  job_end: wireDateOrNull,
  job_tags: { type: 'array', items: { type: 'string', enum: [...JOB_TAGS] } },
  assigned: { type: 'array', items: object({ us_id: int, fullname: textOrNull }) },
  net_quote: money,
  net_sales: money,
  created_at: wireDate,
  updated_at: wireDate,
});

/** A row of POST jobs/filter: a JobListRow with the currency its money columns are in. */
export const jobSheetRowSchema = object({
  ...(jobListRowSchema.properties as Record<string, JsonSchema>),
  currency: { type: 'string', description: "the brand's currency code of net_quote and net_sales" },
});

/** JobDetails: GET jobs/{id}/details and the answer of every change to one job. */
export const jobDetailsSchema = object({
  ...(jobListRowSchema.properties as Record<string, JsonSchema>),
  jsc_id: intOrNull,
  jsc_name: textOrNull,
  job_details: textOrNull,
  job_has_remedial: bool,
  job_has_issue: bool,
  skip_remedial_check: bool,
  remedial_flag: { ...bool, description: 'remedial work and no site, unless the check is skipped' },
  engineers: { type: 'array', items: object({ us_id: int, is_lead: bool, fullname: textOrNull, locked: bool }) },
  suppliers: { type: 'array', items: object({ co_id: int, co_name: textOrNull }) },
  customer_us_id: intOrNull,
  can_modify: bool,
});

const totals = object({ net: money, tax: money, gross: money, cost: money, margin: money });

/** SalesItem: one row of a sales section. */
const salesItemSchema = object({
  sales_id: int,
  jss_id: int,
  sales_kind: { type: 'string', enum: [...SALES_KINDS] },
  ordering: int,
  item_code: textOrNull,
  description: textOrNull,
  qty: { type: 'string', description: '3 decimals' },
  net_unit_cost: money,
  net_unit_sales: money,
  tax_rate: money,
  net_amount: { ...money, description: 'qty × net_unit_sales, 2 decimals' },
});

/** JobSales: GET jobs/{id}/sales and the answer of every sales write. */
export const jobSalesSchema = object({
  job_id: int,
  sections: {
    type: 'array',
    items: object({
      jss_id: int,
      job_id: int,
      jss_title: textOrNull,
      jss_invoice_type: { type: 'string', enum: [...INVOICE_TYPES] },
      jss_calc_with: textOrNull,
      jss_due_date: wireDateOrNull,
      jss_expiry_days: int,
      jss_ordering: int,
      jss_is_final: bool,
      jss_costs_locked: bool,
      xero_doc_id: textOrNull,
      xero_doc_number: { ...textOrNull, description: "the document's number in Xero once pushed (generatexeroinvoice)" },
      xero_doc_type: { ...textOrNull, description: 'the invoice type it was pushed as' },
      xero_doc_url: { ...textOrNull, description: 'a link that opens the document (online invoice or Xero)' },
      items: { type: 'array', items: salesItemSchema },
      totals,
    }),
  },
  totals,
  net_quote: money,
  net_sales: money,
  currency: { type: 'string', description: "the brand's currency code" },
});

const moneyOrNull: JsonSchema = { ...money, type: ['string', 'null'] };

/** JobCosts: GET jobs/{id}/costs and the answer of every cost write. */
export const jobCostsSchema = object({
  job_id: int,
  rows: {
    type: 'array',
    items: object({
      jc_id: int,
      job_id: int,
      jss_id: intOrNull,
      co_id: intOrNull,
      us_id: intOrNull,
      supplier_name: textOrNull,
      engineer_name: textOrNull,
      jc_item: textOrNull,
      jc_desc_operator: textOrNull,
      jc_desc_engineer: textOrNull,
      jc_qty_operator: { type: ['string', 'null'], description: '3 decimals' },
      jc_qty_engineer: { type: ['string', 'null'], description: '3 decimals' },
      jc_net_price_operator: moneyOrNull,
      jc_net_price_engineer: moneyOrNull,
      jc_net_unit_sales: moneyOrNull,
      jc_paid_amount: moneyOrNull,
      jc_material_eta: wireDateOrNull,
      jc_vat: moneyOrNull,
      jc_cost_type: textOrNull,
      jc_material_type: textOrNull,
      jc_locked: bool,
      jc_net_total: { ...money, description: 'quantity × net price, 2 decimals' },
      jc_vat_amount: money,
    }),
  },
  totals: object({ net: money, vat: money, gross: money, paid: money }),
  engineers: { type: 'array', items: object({ us_id: int, fullname: textOrNull, locked: bool }) },
  suppliers: { type: 'array', items: object({ co_id: int, co_name: textOrNull }) },
  currency: { type: 'string', description: "the brand's currency code" },
  vat_rate: { type: 'number', description: 'the default VAT rate of a new row' },
  net_quote: money,
  net_sales: money,
});
