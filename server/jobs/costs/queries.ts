/** Reads a job's costs with names, per-row net total and VAT, the totals and the engineers' lock states. */
import type { Selectable } from 'kysely';
import { formatMinor, lineTotalMinor, sumMinor, taxMinor, toMinor } from '../../../core/jobs/money';
import type { CostRow, JobCosts } from '../../../core/jobs/costs/types';
import { toWireDate } from '../../envelope/datetime';
import type { JobCostsTable, JobDb } from '../tables';
import { salesSiteValues } from '../sales/siteValues';
import { moneyOrNull, moneyText, qtyOrNull, rateText } from '../sales/wireNum';

export type StoredCost = Selectable<JobCostsTable>;

/** quantity × net price rounded to 2 decimals: the operator's values, else the engineer's. */
export function costNetMinor(c: Pick<StoredCost, 'jc_qty_operator' | 'jc_qty_engineer' | 'jc_net_price_operator' | 'jc_net_price_engineer'>): bigint {
  const qty = c.jc_qty_operator ?? c.jc_qty_engineer;
  const price = c.jc_net_price_operator ?? c.jc_net_price_engineer;
  return qty === null || price === null ? 0n : lineTotalMinor(qty, price);
}

export function wireCost(c: StoredCost & { supplier_name: string | null; engineer_name: string | null }): CostRow {
  const net = costNetMinor(c);
  return {
    jc_id: c.jc_id,
    job_id: c.job_id,
    jss_id: c.jss_id,
    co_id: c.co_id,
    us_id: c.us_id,
    supplier_name: c.supplier_name,
    engineer_name: c.engineer_name,
    jc_item: c.jc_item,
    jc_desc_operator: c.jc_desc_operator,
    jc_desc_engineer: c.jc_desc_engineer,
    jc_qty_operator: qtyOrNull(c.jc_qty_operator),
    jc_qty_engineer: qtyOrNull(c.jc_qty_engineer),
    jc_net_price_operator: moneyOrNull(c.jc_net_price_operator),
    jc_net_price_engineer: moneyOrNull(c.jc_net_price_engineer),
    jc_net_unit_sales: moneyOrNull(c.jc_net_unit_sales),
    jc_paid_amount: moneyOrNull(c.jc_paid_amount),
    jc_material_eta: toWireDate(c.jc_material_eta),
    jc_vat: c.jc_vat === null ? null : rateText(c.jc_vat),
    jc_cost_type: c.jc_cost_type,
    jc_material_type: c.jc_material_type,
    jc_locked: c.jc_locked,
    jc_net_total: formatMinor(net),
    jc_vat_amount: formatMinor(taxMinor(net, c.jc_vat)),
  };
}

export async function loadJobCosts(db: JobDb, jobId: number): Promise<JobCosts> {
  const [rows, engineers, suppliers, site, job] = await Promise.all([
    db
      .selectFrom('job_costs as c')
      .leftJoin('contacts as co', 'co.co_id', 'c.co_id')
      .leftJoin('users as u', 'u.us_id', 'c.us_id')
      .selectAll('c')
      .select((eb) => [eb.fn.coalesce('co.co_company', 'co.co_name').as('supplier_name'), 'u.fullname as engineer_name'])
      .where('c.job_id', '=', jobId)
      .orderBy('c.jc_id')
      .execute(),
    // The job's engineers plus any engineer who has costs on it (e.g. removed from the job later).
    db
      .selectFrom('users as u')
      .leftJoin('job_engineer_locks as l', (j) => j.onRef('l.us_id', '=', 'u.us_id').on('l.job_id', '=', jobId))
      .select(['u.us_id', 'u.fullname', 'l.locked'])
      .where((eb) =>
        eb.or([
          eb('u.us_id', 'in', eb.selectFrom('job_engineers').select('us_id').where('job_id', '=', jobId)),
          eb('u.us_id', 'in', eb.selectFrom('job_costs').select('us_id').where('job_id', '=', jobId).where('us_id', 'is not', null) as never),
        ]),
      )
      .orderBy('u.fullname')
      .execute(),
    db
      .selectFrom('job_suppliers as s')
      .innerJoin('contacts as co', 'co.co_id', 's.co_id')
      .select(['co.co_id', (eb) => eb.fn.coalesce('co.co_company', 'co.co_name').as('co_name')])
      .where('s.job_id', '=', jobId)
      .execute(),
    salesSiteValues(db),
    db.selectFrom('jobs').select(['net_quote', 'net_sales']).where('job_id', '=', jobId).executeTakeFirstOrThrow(),
  ]);
  const wired = rows.map((r) => wireCost(r as StoredCost & { supplier_name: string | null; engineer_name: string | null }));
  const net = sumMinor(wired.map((r) => toMinor(r.jc_net_total)));
  const vat = sumMinor(wired.map((r) => toMinor(r.jc_vat_amount)));
  return {
    job_id: jobId,
    rows: wired,
    totals: {
      net: formatMinor(net),
      vat: formatMinor(vat),
      gross: formatMinor(net + vat),
      paid: formatMinor(sumMinor(wired.map((r) => toMinor(r.jc_paid_amount)))),
    },
    engineers: engineers.map((e) => ({ us_id: e.us_id, fullname: e.fullname, locked: e.locked ?? false })),
    suppliers: suppliers.map((s) => ({ co_id: s.co_id, co_name: s.co_name })),
    currency: site.currency,
    vat_rate: site.vatRate,
    net_quote: moneyText(job.net_quote),
    net_sales: moneyText(job.net_sales),
  };
}
