import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../test/renderWithApp';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import { CostsTab } from './CostsTab';
import type { CostWrite, JobCosts } from '../../../core/jobs/costs/types';

const costs: JobCosts = {
  job_id: 5,
  currency: 'GBP',
  rows: [
    {
      jc_id: 31,
      job_id: 5,
      jss_id: null,
      co_id: 4,
      us_id: null,
      supplier_name: 'Travis Perkins',
      engineer_name: null,
      jc_item: 'Pipe',
      jc_desc_operator: 'Copper',
      jc_desc_engineer: null,
      jc_qty_operator: '3',
      jc_qty_engineer: null,
      jc_net_price_operator: '19.99',
      jc_net_price_engineer: null,
      jc_net_unit_sales: null,
      jc_paid_amount: '10.00',
      jc_material_eta: '2026-11-30 12:00:00',
      jc_vat: '20',
      jc_cost_type: 'OUR_MATERIAL',
      jc_material_type: 'FROM_STOCK',
      jc_locked: false,
      jc_net_total: '59.97',
      jc_vat_amount: '11.99',
    },
  ],
  totals: { net: '59.97', vat: '11.99', gross: '71.96', paid: '10.00' },
  engineers: [{ us_id: 9, fullname: 'Eddie Engineer', locked: false }],
  suppliers: [{ co_id: 4, co_name: 'Travis Perkins' }],
  vat_rate: 20,
  net_quote: '100.00',
  net_sales: '0.00',
};

describe('CostsTab', () => {
  // The tab's data provider methods; jobsProvider.test.ts holds what each one sends.
  const provider = {
    jobCosts: vi.fn(async (_jobId: number) => costs),
    jobCostsBulk: vi.fn(async (_jobId: number, _rows: CostWrite[]) => costs),
    jobEngineerLock: vi.fn(async (_jobId: number, _usId: number, _locked: boolean) => costs),
    // The supplier picker searches contacts of type SUPPLIER through getList.
    getList: vi.fn(async () => ({ data: [{ id: 4, co_id: 4, co_name: 'Travis Perkins', co_type: 'SUPPLIER' }], total: 1 })),
    getMany: vi.fn(async () => ({ data: [] })),
    costEngineers: vi.fn(async () => []),
  };
  beforeEach(() => {
    for (const fn of Object.values(provider)) fn.mockClear();
    // An operator: the supplier picker asks the server only for a role that may list contacts.
    setAuthenticated({ is_loggedin: true, user_id: 3, us_id: 3, role: 'Operator', fullname: 'O', settings: {} });
  });
  afterEach(() => resetAuthState());

  it('shows rows with translated enumerations and totals, and locks an engineer', async () => {
    await renderWithApp(<CostsTab jobId={5} />, { dataProvider: provider });
    const table = await screen.findByRole('table', { name: 'Costs' });
    expect(within(table).getByText('Travis Perkins')).toBeInTheDocument();
    expect(within(table).getByText('Our material')).toBeInTheDocument();
    expect(within(table).getByText('From stock')).toBeInTheDocument();
    expect(within(table).getByText('£59.97')).toBeInTheDocument();
    expect(screen.getByLabelText('Totals: Gross')).toHaveTextContent('£71.96');

    fireEvent.click(screen.getByRole('switch', { name: 'Lock costs of Eddie Engineer' }));
    await waitFor(() => expect(provider.jobEngineerLock).toHaveBeenCalledWith(5, 9, true));
  });

  it('deletes a row through the _bulk call', async () => {
    await renderWithApp(<CostsTab jobId={5} />, { dataProvider: provider });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete cost 31' }));
    await waitFor(() => expect(provider.jobCostsBulk).toHaveBeenCalledWith(5, [{ jc_id: 31, _delete: true }]));
  });

  it('adds a supplier cost through the dialog with the _bulk call', async () => {
    await renderWithApp(<CostsTab jobId={5} />, { dataProvider: provider });
    fireEvent.click(await screen.findByRole('button', { name: 'Add cost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add cost' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Supplier' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Travis Perkins' }));
    fireEvent.change(within(dialog).getByLabelText('Item'), { target: { value: 'Tap' } });
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '3' } });
    // A price with a third decimal says before saving what it will be saved as.
    fireEvent.change(within(dialog).getByLabelText('Net price'), { target: { value: '12.345' } });
    expect(within(dialog).getByText('More than 2 decimals: it will be saved as 12.35.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Net price'), { target: { value: '19.99' } });
    expect(within(dialog).queryByText(/More than 2 decimals/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Net total')).toHaveTextContent('£59.97');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save costs' }));
    await waitFor(() => {
      expect(provider.jobCostsBulk).toHaveBeenCalledTimes(1);
      const [jobId, rows] = provider.jobCostsBulk.mock.calls[0];
      expect(jobId).toBe(5);
      expect(rows[0]).toMatchObject({
        co_id: 4,
        us_id: null,
        jc_item: 'Tap',
        jc_qty_operator: '3',
        jc_net_price_operator: '19.99',
        jc_vat: '20',
      });
    });
  });
});
