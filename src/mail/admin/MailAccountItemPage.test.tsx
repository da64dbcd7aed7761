import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureApi } from '../../dataProvider/apiClient';
import type { AppRoute } from '../../routes/types';
import { renderWithApp } from '../../test/renderWithApp';
import type { AccountDetails } from './adminApi';
import { MailAccountItemPage } from './MailAccountItemPage';

const envelope = (key: string, data: unknown, status = 200) =>
  new Response(JSON.stringify({ [key]: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const account: AccountDetails = {
  mailaccount_id: 7,
  ma_name: 'Office',
  ma_email: 'office@example.com',
  ma_color: '#1976d2',
  ma_enabled: true,
  mis_id: 3,
  mailserver_id: null,
  sync_status: 'idle',
  sync_error: null,
  last_sync_at: '2026-11-20 10:00:00',
  aliases: [{ mal_id: 1, mal_email: 'office@example.com', mal_name: 'Office', mal_is_default: true }],
  users: [{ us_id: 11, fullname: 'Oliver Bennett', email: 'operator@demo.test', maxu_default: true, maxu_user_can_send: true, maxu_user_can_delete: false }],
  imap_folders: [],
};
const folders = [
  {
    ifolder_id: 21,
    ifolder_path: 'INBOX',
    ifolder_name: 'INBOX',
    ifolder_type: 'inbox',
    ifolder_sync_enabled: true,
    ifolder_syncfromdt: null,
    is_default_seen: false,
    ifolder_last_email_date: null,
    messages_on_server: 10,
    messages_synced: 4,
    sync_error: 'Connection lost',
  },
];
const route = { id: 'mailAccount', path: '/admin/mailaccount/:id?', title: 'pages.mailAccount', page: 'mailAccountItem' } as unknown as AppRoute;

describe('MailAccountItemPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('mailincomingservers/list'))
        return envelope('mailincomingservers', [{ mis_id: 3, mis_name: 'Dovecot', mis_host: 'imap.example.com', has_password: true }]);
      if (url.includes('mailservers/list')) return envelope('mailservers', []);
      if (url.includes('users/bemworkers')) return envelope('users', [{ us_id: 11, fullname: 'Oliver Bennett', email: 'operator@demo.test' }]);
      if (url.includes('imapfolders/filter')) return envelope('imapfolders', folders);
      if (url.includes('imapfolders/21/clearSyncErrorLogs')) return envelope('imapfolders', { ...folders[0], sync_error: null });
      if (url.includes('mailaccounts/7/sync')) return envelope('mailaccounts', { mailaccount_id: 7, sync: 'queued' }, 202);
      if (url.includes('mailaccounts/create')) return envelope('mailaccounts', account, 201);
      return envelope('mailaccounts', account);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('hides the users and IMAP folder tables until the account is saved, then shows them', async () => {
    await renderWithApp(<MailAccountItemPage route={route} title="Mail account" />, {
      path: '/admin/mailaccount',
      routePath: '/admin/mailaccount/:id?',
      dataProvider: {},
    });
    expect(screen.getByText('Save the account first to assign users and edit the IMAP folders.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Users' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'IMAP folders' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Office' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'office@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/mailaccount/7');
    const create = fetchMock.mock.calls.find(([url]) => String(url).endsWith('mailaccounts/create'));
    expect(JSON.parse(String(create?.[1]?.body))).toMatchObject({ ma_name: 'Office', ma_email: 'office@example.com' });
  });

  it('shows users, folders with progress and errors, clears errors and syncs now on a saved account', async () => {
    await renderWithApp(<MailAccountItemPage route={route} title="Mail account" />, {
      path: '/admin/mailaccount/7',
      routePath: '/admin/mailaccount/:id?',
      dataProvider: {},
    });
    expect(await screen.findByRole('checkbox', { name: 'Default: Oliver Bennett' })).toBeChecked();
    expect(await screen.findByText('INBOX')).toBeInTheDocument();
    expect(screen.getByText('4 / 10')).toBeInTheDocument();
    expect(screen.getByText('Connection lost')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear errors' }));
    await waitFor(() => expect(screen.queryByText('Connection lost')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('mailaccounts/7/sync') && init?.method === 'POST')).toBe(true));
  });
});
