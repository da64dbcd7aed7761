import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../dataProvider/ApiError';
import { recordNotices } from '../../test/noticeLog';
import { renderWithApp } from '../../test/renderWithApp';
import { SalesTab } from './SalesTab';
import type { JobSales, SalesSection, SalesSectionWrite } from '../../../core/jobs/sales/types';

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
    xero_doc_id: null,
    xero_doc_number: null,
    xero_doc_type: null,
    xero_doc_url: null,
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
  // The tab's data provider methods; jobsProvider.test.ts holds what each one sends.
  const provider = {
    jobSales: vi.fn<(jobId: number) => Promise<JobSales | null>>(),
    jobSalesUpdate: vi.fn<(jobId: number, jssId: number, body: SalesSectionWrite) => Promise<JobSales | null>>(),
    jobSalesDuplicate: vi.fn<(jobId: number, jssId: number) => Promise<JobSales | null>>(),
  };
  beforeEach(() => {
    for (const fn of Object.values(provider)) fn.mockReset();
  });

  it('shows the rows and the totals of a section in the brand currency', async () => {
    provider.jobSales.mockResolvedValue(sales([section({})]));
    provider.jobSalesUpdate.mockResolvedValue(sales([section({})]));
    await renderWithApp(<SalesTab jobId={5} />, { dataProvider: provider });
    expect(provider.jobSales).toHaveBeenCalledWith(5, expect.any(AbortSignal));
    const card = await screen.findByRole('region', { name: 'Sales section 1' });
    expect(within(card).getByLabelText('Quantity (row 1)')).toHaveValue('3');
    expect(within(card).getByLabelText('Net amount (row 1)')).toHaveTextContent('£59.97');
    const totals = within(card).getByRole('group', { name: 'Section totals' });
    expect(within(totals).getByLabelText('Section totals: Net')).toHaveTextContent('£59.97');
    expect(within(totals).getByLabelText('Section totals: Gross')).toHaveTextContent('£71.96');
    expect(within(totals).getByLabelText('Section totals: Margin')).toHaveTextContent('£29.97');
    expect(screen.getByLabelText('Job totals: Net quote')).toHaveTextContent('£59.97');
    // Each section offers its PDF (SalesPdfMenu.test.tsx tests the menu itself).
    expect(within(card).getByRole('button', { name: 'PDF of sales section 1' })).toHaveAttribute('aria-haspopup', 'menu');

    // Editing a row previews its exact net amount before saving.
    fireEvent.change(within(card).getByLabelText('Quantity (row 1)'), { target: { value: '7' } });
    expect(within(card).getByLabelText('Net amount (row 1)')).toHaveTextContent('£139.93');
    fireEvent.click(within(card).getByRole('button', { name: 'Save section' }));
    await waitFor(() => expect(provider.jobSalesUpdate).toHaveBeenCalledTimes(1));
    const [jobId, jssId, body] = provider.jobSalesUpdate.mock.calls[0];
    expect([jobId, jssId]).toEqual([5, 1]);
    expect(body.items?.[0]).toMatchObject({ qty: '7', net_unit_sales: '19.99' });
  });

  it('shows a final section read-only with the XE_SEC_FINAL text', async () => {
    provider.jobSales.mockResolvedValue(sales([section({ jss_is_final: true })]));
    await renderWithApp(<SalesTab jobId={5} />, { dataProvider: provider });
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
    provider.jobSales.mockResolvedValue(one);
    await renderWithApp(<SalesTab jobId={5} />, { dataProvider: provider });
    const card = await screen.findByRole('region', { name: 'Sales section 1' });
    provider.jobSalesDuplicate.mockResolvedValueOnce(sales([section({}), section({ jss_id: 2 })]));
    fireEvent.click(within(card).getByRole('button', { name: 'Duplicate section' }));
    await screen.findByRole('region', { name: 'Sales section 2' });
    expect(shown).toContain('A new sales section has been created.');

    provider.jobSalesDuplicate.mockRejectedValueOnce(new ApiError('x', 404));
    fireEvent.click(within(screen.getByRole('region', { name: 'Sales section 1' })).getByRole('button', { name: 'Duplicate section' }));
    await waitFor(() => expect(shown).toContain('Failed to create a new sales section.'));
    expect(provider.jobSalesDuplicate.mock.calls.map((c) => c.slice(0, 2))).toEqual([
      [5, 1],
      [5, 1],
    ]);
  });
});
