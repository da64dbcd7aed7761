import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import { api, configureApi } from '../../dataProvider/apiClient';
import { renderWithApp } from '../../test/renderWithApp';
import { JobEmails } from './JobEmails';
import { mailProvider } from './mailProvider';
import type { MailListRow } from '../../../core/mail/client/types';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ mails: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } } }), {
    status: 200,
  });
const mail = {
  ma_id: 9,
  mail_subject: 'Radiator photos',
  mail_from: { name: 'Tom', address: 't@example.com' },
  mail_date: '2026-11-01 09:00:00',
} as MailListRow;
const notice = 'Bulk email operations are currently unavailable in the job view.';

describe("the job's E-mails tab", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetAuthState();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => envelope([mail]));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says bulk operations are unavailable only once mails are checked for one', async () => {
    setAuthenticated({ is_loggedin: true, user_id: 1, us_id: 1, role: 'Operator', fullname: 'Olly', settings: { language: 'en-US' } });
    await renderWithApp(<JobEmails jobId={4} />, { dataProvider: mailProvider(api) });
    const tab = await screen.findByRole('region', { name: 'E-mails of the job' });
    const table = within(tab).getByRole('table', { name: 'Conversation: Radiator photos' });
    expect(within(table).getByRole('link', { name: 'Radiator photos' })).toHaveAttribute('href', '/email/9');
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Check Radiator photos' }));
    expect(screen.getByRole('status')).toHaveTextContent(notice);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'Check Radiator photos' })).not.toBeChecked();
  });

  it('shows conversations newest first, each oldest mail first, and a message that reached two inboxes once with both', async () => {
    setAuthenticated({ is_loggedin: true, user_id: 1, us_id: 1, role: 'Operator', fullname: 'Olly', settings: { language: 'en-US' } });
    const row = (ma_id: number, thread_id: number, mail_subject: string, mail_date: string, accounts?: { ma_id: number; mailaccount_id: number }[]) =>
      ({ ...mail, ma_id, thread_id, mail_subject, mail_date, accounts: accounts ?? [{ ma_id, mailaccount_id: 1 }] }) as MailListRow;
    const rows = [
      row(21, 20, 'Re: Boiler service', '2026-11-05 10:00:00'),
      row(11, 10, 'Re: Leak', '2026-11-03 09:00:00', [
        { ma_id: 11, mailaccount_id: 1 },
        { ma_id: 12, mailaccount_id: 2 },
      ]),
      row(20, 20, 'Boiler service', '2026-11-04 08:00:00'),
      row(10, 10, 'Leak', '2026-11-02 08:00:00'),
    ];
    const accounts = [
      { mailaccount_id: 1, ma_name: 'Office', ma_email: 'office@x.example', ma_color: null, can_send: true, can_delete: true, msa_id: null, selected: true },
      {
        mailaccount_id: 2,
        ma_name: 'Accounts',
        ma_email: 'accounts@x.example',
        ma_color: null,
        can_send: true,
        can_delete: true,
        msa_id: null,
        selected: true,
      },
    ];
    fetchMock.mockImplementation(async (input) => envelope(String(input).includes('mails/accounts') ? accounts : rows));
    await renderWithApp(<JobEmails jobId={4} />, { dataProvider: mailProvider(api) });
    const tab = await screen.findByRole('region', { name: 'E-mails of the job' });
    const threads = within(tab).getAllByRole('table');
    expect(threads.map((table) => table.getAttribute('aria-label'))).toEqual(['Conversation: Boiler service', 'Conversation: Leak']);
    expect(
      within(threads[0])
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Boiler service', 'Re: Boiler service']);
    expect(within(tab).getByRole('heading', { name: 'Conversation: Leak · 2 mails' })).toBeInTheDocument();
    expect(within(threads[1]).getAllByRole('link', { name: 'Re: Leak' })).toHaveLength(1);
    expect(await within(threads[1]).findByText('Reached Office, Accounts')).toBeInTheDocument();
  });
});
