/** Reads a job's sales: sections in jss_ordering with their rows and totals (GET jobs/{id}/sales). */
import type { Selectable } from 'kysely';
import type { InvoiceType } from '../../../core/enums';
import type { JobSales, SalesItem, SalesKind, SalesSection } from '../../../core/jobs/sales/types';
import { toWireDate } from '../../envelope/datetime';
import { notFound } from '../../envelope/errors';
import type { JobDb, JobSalesItemsTable, JobSalesSectionsTable } from '../tables';
import { salesSiteValues } from './siteValues';
import { moneyText, qtyText, rateText } from './wireNum';
import { addMinor, sumItems, wireTotals, ZERO } from './totals';

export type SectionRow = Selectable<JobSalesSectionsTable>;
export type ItemRow = Selectable<JobSalesItemsTable>;

export function wireItem(r: ItemRow): SalesItem {
  return {
    sales_id: r.sales_id,
    jss_id: r.jss_id,
    sales_kind: r.sales_kind as SalesKind,
    ordering: r.ordering,
    item_code: r.item_code,
    description: r.description,
    qty: qtyText(r.qty),
    net_unit_cost: moneyText(r.net_unit_cost),
    net_unit_sales: moneyText(r.net_unit_sales),
    tax_rate: rateText(r.tax_rate),
    net_amount: moneyText(r.net_amount),
  };
}

export function wireSection(s: SectionRow, items: ItemRow[]): SalesSection {
  return {
    jss_id: s.jss_id,
    job_id: s.job_id,
    jss_title: s.jss_title,
    jss_invoice_type: s.jss_invoice_type as InvoiceType,
    jss_calc_with: s.jss_calc_with,
    jss_due_date: toWireDate(s.jss_due_date),
    jss_expiry_days: s.jss_expiry_days,
    jss_ordering: s.jss_ordering,
    jss_is_final: s.jss_is_final,
    jss_costs_locked: s.jss_costs_locked,
    xero_doc_id: s.xero_doc_id,
    xero_doc_number: s.xero_doc_number,
    xero_doc_type: s.xero_doc_type as InvoiceType | null,
    xero_doc_url: s.xero_doc_url,
    items: items.map(wireItem),
    totals: wireTotals(sumItems(items)),
  };
}

export async function loadJobSales(db: JobDb, jobId: number): Promise<JobSales> {
  const [sections, items, job, site] = await Promise.all([
    db.selectFrom('job_sales_sections').selectAll().where('job_id', '=', jobId).orderBy('jss_ordering').orderBy('jss_id').execute(),
    db
      .selectFrom('job_sales_items as i')
      .innerJoin('job_sales_sections as s', 's.jss_id', 'i.jss_id')
      .selectAll('i')
      .where('s.job_id', '=', jobId)
      .orderBy('i.ordering')
      .orderBy('i.sales_id')
      .execute(),
    db.selectFrom('jobs').select(['net_quote', 'net_sales']).where('job_id', '=', jobId).executeTakeFirstOrThrow(),
    salesSiteValues(db),
  ]);
  const bySection = new Map<number, ItemRow[]>();
  for (const item of items) bySection.set(item.jss_id, [...(bySection.get(item.jss_id) ?? []), item]);
  const jobTotals = sections.reduce((t, s) => addMinor(t, sumItems(bySection.get(s.jss_id) ?? [])), ZERO);
  return {
    job_id: jobId,
    sections: sections.map((s) => wireSection(s, bySection.get(s.jss_id) ?? [])),
    totals: wireTotals(jobTotals),
    net_quote: moneyText(job.net_quote),
    net_sales: moneyText(job.net_sales),
    currency: site.currency,
  };
}

/** A section of this job, locked for the write; 404 when it belongs to another job. */
export async function sectionForUpdate(db: JobDb, jobId: number, jssId: number): Promise<SectionRow> {
  const s = await db.selectFrom('job_sales_sections').selectAll().where('jss_id', '=', jssId).where('job_id', '=', jobId).forUpdate().executeTakeFirst();
  if (!s) throw notFound();
  return s;
}
