import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MicrosoftAccount } from '../../core/microsoft/types';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import type { CurrentUser } from '../auth/types';
import type { AppRoute } from '../routes/types';
import { renderWithApp } from '../test/renderWithApp';
import { leaveForMicrosoft, MicrosoftDashboardPage } from './MicrosoftDashboardPage';

const person = (role: string) =>
  ({ is_loggedin: true, user_id: 5, us_id: 5, role, fullname: 'Ada Admin', settings: { language: 'en-US', dateFormat: 'DD/MM/YYYY' } }) as CurrentUser;
const route = {
  id: 'microsoftDashboard',
  path: '/microsoft/dashboard',
  title: 'pages.microsoftDashboard',
  layout: 'main',
  page: 'microsoftDashboard',
} as AppRoute;

const account = (msa_id: number, msa_email: string, over: Partial<MicrosoftAccount> = {}): MicrosoftAccount => ({
  msa_id,
  msa_email,
  display_name: null,
  is_default: false,
  status: 'connected',
  status_reason: null,
  sync_progress: null,
  last_sync_at: null,
  last_error: null,
  counts: { folders: 0, total: 0, unread: 0 },
  users: [],
  microsoft_account_selected: true,
  connected_at: '2026-11-27T09:00:00.000Z',
  ...over,
});

afterEach(() => resetAuthState());

describe('MicrosoftDashboardPage', () => {
  it('labels the sandbox, says a connection is required when there is none, and leaves for Microsoft to connect', async () => {
    setAuthenticated(person('Admin'));
    const provider = {
      microsoftAccounts: vi.fn(async () => []),
      microsoftStatus: vi.fn(async () => ({ sandbox: true, configured: true })),
      microsoftLoginUrl: vi.fn(async () => 'http://login.test/authorize'),
    };
    await renderWithApp(<MicrosoftDashboardPage route={route} title="Microsoft accounts" />, { dataProvider: provider });
    expect(await screen.findByText('Microsoft login/connection is required!')).toBeInTheDocument();
    expect(screen.getByText(/Local sandbox/)).toBeInTheDocument();
    const go = vi.spyOn(leaveForMicrosoft, 'go').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Connect a Microsoft mailbox' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://login.test/authorize'));
  });

  it('shows the default marker, sync progress, counts and users, and why a mailbox needs reconnecting; a user gets no admin actions', async () => {
    setAuthenticated(person('User'));
    const rows = [
      account(1, 'office@contoso.test', {
        is_default: true,
        status: 'syncing',
        sync_progress: 40,
        counts: { folders: 3, total: 120, unread: 7 },
        users: [{ us_id: 5, name: 'Uma User', email: 'user@demo.test', can_send: true, can_delete: false }],
      }),
      account(2, 'sales@contoso.test', { status: 'reconnect_needed', status_reason: 'invalid_grant', counts: { folders: 1, total: 1, unread: 0 } }),
      account(3, 'shop@contoso.test', { status: 'reconnect_needed', status_reason: 'temporarily_unavailable' }),
    ];
    const provider = { microsoftAccounts: vi.fn(async () => rows), microsoftStatus: vi.fn(async () => ({ sandbox: false, configured: true })) };
    await renderWithApp(<MicrosoftDashboardPage route={route} title="Microsoft accounts" />, { dataProvider: provider });
    const office = await screen.findByRole('region', { name: 'office@contoso.test' });
    expect(within(office).getByText('Default')).toBeInTheDocument();
    expect(within(office).getByText('Syncing… 40%')).toBeInTheDocument();
    expect(within(office).getByText('120 mails, 7 unread, 3 folders')).toBeInTheDocument();
    expect(within(office).getByText('Uma User')).toBeInTheDocument();
    const sales = screen.getByRole('region', { name: 'sales@contoso.test' });
    expect(
      within(sales).getByText('Microsoft stopped accepting this connection (its sign-in was revoked, expired or its password changed); reconnect it.'),
    ).toBeInTheDocument();
    expect(within(sales).getByText('1 mail, 0 unread, 1 folder')).toBeInTheDocument();
    // A code without words of its own is shown as Microsoft sent it.
    const shop = screen.getByRole('region', { name: 'shop@contoso.test' });
    expect(within(shop).getByText('Microsoft stopped accepting this connection (temporarily_unavailable); reconnect it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect a Microsoft mailbox' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign users' })).toBeNull();
  });
});
