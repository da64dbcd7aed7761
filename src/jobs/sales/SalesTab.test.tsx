import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configureApi } from '../../dataProvider/apiClient';
import { recordNotices } from '../../test/noticeLog';
import { renderWithApp } from '../../test/renderWithApp';
import { SalesTab } from './SalesTab';
import type { JobSales, SalesSection } from '../../../core/jobs/sales/types';

const envelope = (data: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ jobs: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } } }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

function section(over: Partial<SalesSection>): SalesSection {
  return {
    jss_id: 1,
    job_id: 5,
    jss_title: 'Bathroom',
    jss_invoice_type: 'QUOTE',
    jss_calc_with: null,
    jss_due_date: '2026-12-21 12:00:00',
    jss_expiry_days: 60,
    jss_ordering: 0,
    jss_is_final: false,
    jss_costs_locked: false,
    items: [
      {
        sales_id: 11,
        jss_id: 1,
        sales_kind: 'quote',
        ordering: 0,
        item_code: 'TAP',
        description: 'Mixer tap',
        qty: '3',
        net_unit_cost: '10.00',
        net_unit_sales: '19.99',
        tax_rate: '20',
        net_amount: '59.97',
      },
    ],
    totals: { net: '59.97', tax: '11.99', gross: '71.96', cost: '30.00', margin: '29.97' },
    ...over,
  };
}

const sales = (sections: SalesSection[]): JobSales => ({
  job_id: 5,
  sections,
  totals: sections[0]?.totals ?? { net: '0.00', tax: '0.00', gross: '0.00', cost: '0.00', margin: '0.00' },
  net_quote: '59.97',
  net_sales: '0.00',
  currency: 'GBP',
});

describe('SalesTab', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the rows and the totals of a section in the brand currency', async () => {
    fetchMock.mockResolvedValue(envelope(sales([section({})])));
    await renderWithApp(<SalesTab jobId={5} />);
    const card = await screen.findByRole('region', { name: 'Sales section 1' });
    expect(within(card).getByLabelText('Quantity (row 1)')).toHaveValue('3');
    expect(within(card).getByLabelText('Net amount (row 1)')).toHaveTextContent('£59.97');
    const totals = within(card).getByRole('group', { name: 'Section totals' });
    expect(within(totals).getByLabelText('Section totals: Net')).toHaveTextContent('£59.97');
    expect(within(totals).getByLabelText('Section totals: Gross')).toHaveTextContent('£71.96');
    expect(within(totals).getByLabelText('Section totals: Margin')).toHaveTextContent('£29.97');
    expect(screen.getByLabelText('Job totals: Net quote')).toHaveTextContent('£59.97');

    // Editing a row previews its exact net amount before saving.
    fireEvent.change(within(card).getByLabelText('Quantity (row 1)'), { target: { value: '7' } });
    expect(within(card).getByLabelText('Net amount (row 1)')).toHaveTextContent('£139.93');
    fireEvent.click(within(card).getByRole('button', { name: 'Save section' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1];
    expect(String(url)).toBe('http://test/api/jobs/5/sales/1');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body)).items[0]).toMatchObject({ qty: '7', net_unit_sales: '19.99' });
  });

  it('shows a final section read-only with the XE_SEC_FINAL text', async () => {
    fetchMock.mockResolvedValue(envelope(sales([section({ jss_is_final: true })])));
    await renderWithApp(<SalesTab jobId={5} />);
    const card = await screen.findByRole('region', { name: 'Sales section 1' });
    expect(within(card).getByText('Section is final, update is not allowed.')).toBeInTheDocument();
    expect(within(card).getByLabelText('Quantity (row 1)')).toBeDisabled();
    expect(within(card).getByLabelText('Title')).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Save section' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Delete section' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Add row' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Duplicate section' })).toBeEnabled();
  });

  it('duplicates a section with the spec notices', async () => {
    const shown = recordNotices();
    const one = sales([section({})]);
    fetchMock.mockResolvedValueOnce(envelope(one));
    await renderWithApp(<SalesTab jobId={5} />);
    const card = await screen.findByRole('region', { name: 'Sales section 1' });
    fetchMock.mockResolvedValueOnce(envelope(sales([section({}), section({ jss_id: 2 })]), 201, { 'x-show-snackbar': '1' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Duplicate section' }));
    await screen.findByRole('region', { name: 'Sales section 2' });
    expect(shown).toContain('A new sales section has been created.');

    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          jobs: {
            data: null,
            warning: null,
            dbErrors: [{ error: 'NOT_FOUND', primary: 'x', details: null, general: null }],
            metadata: { server_datetime: '', userData: { isLogged: true } },
          },
        }),
        { status: 404 },
      ),
    );
    fireEvent.click(within(screen.getByRole('region', { name: 'Sales section 1' })).getByRole('button', { name: 'Duplicate section' }));
    await waitFor(() => expect(shown).toContain('Failed to create a new sales section.'));
  });
});
