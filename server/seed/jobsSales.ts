/**
 * One demo job's money: a quote section, for some jobs invoice / advance-payment / credit-note
 * sections, cost rows for its engineers and a supplier, and the job's net_quote / net_sales from
 * the same total rule the sales writes use (server/jobs/sales/totals.ts). Amounts are exact
 * strings; row nets are quantity × price in integer pence.
 */
import { COST_TYPES, MATERIAL_TYPES } from '../../core/enums';
import { formatMinor, lineTotalMinor } from '../../core/jobs/money';
import { refreshJobTotals } from '../jobs/sales/totals';
import type { JobDb } from '../jobs/tables';

const ITEMS = [
  ['LAB-1H', 'Labour, first hour'],
  ['LAB-XH', 'Labour, each further hour'],
  ['MAT-PIPE', '15mm copper pipe and fittings'],
  ['MAT-VALVE', 'Thermostatic radiator valve'],
  ['CALL-OUT', 'Call-out charge'],
  ['MAT-TILE', 'Concrete roof tiles'],
  ['MAT-CABLE', '2.5mm twin and earth cable'],
  ['ACCESS', 'Scaffold tower hire'],
  ['WASTE', 'Waste removal'],
] as const;

export interface JobMoneyInput {
  job_id: number;
  index: number;
  rnd: () => number;
  engineers: number[];
  suppliers: number[];
  actor: number | null;
  /** Midnight UTC of the seed day, in ms. */
  today: number;
}

const DAY = 86_400_000;

export async function seedJobMoney(db: JobDb, m: JobMoneyInput): Promise<void> {
  const price = () => (Math.round(25 + m.rnd() * 400) + Math.round(m.rnd() * 99) / 100).toFixed(2);
  const qty = () => String(1 + Math.floor(m.rnd() * 4)) + (m.rnd() < 0.2 ? '.5' : '');

  const types: string[] = ['QUOTE'];
  if (m.index % 2 === 0) types.push('INVOICE');
  if (m.index % 7 === 0) types.push('ADVANCE_PAYMENT');
  if (m.index % 13 === 0) types.push('CREDIT_NOTE');
  for (const [ordering, type] of types.entries()) {
    const section = await db
      .insertInto('job_sales_sections')
      .values({
        job_id: m.job_id,
        jss_title: `${type === 'QUOTE' ? 'Quote' : type === 'CREDIT_NOTE' ? 'Credit note' : type === 'ADVANCE_PAYMENT' ? 'Advance payment' : 'Invoice'} ${m.index + 1}`,
        jss_invoice_type: type,
        jss_ordering: ordering,
        jss_expiry_days: 60,
        jss_due_date: type === 'QUOTE' ? null : new Date(m.today + (30 - (m.index % 45)) * DAY),
        jss_is_final: type === 'INVOICE' && m.index % 4 === 0,
      })
      .returning('jss_id')
      .executeTakeFirstOrThrow();
    const rows = type === 'CREDIT_NOTE' || type === 'ADVANCE_PAYMENT' ? 1 : 2 + Math.floor(m.rnd() * 3);
    const items = Array.from({ length: rows }, (_, n) => {
      const [code, description] = ITEMS[(m.index + n * 4) % ITEMS.length];
      const q = qty();
      const unit = type === 'CREDIT_NOTE' ? (Number(price()) / 4).toFixed(2) : price();
      return {
        jss_id: section.jss_id,
        sales_kind: type === 'QUOTE' ? 'quote' : 'invoice',
        ordering: n,
        item_code: code,
        description,
        qty: q,
        net_unit_cost: (Number(unit) * 0.6).toFixed(2),
        net_unit_sales: unit,
        tax_rate: '20.00',
        net_amount: formatMinor(lineTotalMinor(q, unit)),
      };
    });
    await db.insertInto('job_sales_items').values(items).execute();
  }
  await refreshJobTotals(db, m.job_id);

  const costs = [];
  for (const [n, us_id] of m.engineers.entries()) {
    const hours = String(2 + ((m.index + n) % 6));
    costs.push({
      job_id: m.job_id,
      us_id,
      co_id: null,
      jc_item: 'Labour',
      jc_desc_operator: 'Labour on site',
      jc_desc_engineer: `${hours} hours on site`,
      jc_qty_operator: hours,
      jc_qty_engineer: hours,
      jc_net_price_operator: '35.00',
      jc_net_price_engineer: '35.00',
      jc_vat: '0.00',
      jc_cost_type: 'LABOUR',
      jc_material_type: 'NA',
      jc_locked: m.index % 6 === 0,
      created_by: m.actor,
    });
  }
  if (m.suppliers.length) {
    const q = qty();
    const eta = m.index % 3 === 0 ? new Date(m.today + ((m.index % 10) - 3) * DAY) : null;
    costs.push({
      job_id: m.job_id,
      us_id: null,
      co_id: m.suppliers[m.index % m.suppliers.length],
      jc_item: ITEMS[m.index % ITEMS.length][1],
      jc_desc_operator: 'Materials from the merchant',
      jc_desc_engineer: null,
      jc_qty_operator: q,
      jc_qty_engineer: null,
      jc_net_price_operator: price(),
      jc_net_price_engineer: null,
      jc_paid_amount: m.index % 4 === 0 ? '50.00' : null,
      jc_material_eta: eta,
      jc_vat: '20.00',
      jc_cost_type: COST_TYPES[1 + (m.index % 2)],
      jc_material_type: MATERIAL_TYPES[m.index % MATERIAL_TYPES.length],
      jc_locked: false,
      created_by: m.actor,
    });
  }
  if (costs.length) await db.insertInto('job_costs').values(costs).execute();
  if (m.index % 6 === 0 && m.engineers.length) {
    await db
      .insertInto('job_engineer_locks')
      .values(m.engineers.map((us_id) => ({ job_id: m.job_id, us_id, locked: true, changed_by: m.actor })))
      .execute();
  }
  if (m.actor !== null && m.index % 8 === 0) {
    const recipients = await db.selectFrom('users').select('us_id').where('role', 'in', ['Operator', 'Admin']).execute();
    await db
      .insertInto('notifications')
      .values(
        recipients.map((r) => ({
          us_id: r.us_id,
          notif_type: m.index % 16 === 0 ? 'MATERIAL_DUE' : 'COST_ADDED',
          job_id: m.job_id,
          notif_params: '{}',
          created_by: m.actor,
        })),
      )
      .execute();
  }
}
