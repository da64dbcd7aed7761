/**
 * One history entry as a sentence a person reads: field labels instead of column names, names
 * instead of ids (the server's jh_names), translated codes (status, tags, invoice, cost and
 * material types), formatted dates and yes/no for flags.
 */
import { FIELD_REF_KINDS, idIn, refKey } from '../../../core/jobs/historyRefs';

/** Stored field names → the labels the forms show them under (jobs.fields.*); cost rows name their supplier. */
const FIELD_LABELS: Record<string, string> = {
  job_number: 'job_number',
  job_status: 'job_status',
  job_wopo: 'job_wopo',
  job_desc: 'job_desc',
  job_details: 'job_details',
  job_start: 'job_start',
  job_end: 'job_end',
  job_tags: 'tags',
  de_id: 'department',
  co_id: 'client',
  js_id: 'site',
  pm_id: 'pm',
  jsc_id: 'site_contact',
  job_has_remedial: 'remedial',
  job_has_issue: 'issue',
  skip_remedial_check: 'skipRemedial',
  engineers: 'engineers',
  suppliers: 'suppliers',
  assigned: 'assigned',
  customer_us_id: 'customer',
  us_id: 'engineer',
  jss_id: 'section',
  from_jss_id: 'section',
  jss_ids: 'sectionOrder',
  sales_ids: 'rowOrder',
  rows: 'rows',
};
const COST_LABELS: Record<string, string> = { co_id: 'supplier' };
/** Sales and cost fields keep the labels of their own tabs (full keys). */
const TAB_LABELS: Record<string, string> = {
  jss_title: 'salesCosts.sales.title',
  jss_invoice_type: 'salesCosts.sales.type',
  jss_calc_with: 'salesCosts.sales.calcWith',
  jss_due_date: 'salesCosts.sales.dueDate',
  jss_expiry_days: 'salesCosts.sales.expiryDays',
  jss_is_final: 'salesCosts.sales.final',
  jss_costs_locked: 'salesCosts.sales.costsLocked',
  jc_item: 'salesCosts.costs.item',
  jc_desc_operator: 'salesCosts.costs.descOperator',
  jc_desc_engineer: 'salesCosts.costs.descEngineer',
  jc_qty_operator: 'salesCosts.costs.qtyOperator',
  jc_qty_engineer: 'salesCosts.costs.qtyEngineer',
  jc_net_price_operator: 'salesCosts.costs.priceOperator',
  jc_net_price_engineer: 'salesCosts.costs.priceEngineer',
  jc_net_unit_sales: 'salesCosts.sales.netUnitSales',
  jc_paid_amount: 'salesCosts.costs.paid',
  jc_material_eta: 'salesCosts.costs.eta',
  jc_vat: 'salesCosts.costs.vat',
  jc_cost_type: 'salesCosts.costs.costType',
  jc_material_type: 'salesCosts.costs.materialType',
  locked: 'salesCosts.costs.locked',
};

/** Code fields → the translation key prefix of their labels. */
const CODE_PREFIXES: Record<string, string> = {
  job_status: 'jobs.status.',
  job_tags: 'jobs.tags.',
  jss_invoice_type: 'salesCosts.enums.invoice_types.',
  jc_cost_type: 'salesCosts.enums.cost_types.',
  jc_material_type: 'salesCosts.enums.material_types.',
};
/** The job itself: naming it in its own history says nothing. */
const HIDDEN = new Set(['job_id']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const EMPTY = '—';

export interface HistoryTextContext {
  translate: (key: string) => string;
  /** A wire date 'YYYY-MM-DD HH:mm:ss' in the user's format. */
  date: (wire: string) => string;
  /** 'kind:id' → name (JobHistoryRow.jh_names). */
  names: Record<string, string>;
  entity?: string;
}

const isChange = (v: unknown): v is { from: unknown; to: unknown } => !!v && typeof v === 'object' && !Array.isArray(v) && 'from' in v && 'to' in v;

function fieldLabel(field: string, ctx: HistoryTextContext): string {
  if (TAB_LABELS[field]) return ctx.translate(TAB_LABELS[field]);
  const key = (ctx.entity === 'cost' ? COST_LABELS[field] : undefined) ?? FIELD_LABELS[field];
  return key ? ctx.translate(`jobs.fields.${key}`) : field;
}

/** A sales row as 'Purchase Boiler 2 × 120.00' (kind, item, quantity × net unit sales). */
function salesRowText(row: unknown, ctx: HistoryTextContext): string {
  if (!row || typeof row !== 'object') return String(row);
  const r = row as { sales_kind?: unknown; item_code?: unknown; qty?: unknown; net_unit_sales?: unknown };
  const kind = typeof r.sales_kind === 'string' ? ctx.translate(`salesCosts.enums.sales_kinds.${r.sales_kind}`) : '';
  const amount = r.qty !== undefined ? `${String(r.qty)} × ${String(r.net_unit_sales ?? '0.00')}` : '';
  return [kind, typeof r.item_code === 'string' ? r.item_code : '', amount].filter(Boolean).join(' ');
}

function showValue(field: string, value: unknown, ctx: HistoryTextContext): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (field === 'rows' && Array.isArray(value)) return value.length ? value.map((r) => salesRowText(r, ctx)).join(', ') : EMPTY;
  const kind = FIELD_REF_KINDS[field];
  if (kind) {
    const items = Array.isArray(value) ? value : [value];
    if (!items.length) return EMPTY;
    return items
      .map((item) => {
        const id = idIn(kind, item);
        if (id === null) return JSON.stringify(item);
        const name = ctx.names[refKey(kind, id)] ?? `#${id}`;
        const lead = item && typeof item === 'object' && (item as { is_lead?: unknown }).is_lead === true;
        return lead ? `${name} (${ctx.translate('jobs.fields.lead')})` : name;
      })
      .join(', ');
  }
  const prefix = CODE_PREFIXES[field];
  if (prefix && (typeof value === 'string' || Array.isArray(value))) {
    const codes = Array.isArray(value) ? value : [value];
    return codes.length ? codes.map((c) => ctx.translate(`${prefix}${String(c)}`)).join(', ') : EMPTY;
  }
  if (typeof value === 'boolean') return ctx.translate(value ? 'jobs.item.yes' : 'jobs.item.no');
  if (typeof value === 'string' && ISO_DATE.test(value)) return ctx.date(value.replace('T', ' ').slice(0, 19));
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** 'field: from → to' per changed field; created/deleted values as 'field: value'. */
export function describeChanges(changes: Record<string, unknown>, ctx: HistoryTextContext): string {
  return Object.entries(changes ?? {})
    .filter(([field]) => !HIDDEN.has(field))
    .map(([field, change]) => {
      const label = fieldLabel(field, ctx);
      if (isChange(change)) return `${label}: ${showValue(field, change.from, ctx)} → ${showValue(field, change.to, ctx)}`;
      return `${label}: ${showValue(field, change, ctx)}`;
    })
    .join('; ');
}
