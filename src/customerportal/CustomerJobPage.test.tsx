import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomerJobDetails, QuoteDecision } from '../../core/customerportal/types';
import { routeById } from '../routes/routeTable';
import { renderWithApp } from '../test/renderWithApp';
import { CustomerJobPage } from './CustomerJobPage';

const route = routeById('customerJob')!;
const job = (patch: Partial<CustomerJobDetails> = {}): CustomerJobDetails => ({
  job_id: 7,
  job_number: 'PLB-000007',
  job_status: 'QUOTED',
  job_desc: 'Leaking tap',
  job_wopo: null,
  js_id: 3,
  js_address: '1 High Street',
  js_postcode: 'N1 1AA',
  js_city: 'London',
  co_name: 'Crown Estates',
  pm_name: null,
  jsc_name: null,
  job_start: '2026-12-03 09:00:00',
  job_end: '2026-12-03 11:30:00',
  created_at: '2026-11-20 10:00:00',
  job_details: null,
  quote: { awaiting: true, decision: null, name: null, decided_at: null, net_total: '345.00' },
  sales_documents: [{ jss_id: 5, jss_title: 'Repair', jss_invoice_type: 'QUOTE' }],
  ...patch,
});

describe('CustomerJobPage', () => {
  // The portal's data provider methods; customerProvider.test.ts holds what each one sends.
  const dataProvider = {
    customerJob: vi.fn(async (_id: number) => job()),
    customerDocuments: vi.fn(async (_id: number) => []),
    customerQuoteDecision: vi.fn(async (_id: number, decision: QuoteDecision, name: string) =>
      job({ quote: { awaiting: false, decision, name, decided_at: '2026-11-27 12:00:00', net_total: '345.00' } }),
    ),
    customerUpdateJob: vi.fn(async (_id: number, _texts: unknown) => job()),
    customerMessage: vi.fn(async () => ({})),
  };
  beforeEach(() => {
    for (const fn of Object.values(dataProvider)) fn.mockClear();
  });
  const render = () =>
    renderWithApp(<CustomerJobPage route={route} title="My jobs" />, { path: '/portal/jobs/7', routePath: '/portal/jobs/:id', dataProvider });

  it('shows the office’s values as text, not as inputs, and the status of the job', async () => {
    await render();
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(within(status).getByText('1 High Street, London, N1 1AA')).toBeInTheDocument();
    expect(within(status).getByText('Crown Estates')).toBeInTheDocument();
    expect(within(status).queryAllByRole('textbox')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Quote: Repair (PDF)' })).toHaveAttribute('href', expect.stringContaining('/customerportal/7/salessections/5/pdf'));
    expect(screen.getByRole('link', { name: 'Add to calendar (.ics)' })).toHaveAttribute('href', expect.stringContaining('/customerportal/7/ics'));
  });

  it('approves the quote only with a typed name, and then says who approved it', async () => {
    await render();
    const quote = await screen.findByRole('region', { name: 'Quote' });
    const approve = within(quote).getByRole('button', { name: 'Approve quote' });
    expect(approve).toBeDisabled();
    fireEvent.change(within(quote).getByLabelText('Your full name (as your signature)'), { target: { value: 'Pat Customer' } });
    fireEvent.click(approve);
    await waitFor(() => expect(dataProvider.customerQuoteDecision).toHaveBeenCalledWith(7, 'approve', 'Pat Customer'));
    expect(await within(quote).findByText(/Approved by Pat Customer on/)).toBeInTheDocument();
  });

  it('saves the texts without a status', async () => {
    await render();
    const details = await screen.findByRole('region', { name: 'Details' });
    fireEvent.change(within(details).getByLabelText('Description'), { target: { value: 'Leaking tap, worse now' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dataProvider.customerUpdateJob).toHaveBeenCalledWith(7, { job_desc: 'Leaking tap, worse now', job_wopo: '', job_details: '' }));
  });
});
