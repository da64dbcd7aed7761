import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configureApi } from '../../dataProvider/apiClient';
import { renderWithApp } from '../../test/renderWithApp';
import { CostsTab } from './CostsTab';
import type { JobCosts } from '../../../core/jobs/costs/types';

const envelope = (key: string, data: unknown) =>
  new Response(JSON.stringify({ [key]: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } } }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

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
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('contacts/suppliers')) return envelope('contacts', []);
      if (url.includes('users/engineers')) return envelope('users', []);
      return envelope('jobs', costs);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows rows with translated enumerations and totals, and locks an engineer', async () => {
    await renderWithApp(<CostsTab jobId={5} />);
    const table = await screen.findByRole('table', { name: 'Costs' });
    expect(within(table).getByText('Travis Perkins')).toBeInTheDocument();
    expect(within(table).getByText('Our material')).toBeInTheDocument();
    expect(within(table).getByText('From stock')).toBeInTheDocument();
    expect(within(table).getByText('£59.97')).toBeInTheDocument();
    expect(screen.getByLabelText('Totals: Gross')).toHaveTextContent('£71.96');

    fireEvent.click(screen.getByRole('switch', { name: 'Lock costs of Eddie Engineer' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url).endsWith('/jobs/5/engineerlockedstatus') && String(init?.body) === JSON.stringify({ us_id: 9, locked: true }),
        ),
      ).toBe(true),
    );
  });

  it('deletes a row through the _bulk call', async () => {
    await renderWithApp(<CostsTab jobId={5} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete cost 31' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([, init]) => init?.method === 'POST' && String(init.body) === JSON.stringify({ _bulk: [{ jc_id: 31, _delete: true }] })),
      ).toBe(true),
    );
  });

  it('adds a supplier cost through the dialog with the _bulk call', async () => {
    await renderWithApp(<CostsTab jobId={5} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add cost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add cost' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Supplier' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Travis Perkins' }));
    fireEvent.change(within(dialog).getByLabelText('Item'), { target: { value: 'Tap' } });
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText('Net price'), { target: { value: '19.99' } });
    expect(within(dialog).getByLabelText('Net total')).toHaveTextContent('£59.97');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save costs' }));
    await waitFor(() => {
      const post = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/jobs/5/costs') && init?.method === 'POST');
      expect(JSON.parse(String(post?.[1]?.body))._bulk[0]).toMatchObject({
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
