/**
 * Sales totals in integer pence (core/jobs/money.ts), never floats: per section, per job, and the
 * job's stored net_quote / net_sales, which every sales write refreshes in its own transaction.
 */
import { formatMinor, lineTotalMinor, sumMinor, taxMinor, toMinor } from '../../../core/jobs/money';
import type { SalesTotals } from '../../../core/jobs/sales/types';
import type { JobDb } from '../tables';

export interface TotalsMinor {
  net: bigint;
  tax: bigint;
  cost: bigint;
}

export const ZERO: TotalsMinor = { net: 0n, tax: 0n, cost: 0n };

export interface ItemAmounts {
  qty: string | number;
  net_unit_cost: string | number;
  net_amount: string | number;
  tax_rate: string | number;
}

/** One row's net (stored net_amount), its tax at the row's rate, and its cost (qty × net unit cost). */
export function itemMinor(item: ItemAmounts): TotalsMinor {
  const net = toMinor(item.net_amount);
  return { net, tax: taxMinor(net, item.tax_rate), cost: lineTotalMinor(item.qty, item.net_unit_cost) };
}

export function addMinor(a: TotalsMinor, b: TotalsMinor): TotalsMinor {
  return { net: a.net + b.net, tax: a.tax + b.tax, cost: a.cost + b.cost };
}

export function sumItems(items: readonly ItemAmounts[]): TotalsMinor {
  return items.map(itemMinor).reduce(addMinor, ZERO);
}

export function wireTotals(t: TotalsMinor): SalesTotals {
  return {
    net: formatMinor(t.net),
    tax: formatMinor(t.tax),
    gross: formatMinor(t.net + t.tax),
    cost: formatMinor(t.cost),
    margin: formatMinor(t.net - t.cost),
  };
}

/** How each invoice type counts towards jobs.net_sales; QUOTE counts towards net_quote instead. */
const SALES_SIGN: Record<string, bigint> = { INVOICE: 1n, ADVANCE_PAYMENT: 1n, CREDIT_NOTE: -1n };

/**
 * Recomputes jobs.net_quote (QUOTE sections' row net amounts) and jobs.net_sales (INVOICE +
 * ADVANCE_PAYMENT − CREDIT_NOTE). Call it with the write's transaction.
 */
export async function refreshJobTotals(db: JobDb, jobId: number): Promise<{ net_quote: string; net_sales: string }> {
  const rows = await db
    .selectFrom('job_sales_items as i')
    .innerJoin('job_sales_sections as s', 's.jss_id', 'i.jss_id')
    .select(['s.jss_invoice_type', 'i.net_amount'])
    .where('s.job_id', '=', jobId)
    .execute();
  const quote = sumMinor(rows.filter((r) => r.jss_invoice_type === 'QUOTE').map((r) => toMinor(r.net_amount)));
  const sales = sumMinor(rows.map((r) => (SALES_SIGN[r.jss_invoice_type] ?? 0n) * toMinor(r.net_amount)));
  const out = { net_quote: formatMinor(quote), net_sales: formatMinor(sales) };
  await db.updateTable('jobs').set(out).where('job_id', '=', jobId).execute();
  return out;
}
