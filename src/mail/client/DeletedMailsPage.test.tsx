import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import { api, configureApi } from '../../dataProvider/apiClient';
import { routeById } from '../../routes/routeTable';
import { renderWithApp } from '../../test/renderWithApp';
import { DeletedMailsPage } from './DeletedMailsPage';
import { mailProvider } from './mailProvider';
import type { MailListRow } from '../../../core/mail/client/types';

const envelope = (data: unknown, totalCount?: number) =>
  new Response(
    JSON.stringify({ mails: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true }, totalCount } } }),
    { status: 200 },
  );
const deleted = { ma_id: 5, mail_subject: 'Old quote', mail_from: { name: 'Tom', address: 't@example.com' }, mail_date: '2026-11-01 09:00:00' } as MailListRow;

describe('deleted mails page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetAuthState();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    let restored = false;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PATCH') {
        restored = true;
        return envelope({ ma_id: 5, is_deleted: false });
      }
      return envelope(restored ? [] : [deleted], restored ? 0 : 1);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists deleted mails and restores one', async () => {
    setAuthenticated({ is_loggedin: true, user_id: 1, us_id: 1, role: 'Developer', fullname: 'Dev', settings: { language: 'en-US' } });
    await renderWithApp(<DeletedMailsPage route={routeById('deletedMails')!} title="Deleted mails" />, { dataProvider: mailProvider(api) });
    const table = await screen.findByRole('table', { name: 'Deleted mails' });
    expect(within(table).getByRole('link', { name: 'Old quote' })).toHaveAttribute('href', '/email/5');
    expect(within(table).getByRole('button', { name: 'Delete permanently' })).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u, i]) => String(u).endsWith('/mails/5') && i?.method === 'PATCH' && i.body === JSON.stringify({ is_deleted: false })),
      ).toBe(true),
    );
    expect(await screen.findByText('There are no deleted mails.')).toBeInTheDocument();
  });

  it('deletes a mail for good, and the list no longer holds it', async () => {
    let gone = false;
    fetchMock.mockImplementation(async (input) => {
      if (String(input).endsWith('/mails/mailListFinalDelete')) {
        gone = true;
        return envelope({ deleted: 1 });
      }
      return envelope(gone ? [] : [deleted], gone ? 0 : 1);
    });
    setAuthenticated({ is_loggedin: true, user_id: 1, us_id: 1, role: 'Developer', fullname: 'Dev', settings: { language: 'en-US' } });
    await renderWithApp(<DeletedMailsPage route={routeById('deletedMails')!} title="Deleted mails" />, { dataProvider: mailProvider(api) });
    const table = await screen.findByRole('table', { name: 'Deleted mails' });
    fireEvent.click(within(table).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText('There are no deleted mails.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/mails/mailListFinalDelete'));
    expect(call?.[1]).toMatchObject({ method: 'POST', body: JSON.stringify({ mail_ids: [5] }) });
  });
});
