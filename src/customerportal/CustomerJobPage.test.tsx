import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomerJobDetails, QuoteDecision } from '../../core/customerportal/types';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
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
  sales_documents: [{ jss_id: 5, jss_title: 'Repair', jss_invoice_type: 'QUOTE', online_invoice_url: null }],
  ...patch,
});

describe('CustomerJobPage', () => {
  // The portal's data provider methods; customerProvider.test.ts holds what each one sends.
  const dataProvider = {
    customerJob: vi.fn(async (_id: number) => job()),
    customerDocuments: vi.fn(async (_id: number) => []),
    customerMails: vi.fn(async (_id: number) => [
      {
        ma_id: 3,
        mail_subject: 'Your booking on Thursday',
        mail_from: { name: 'Office', address: 'office@demo.test' },
        mail_to_arr: [{ name: 'Pat Customer', address: 'pat@example.test' }],
        mail_cc_arr: [],
        mail_date: '2026-11-25 10:00:00',
        mail_text: 'Our engineer comes at nine.',
      },
    ]),
    customerQuoteDecision: vi.fn(async (_id: number, decision: QuoteDecision, name: string) =>
      job({ quote: { awaiting: false, decision, name, decided_at: '2026-11-27 12:00:00', net_total: '345.00' } }),
    ),
    customerUpdateJob: vi.fn(async (_id: number, _texts: unknown) => job()),
    customerMessage: vi.fn(async (_id: number, _text: string) => ({})),
    customerSentMessages: vi.fn(async (_id: number) => [] as { jh_id: number; text: string; sent_at: string }[]),
  };
  beforeEach(() => {
    for (const fn of Object.values(dataProvider)) fn.mockClear();
    dataProvider.customerSentMessages.mockReset();
    dataProvider.customerSentMessages.mockImplementation(async () => []);
    resetAuthState();
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

  it('lists the job’s mails, each opening to its text', async () => {
    await render();
    const mails = await screen.findByRole('region', { name: 'E-mails' });
    expect(await within(mails).findByText('1 e-mail')).toBeInTheDocument();
    fireEvent.click(within(mails).getByRole('button', { name: 'Your booking on Thursday' }));
    expect(await within(mails).findByText('Our engineer comes at nine.')).toBeVisible();
    expect(within(mails).getByText('To: Pat Customer <pat@example.test>')).toBeInTheDocument();
    expect(dataProvider.customerMails).toHaveBeenCalledWith(7, expect.anything());
  });

  it('offers Xero’s online invoice beside an invoice’s PDF when there is one', async () => {
    dataProvider.customerJob.mockImplementationOnce(async () =>
      job({
        sales_documents: [
          { jss_id: 5, jss_title: 'Repair', jss_invoice_type: 'QUOTE', online_invoice_url: null },
          { jss_id: 6, jss_title: 'Works', jss_invoice_type: 'INVOICE', online_invoice_url: 'https://in.xero.test/abc' },
        ],
      }),
    );
    await render();
    const docs = await screen.findByRole('region', { name: 'Quotes and invoices' });
    const pay = within(docs).getAllByRole('link', { name: 'View and pay online' });
    expect(pay).toHaveLength(1);
    expect(pay[0]).toHaveAttribute('href', 'https://in.xero.test/abc');
    expect(pay[0]).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('offers the phone’s camera beside the file chooser for a work order and for a document', async () => {
    await render();
    for (const name of ['Upload a work order', 'Upload a document']) {
      const upload = await screen.findByRole('region', { name });
      const camera = within(upload).getByLabelText('Take a photo');
      expect(camera).toHaveAttribute('capture', 'environment');
      expect(camera).toHaveAttribute('accept', 'image/*');
      expect(within(upload).getByLabelText('Choose files')).not.toHaveAttribute('capture');
    }
  });

  it('shows the appointment and the mails in the customer’s own date format', async () => {
    setAuthenticated({
      is_loggedin: true,
      user_id: 9,
      us_id: 9,
      role: 'Customer',
      fullname: 'Pat Customer',
      settings: { dateFormat: 'YYYY-MM-DD HH:mm:ss', timezone: 'Europe/London' },
    });
    await render();
    const schedule = await screen.findByRole('region', { name: 'Schedule' });
    expect(within(schedule).getByText('Thu 2026-12-03 09:00–11:30')).toBeInTheDocument();
    const mails = await screen.findByRole('region', { name: 'E-mails' });
    expect(await within(mails).findByText('Office <office@demo.test> · 2026-11-25 10:00')).toBeInTheDocument();
  });

  it('sends a message to the office and then lists it under the ones sent before', async () => {
    const earlier = { jh_id: 1, text: 'Please ring first.', sent_at: '2026-11-26 08:15:00' };
    dataProvider.customerSentMessages.mockImplementationOnce(async () => [earlier]);
    dataProvider.customerSentMessages.mockImplementation(async () => [{ jh_id: 2, text: 'The gate is open.', sent_at: '2026-11-27 09:00:00' }, earlier]);
    await render();
    const message = await screen.findByRole('region', { name: 'Message the office' });
    const list = await within(message).findByRole('list', { name: 'Your messages' });
    expect(within(list).getByText('Please ring first.')).toBeInTheDocument();
    fireEvent.change(within(message).getByLabelText('Your message'), { target: { value: '  The gate is open. ' } });
    fireEvent.click(within(message).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(dataProvider.customerMessage).toHaveBeenCalledWith(7, 'The gate is open.'));
    expect(await within(message).findByText('Your message was sent to the office.')).toBeInTheDocument();
    expect(await within(list).findByText('The gate is open.')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(message).getByLabelText('Your message')).toHaveValue('');
  });
});
