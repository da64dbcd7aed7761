import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import type { CurrentUser } from '../../auth/types';
import { recordNotices } from '../../test/noticeLog';
import { renderWithApp, testBrand } from '../../test/renderWithApp';
import { allFeatures } from '../../../core/brand/types';
import { SalesTab } from './SalesTab';
import { sendChoices } from './XeroSendMenu';
import type { JobSales, SalesSection } from '../../../core/jobs/sales/types';
import type { XeroSendAnswer } from '../jobsProvider';

const operator = { is_loggedin: true, user_id: 4, us_id: 4, role: 'Operator', fullname: 'Olly Operator', settings: { language: 'en-US' } } as CurrentUser;

const section = (over: Partial<SalesSection> = {}): SalesSection => ({
  jss_id: 7,
  job_id: 5,
  jss_title: 'Kitchen',
  jss_invoice_type: 'INVOICE',
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
  items: [],
  totals: { net: '0.00', tax: '0.00', gross: '0.00', cost: '0.00', margin: '0.00' },
  ...over,
});
const sales = (s: SalesSection): JobSales => ({ job_id: 5, sections: [s], totals: s.totals, net_quote: '0.00', net_sales: '0.00', currency: 'GBP' });

describe('Send to Xero on the Sales tab', () => {
  const provider = {
    jobSales: vi.fn<(jobId: number) => Promise<JobSales | null>>(),
    jobSalesToXero: vi.fn<(jobId: number, jssId: number, type: string) => Promise<XeroSendAnswer | null>>(),
    xeroStatus: vi.fn(),
  };
  beforeEach(() => {
    for (const fn of Object.values(provider)) fn.mockReset();
    setAuthenticated(operator);
  });
  afterEach(() => resetAuthState());

  it('offers the types with the section’s own first, then shows the Xero number as a link and the section final', async () => {
    expect(sendChoices('CREDIT_NOTE')).toEqual(['CREDIT_NOTE', 'QUOTE', 'ADVANCE_PAYMENT', 'INVOICE']);
    provider.xeroStatus.mockResolvedValue({ connected: true, status: 'connected', organisation: 'Demo', sandbox: true });
    provider.jobSales.mockResolvedValue(sales(section()));
    const sent = section({
      jss_is_final: true,
      xero_doc_id: 'abc',
      xero_doc_number: 'INV-0042',
      xero_doc_type: 'INVOICE',
      xero_doc_url: 'https://xero.example/inv/abc',
    });
    provider.jobSalesToXero.mockResolvedValue({ status: 'done', xsp_id: 1, message: 'Sent', section: sent, sales: sales(sent) });
    await renderWithApp(<SalesTab jobId={5} />, { dataProvider: provider });
    const card = await screen.findByRole('region', { name: 'Sales section 1' });
    fireEvent.click(await within(card).findByRole('button', { name: 'Send sales section 1 to Xero' }));
    const items = screen.getAllByRole('menuitem').map((m) => m.textContent);
    expect(items).toEqual(['As an invoice', 'As a quote', 'As an advance payment invoice', 'As a credit note']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'As an invoice' }));
    await waitFor(() => expect(provider.jobSalesToXero).toHaveBeenCalledWith(5, 7, 'INVOICE'));
    const link = await within(card).findByRole('link', { name: 'Open INV-0042 in Xero (new tab)' });
    expect(link).toHaveAttribute('href', 'https://xero.example/inv/abc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(card).getByText('Final')).toBeInTheDocument();
    expect(within(card).getByLabelText('Title')).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Send sales section 1 to Xero' })).toBeNull();
  });

  it('says when the push is queued', async () => {
    const shown = recordNotices();
    provider.xeroStatus.mockResolvedValue({ connected: true, status: 'connected', organisation: 'Demo', sandbox: true });
    provider.jobSales.mockResolvedValue(sales(section({ jss_invoice_type: 'QUOTE' })));
    provider.jobSalesToXero.mockResolvedValue({ status: 'queued', xsp_id: 2, message: 'Queued', section: section(), sales: sales(section()) });
    await renderWithApp(<SalesTab jobId={5} />, { dataProvider: provider });
    fireEvent.click(await screen.findByRole('button', { name: 'Send sales section 1 to Xero' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'As a quote' }));
    await waitFor(() => expect(shown).toContainEqual(expect.stringContaining('the document is queued')));
  });

  it('offers nothing while the brand is not connected, and asks nothing of a brand without accounting', async () => {
    provider.xeroStatus.mockResolvedValue({ connected: false, status: 'not_connected', organisation: null, sandbox: true });
    provider.jobSales.mockResolvedValue(sales(section()));
    const { unmount } = await renderWithApp(<SalesTab jobId={5} />, { dataProvider: provider });
    await screen.findByRole('region', { name: 'Sales section 1' });
    await waitFor(() => expect(provider.xeroStatus).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Send sales section 1 to Xero' })).toBeNull();
    unmount();

    provider.xeroStatus.mockClear();
    const features = allFeatures(true);
    await renderWithApp(<SalesTab jobId={5} />, { dataProvider: provider, brand: testBrand({ ...features, job: { ...features.job, xero: false } }) });
    await screen.findByRole('region', { name: 'Sales section 1' });
    expect(provider.xeroStatus).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Send sales section 1 to Xero' })).toBeNull();
  });
});
