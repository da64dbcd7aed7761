import { describe, expect, it } from 'vitest';
import { recordingDb } from '../../test/recordingDb';
import type { JobTables } from '../tables';
import { addMinor, itemMinor, refreshJobTotals, sumItems, wireTotals, ZERO } from './totals';

/** SPEC.md point 9: money totals are rounded to 2 decimals; sums are exact (integer pence). */
describe('sales totals in integer pence', () => {
  it("one row: its stored net amount, the tax at the row's rate and its cost (qty × net unit cost)", () => {
    expect(itemMinor({ qty: '3', net_unit_cost: '19.99', net_amount: '100.00', tax_rate: '20' })).toEqual({ net: 10000n, tax: 2000n, cost: 5997n });
    expect(itemMinor({ qty: 0.5, net_unit_cost: 0.01, net_amount: '10.01', tax_rate: 17.5 })).toEqual({ net: 1001n, tax: 175n, cost: 1n });
  });

  it('adds rows field by field, exactly', () => {
    expect(addMinor({ net: 1n, tax: 2n, cost: 3n }, { net: 10n, tax: 20n, cost: 30n })).toEqual({ net: 11n, tax: 22n, cost: 33n });
    expect(ZERO).toEqual({ net: 0n, tax: 0n, cost: 0n });
    expect(sumItems([])).toEqual(ZERO);
    const row = { qty: '1', net_unit_cost: '0.10', net_amount: '0.10', tax_rate: '0' };
    expect(sumItems([row, { ...row, net_amount: '0.20', net_unit_cost: '0.20', tax_rate: '20' }])).toEqual({ net: 30n, tax: 4n, cost: 30n });
  });

  it('the wire totals: net, tax, gross = net + tax, cost, margin = net − cost, each with 2 decimals', () => {
    expect(wireTotals({ net: 10000n, tax: 2000n, cost: 12550n })).toEqual({ net: '100.00', tax: '20.00', gross: '120.00', cost: '125.50', margin: '-25.50' });
    expect(wireTotals(ZERO)).toEqual({ net: '0.00', tax: '0.00', gross: '0.00', cost: '0.00', margin: '0.00' });
  });
});

describe('refreshJobTotals: the job’s stored net quote and net sales', () => {
  const rows = [
    { jss_invoice_type: 'QUOTE', net_amount: '100.10' },
    { jss_invoice_type: 'QUOTE', net_amount: '0.20' },
    { jss_invoice_type: 'INVOICE', net_amount: '50.00' },
    { jss_invoice_type: 'ADVANCE_PAYMENT', net_amount: '20.00' },
    { jss_invoice_type: 'CREDIT_NOTE', net_amount: '5.50' },
    { jss_invoice_type: 'SOMETHING_ELSE', net_amount: '999.00' },
  ];

  it('net quote sums QUOTE rows; net sales is INVOICE + ADVANCE_PAYMENT − CREDIT_NOTE; both are written to the job', async () => {
    const { db, statements } = recordingDb<JobTables>((s) => (s.sql.startsWith('select') ? rows : []));
    await expect(refreshJobTotals(db, 42)).resolves.toEqual({ net_quote: '100.30', net_sales: '64.50' });
    expect(statements).toHaveLength(2);
    expect(statements[0].sql).toBe(
      'select "s"."jss_invoice_type", "i"."net_amount" from "job_sales_items" as "i" inner join "job_sales_sections" as "s" on "s"."jss_id" = "i"."jss_id" where "s"."job_id" = $1',
    );
    expect(statements[0].parameters).toEqual([42]);
    expect(statements[1].sql).toMatch(/^update "jobs" set "net_quote" = \$1, "net_sales" = \$2 where "job_id" = \$3$/);
    expect(statements[1].parameters).toEqual(['100.30', '64.50', 42]);
  });

  it('a job without rows, or with only credit notes, gets zero and a negative total', async () => {
    const none = recordingDb<JobTables>(() => []);
    await expect(refreshJobTotals(none.db, 1)).resolves.toEqual({ net_quote: '0.00', net_sales: '0.00' });
    const credit = recordingDb<JobTables>((s) => (s.sql.startsWith('select') ? [{ jss_invoice_type: 'CREDIT_NOTE', net_amount: '12.34' }] : []));
    await expect(refreshJobTotals(credit.db, 1)).resolves.toEqual({ net_quote: '0.00', net_sales: '-12.34' });
  });
});
