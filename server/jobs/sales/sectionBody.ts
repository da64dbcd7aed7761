/**
 * The body of POST jobs/{id}/sales and PATCH jobs/{id}/sales/{sectionId}: section fields and,
 * when `items` is given, the rows that replace the section's rows. Each row's net_amount is
 * qty × net_unit_sales rounded to 2 decimals, computed here and never taken from the client.
 */
import { INVOICE_TYPES, type InvoiceType } from '../../../core/enums';
import { formatMinor, lineTotalMinor } from '../../../core/jobs/money';
import { SALES_KINDS, type SalesKind } from '../../../core/jobs/sales/types';
import { invalidField } from '../../envelope/errors';
import { asObject } from '../../http/objects';
import { bool, date, decimal, FieldErrors, integer, objectAt, oneOf, onlyKnown, text } from './parse';

export interface SectionFields {
  jss_title?: string | null;
  jss_invoice_type?: InvoiceType;
  jss_calc_with?: string | null;
  jss_due_date?: Date | null;
  jss_expiry_days?: number;
  jss_is_final?: boolean;
  jss_costs_locked?: boolean;
}

export interface ItemValues {
  sales_kind: SalesKind;
  ordering: number;
  item_code: string | null;
  description: string | null;
  qty: string;
  net_unit_cost: string;
  net_unit_sales: string;
  tax_rate: string;
  net_amount: string;
}

export interface SectionBody {
  fields: SectionFields;
  items?: ItemValues[];
}

const SECTION_KEYS = ['jss_title', 'jss_invoice_type', 'jss_calc_with', 'jss_due_date', 'jss_expiry_days', 'jss_is_final', 'jss_costs_locked', 'items'];
// Read-only fields an edit form sends back are ignored, as the resource engine does.
const IGNORED_SECTION_KEYS = [
  'jss_id',
  'job_id',
  'jss_ordering',
  'totals',
  'xero_doc_id',
  'xero_doc_number',
  'xero_doc_type',
  'xero_doc_url',
  'last_pushed_hash',
  'created_at',
  'updated_at',
];
const ITEM_KEYS = ['sales_kind', 'item_code', 'description', 'qty', 'net_unit_cost', 'net_unit_sales', 'tax_rate'];
const IGNORED_ITEM_KEYS = ['sales_id', 'jss_id', 'ordering', 'net_amount', 'created_at'];
export const MAX_ITEMS = 500;

function without(body: Record<string, unknown>, ignored: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([k]) => !ignored.includes(k)));
}

function parseItem(errs: FieldErrors, i: number, raw: unknown): ItemValues | undefined {
  const p = `items.${i}.`;
  const row = objectAt(errs, `items.${i}`, raw);
  if (!row) return undefined;
  const body = without(row, IGNORED_ITEM_KEYS);
  onlyKnown(errs, p, body, ITEM_KEYS);
  const sales_kind = oneOf(errs, `${p}sales_kind`, body.sales_kind, SALES_KINDS, true);
  const item_code = text(errs, `${p}item_code`, body.item_code, 100);
  const description = text(errs, `${p}description`, body.description, 3000);
  const qty = decimal(errs, `${p}qty`, body.qty, { scale: 3, required: true });
  const net_unit_cost = decimal(errs, `${p}net_unit_cost`, body.net_unit_cost, { scale: 2 });
  const net_unit_sales = decimal(errs, `${p}net_unit_sales`, body.net_unit_sales, { scale: 2 });
  const tax_rate = decimal(errs, `${p}tax_rate`, body.tax_rate, { scale: 2, min: 0, max: 100 });
  if (!sales_kind || !qty) return undefined;
  const sales = net_unit_sales ?? '0.00';
  return {
    sales_kind,
    ordering: i,
    item_code: item_code ?? null,
    description: description ?? null,
    qty,
    net_unit_cost: net_unit_cost ?? '0.00',
    net_unit_sales: sales,
    tax_rate: tax_rate ?? '0.00',
    net_amount: formatMinor(lineTotalMinor(qty, sales)),
  };
}

export function parseSectionBody(input: unknown): SectionBody {
  const errs = new FieldErrors();
  const body = without(asObject(input), IGNORED_SECTION_KEYS);
  onlyKnown(errs, '', body, SECTION_KEYS);
  const fields: SectionFields = {};
  const title = text(errs, 'jss_title', body.jss_title, 100);
  if (title !== undefined) fields.jss_title = title;
  const type = oneOf(errs, 'jss_invoice_type', body.jss_invoice_type, INVOICE_TYPES);
  if (type === null) errs.add('jss_invoice_type', 'required');
  else if (type !== undefined) fields.jss_invoice_type = type;
  const calc = text(errs, 'jss_calc_with', body.jss_calc_with, 100);
  if (calc !== undefined) fields.jss_calc_with = calc;
  const due = date(errs, 'jss_due_date', body.jss_due_date);
  if (due !== undefined) fields.jss_due_date = due;
  const expiry = integer(errs, 'jss_expiry_days', body.jss_expiry_days, 0, 3650);
  if (expiry === null) errs.add('jss_expiry_days', 'required');
  else if (expiry !== undefined) fields.jss_expiry_days = expiry;
  const final = bool(errs, 'jss_is_final', body.jss_is_final);
  if (final !== undefined) fields.jss_is_final = final;
  const locked = bool(errs, 'jss_costs_locked', body.jss_costs_locked);
  if (locked !== undefined) fields.jss_costs_locked = locked;

  let items: ItemValues[] | undefined;
  if (body.items !== undefined) {
    if (!Array.isArray(body.items) || body.items.length > MAX_ITEMS) errs.add('items', 'value');
    else items = body.items.map((raw, i) => parseItem(errs, i, raw)).filter((x): x is ItemValues => !!x);
  }
  errs.throwIfAny();
  return { fields, items };
}

/** The `order` list of the reorder calls (a list of whole numbers by its body schema): distinct ids, exactly the expected set. */
export function checkOrder(order: readonly number[], expected: readonly number[], field = 'order'): void {
  const ok = new Set(order).size === order.length && order.length === expected.length && order.every((v) => expected.includes(v));
  if (!ok) throw invalidField(field);
}
