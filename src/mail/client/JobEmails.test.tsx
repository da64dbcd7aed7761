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
    const table = await screen.findByRole('table', { name: 'E-mails of the job' });
    expect(within(table).getByRole('link', { name: 'Radiator photos' })).toHaveAttribute('href', '/email/9');
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Check Radiator photos' }));
    expect(screen.getByRole('status')).toHaveTextContent(notice);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'Check Radiator photos' })).not.toBeChecked();
  });
});
