import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GoogleAccount } from '../../core/google/types';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import type { CurrentUser } from '../auth/types';
import type { AppRoute } from '../routes/types';
import { renderWithApp } from '../test/renderWithApp';
import { GoogleConnectPage } from './GoogleConnectPage';
import { GoogleDashboardPage, leaveForGoogle } from './GoogleDashboardPage';

const user = {
  is_loggedin: true,
  user_id: 5,
  us_id: 5,
  role: 'User',
  fullname: 'Uma User',
  settings: { language: 'en-US', dateFormat: 'DD/MM/YYYY' },
} as CurrentUser;
const route = { id: 'googleDashboard', path: '/google/dashboard', title: 'pages.googleDashboard', layout: 'main', page: 'googleDashboard' } as AppRoute;
const connectRoute = { id: 'googleConnect', path: '/google-connect', title: 'pages.googleConnect', layout: 'main', page: 'googleConnect' } as AppRoute;

const account = (ga_id: number, email: string, over: Partial<GoogleAccount> = {}): GoogleAccount => ({
  ga_id,
  email,
  name: 'Ann Field',
  accountDetails: { picture: null, email, name: 'Ann Field' },
  status: 'connected',
  scopes: ['email', 'https://www.googleapis.com/auth/drive'],
  google_account_selected: true,
  connectedAt: '2026-11-27T09:00:00.000Z',
  lastSyncAt: null,
  lastError: null,
  ...over,
});

afterEach(() => resetAuthState());

describe('GoogleDashboardPage', () => {
  it('says a Google connection is required when there is none, labels the sandbox, and leaves for Google to connect', async () => {
    setAuthenticated(user);
    const provider = {
      googleAccounts: vi.fn(async () => []),
      googleStatus: vi.fn(async () => ({ sandbox: true, configured: true, driveScope: 'drive' as const })),
      googleLoginUrl: vi.fn(async () => 'http://google.test/authorize'),
    };
    await renderWithApp(<GoogleDashboardPage route={route} title="Google dashboard" />, { dataProvider: provider });
    expect(await screen.findByText('Google login/connection is required!')).toBeInTheDocument();
    expect(screen.getByText('This is the local sandbox: no data leaves this machine.')).toBeInTheDocument();
    const go = vi.spyOn(leaveForGoogle, 'go').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Connect a Google account' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://google.test/authorize'));
  });

  it('shows each account with its status, last sync and error; toggles, toggles all and disconnects after a confirmation', async () => {
    setAuthenticated(user);
    let rows = [account(1, 'ann@example.com'), account(2, 'bob@example.com', { status: 'reconnect_needed', lastError: 'Token refused' })];
    const provider = {
      googleAccounts: vi.fn(async () => rows),
      googleStatus: vi.fn(async () => ({ sandbox: false, configured: true, driveScope: 'drive' as const })),
      googleToggle: vi.fn(async (target: number | 'all') => {
        rows = rows.map((r) =>
          target === 'all' || r.ga_id === target ? { ...r, google_account_selected: target === 'all' ? false : !r.google_account_selected } : r,
        );
        return rows;
      }),
      googleDisconnect: vi.fn(async (id: number) => (rows = rows.filter((r) => r.ga_id !== id))),
    };
    await renderWithApp(<GoogleDashboardPage route={route} title="Google dashboard" />, { dataProvider: provider });
    const ann = await screen.findByRole('region', { name: 'ann@example.com' });
    const bob = screen.getByRole('region', { name: 'bob@example.com' });
    expect(within(ann).getByText('Connected')).toBeInTheDocument();
    expect(within(ann).getByText('Not yet')).toBeInTheDocument();
    expect(within(ann).getByText('drive')).toBeInTheDocument();
    expect(within(bob).getByText('Google stopped accepting this connection; reconnect it.')).toBeInTheDocument();
    expect(within(bob).getByText('Last error: Token refused')).toBeInTheDocument();
    expect(within(bob).getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
    expect(within(ann).queryByRole('button', { name: 'Reconnect' })).toBeNull();
    expect(screen.getByText('2 accounts connected · 2 selected')).toBeInTheDocument();
    expect(screen.queryByText('Google login/connection is required!')).toBeNull();

    fireEvent.click(within(ann).getByRole('switch', { name: 'Use ann@example.com' }));
    await waitFor(() => expect(within(ann).getByRole('switch', { name: 'Use ann@example.com' })).not.toBeChecked());
    expect(provider.googleToggle).toHaveBeenCalledWith(1);
    expect(screen.getByText('2 accounts connected · 1 selected')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Select all / none' }));
    await waitFor(() => expect(provider.googleToggle).toHaveBeenCalledWith('all'));

    fireEvent.click(within(bob).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect bob@example.com?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'bob@example.com' })).toBeNull());
    expect(provider.googleDisconnect).toHaveBeenCalledWith(2);
  });
});

describe('GoogleConnectPage', () => {
  it('posts the code and state once and returns to the dashboard', async () => {
    setAuthenticated(user);
    const provider = { googleConnect: vi.fn(async () => account(1, 'ann@example.com')) };
    await renderWithApp(<GoogleConnectPage route={connectRoute} title="Google connection" />, {
      dataProvider: provider,
      path: '/google-connect?code=abc&state=st',
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/google/dashboard'));
    expect(provider.googleConnect).toHaveBeenCalledTimes(1);
    expect(provider.googleConnect).toHaveBeenCalledWith('abc', 'st');
  });

  it('says the code is missing and posts nothing', async () => {
    setAuthenticated(user);
    const provider = { googleConnect: vi.fn(async () => null) };
    await renderWithApp(<GoogleConnectPage route={connectRoute} title="Google connection" />, { dataProvider: provider, path: '/google-connect?state=st' });
    expect(await screen.findByText('Missing google code!')).toBeInTheDocument();
    expect(provider.googleConnect).not.toHaveBeenCalled();
  });
});
