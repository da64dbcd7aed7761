/**
 * A `_bulk` list of cost rows (POST jobs/{id}/costs and the engineer portal's costs): each row
 * with jc_id updates, without it creates, with `_delete: true` deletes. Problems are reported per
 * row as `_bulk.<i>.<field>` with SPEC.md point 5's messages.
 */
import { COST_TYPES, MATERIAL_TYPES } from '../../../core/enums';
import { asObject } from '../../http/objects';
import { bool, date, decimal, FieldErrors, id, objectAt, oneOf, onlyKnown, text } from '../sales/parse';

export interface CostValues {
  co_id?: number | null;
  us_id?: number | null;
  jss_id?: number | null;
  jc_item?: string | null;
  jc_desc_operator?: string | null;
  jc_desc_engineer?: string | null;
  jc_qty_operator?: string | null;
  jc_qty_engineer?: string | null;
  jc_net_price_operator?: string | null;
  jc_net_price_engineer?: string | null;
  jc_net_unit_sales?: string | null;
  jc_paid_amount?: string | null;
  jc_material_eta?: Date | null;
  jc_vat?: string | null;
  jc_cost_type?: string | null;
  jc_material_type?: string | null;
}

export interface BulkRow {
  index: number;
  jc_id: number | null;
  remove: boolean;
  values: CostValues;
}

/** Which fields a writer may send: office staff every field, an engineer only their own. */
export type CostAudience = 'staff' | 'engineer';

const ENGINEER_FIELDS = ['jc_item', 'jc_desc_engineer', 'jc_qty_engineer', 'jc_net_price_engineer'] as const;
const STAFF_FIELDS = [
  'co_id',
  'us_id',
  'jss_id',
  'jc_item',
  'jc_desc_operator',
  'jc_desc_engineer',
  'jc_qty_operator',
  'jc_qty_engineer',
  'jc_net_price_operator',
  'jc_net_price_engineer',
  'jc_net_unit_sales',
  'jc_paid_amount',
  'jc_material_eta',
  'jc_vat',
  'jc_cost_type',
  'jc_material_type',
] as const;
// Computed or stored-only fields a form sends back are ignored rather than refused.
const IGNORED = ['job_id', 'supplier_name', 'engineer_name', 'jc_locked', 'jc_net_total', 'jc_vat_amount', 'created_by', 'created_at', 'updated_at'];
export const MAX_BULK = 500;

const qty = { scale: 3, min: 0, max: 99_999_999_999 };
const money = { scale: 2 };

function parseRow(errs: FieldErrors, index: number, raw: unknown, audience: CostAudience): BulkRow | undefined {
  const p = `_bulk.${index}.`;
  const row = objectAt(errs, `_bulk.${index}`, raw);
  if (!row) return undefined;
  const body = Object.fromEntries(Object.entries(row).filter(([k]) => !IGNORED.includes(k)));
  const allowed: readonly string[] = audience === 'staff' ? STAFF_FIELDS : ENGINEER_FIELDS;
  onlyKnown(errs, p, body, [...allowed, 'jc_id', '_delete']);
  const jcId = id(errs, `${p}jc_id`, body.jc_id) ?? null;
  const remove = bool(errs, `${p}_delete`, body._delete) ?? false;
  if (remove && jcId === null) errs.add(`${p}jc_id`, 'required');
  const v: CostValues = {};
  const set = <K extends keyof CostValues>(k: K, value: CostValues[K] | undefined) => {
    if (value !== undefined && allowed.includes(k)) v[k] = value;
  };
  set('co_id', id(errs, `${p}co_id`, body.co_id));
  set('us_id', id(errs, `${p}us_id`, body.us_id));
  set('jss_id', id(errs, `${p}jss_id`, body.jss_id));
  set('jc_item', text(errs, `${p}jc_item`, body.jc_item, 100));
  set('jc_desc_operator', text(errs, `${p}jc_desc_operator`, body.jc_desc_operator, 3000));
  set('jc_desc_engineer', text(errs, `${p}jc_desc_engineer`, body.jc_desc_engineer, 3000));
  set('jc_qty_operator', decimal(errs, `${p}jc_qty_operator`, body.jc_qty_operator, qty));
  set('jc_qty_engineer', decimal(errs, `${p}jc_qty_engineer`, body.jc_qty_engineer, qty));
  set('jc_net_price_operator', decimal(errs, `${p}jc_net_price_operator`, body.jc_net_price_operator, money));
  set('jc_net_price_engineer', decimal(errs, `${p}jc_net_price_engineer`, body.jc_net_price_engineer, money));
  set('jc_net_unit_sales', decimal(errs, `${p}jc_net_unit_sales`, body.jc_net_unit_sales, money));
  set('jc_paid_amount', decimal(errs, `${p}jc_paid_amount`, body.jc_paid_amount, money));
  set('jc_material_eta', date(errs, `${p}jc_material_eta`, body.jc_material_eta));
  set('jc_vat', decimal(errs, `${p}jc_vat`, body.jc_vat, { scale: 2, min: 0, max: 100 }));
  set('jc_cost_type', oneOf(errs, `${p}jc_cost_type`, body.jc_cost_type, COST_TYPES));
  set('jc_material_type', oneOf(errs, `${p}jc_material_type`, body.jc_material_type, MATERIAL_TYPES));
  return { index, jc_id: jcId, remove, values: v };
}

/**
 * Parses `{ _bulk: [...] }`. A body without a list throws at once; row problems are collected in
 * `errs` for the writer to add its own checks (owners, rows of this job) and throw one 400 with all.
 */
export function parseBulk(input: unknown, audience: CostAudience): { rows: BulkRow[]; errs: FieldErrors } {
  const errs = new FieldErrors();
  const body = asObject(input);
  const list = body._bulk;
  if (!Array.isArray(list)) errs.add('_bulk', 'required');
  else if (list.length > MAX_BULK) errs.add('_bulk', 'value');
  onlyKnown(errs, '', body, ['_bulk']);
  errs.throwIfAny();
  const rows = (list as unknown[]).map((raw, i) => parseRow(errs, i, raw, audience)).filter((r): r is BulkRow => !!r);
  const seen = new Set<number>();
  for (const r of rows) {
    if (r.jc_id === null) continue;
    if (seen.has(r.jc_id)) errs.add(`_bulk.${r.index}.jc_id`, 'value');
    seen.add(r.jc_id);
  }
  return { rows, errs };
}

const SCALES: Record<string, number> = {
  jc_qty_operator: 3,
  jc_qty_engineer: 3,
  jc_net_price_operator: 2,
  jc_net_price_engineer: 2,
  jc_net_unit_sales: 2,
  jc_paid_amount: 2,
  jc_vat: 2,
};

/** A stored row with its numbers as the same decimal text parseRow produces, so diff() sees real changes only. */
export function comparableStored(row: Record<string, unknown>): Record<string, unknown> {
  const out = { ...row };
  for (const [field, scale] of Object.entries(SCALES)) {
    const v = row[field];
    if (typeof v === 'number' || typeof v === 'string') out[field] = decimal(new FieldErrors(), field, v, { scale }) ?? null;
  }
  return out;
}
