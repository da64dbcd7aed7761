import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import type { CurrentUser } from '../auth/types';
import type { AppRoute } from '../routes/types';
import { renderWithApp } from '../test/renderWithApp';
import type { XeroStatus } from './accountingProvider';
import { leaveFor, XeroConnectionPage } from './XeroConnectionPage';
import { XeroConnectPage } from './XeroConnectPage';

const user = (role: CurrentUser['role']) =>
  ({ is_loggedin: true, user_id: 3, us_id: 3, role, fullname: 'Ada Admin', settings: { language: 'en-US', dateFormat: 'DD/MM/YYYY' } }) as CurrentUser;

const route = { id: 'xero', path: '/xero', title: 'pages.xero', layout: 'main', page: 'xeroConnection' } as AppRoute;
const connected: XeroStatus = {
  connected: true,
  status: 'connected',
  organisation: 'Demo Company (UK)',
  sandbox: true,
  connectedBy: 'Ada Admin',
  connectedAt: '2026-11-27T09:00:00.000Z',
  scopes: ['accounting.contacts', 'offline_access'],
  lastRefreshAt: null,
};
const none: XeroStatus = { connected: false, status: 'not_connected', organisation: null, sandbox: false };

afterEach(() => resetAuthState());

describe('XeroConnectionPage', () => {
  it('shows the organisation, who connected it, the permissions and the sandbox; disconnects after a confirmation', async () => {
    setAuthenticated(user('Admin'));
    let status = connected;
    const provider = {
      xeroStatus: vi.fn(async () => status),
      xeroLogout: vi.fn(async () => void (status = none)),
      xeroLoginUrl: vi.fn(async () => 'http://xero.test/authorize'),
    };
    await renderWithApp(<XeroConnectionPage route={route} title="Xero" />, { dataProvider: provider });
    expect(await screen.findByText('Connected to Demo Company (UK)')).toBeInTheDocument();
    expect(screen.getByText('Ada Admin')).toBeInTheDocument();
    expect(screen.getByText('accounting.contacts')).toBeInTheDocument();
    expect(screen.getByText(/local sandbox/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect to Xero' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Xero?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(provider.xeroLogout).toHaveBeenCalled());
    expect(await screen.findByText('Xero is not connected.')).toBeInTheDocument();

    const go = vi.spyOn(leaveFor, 'go').mockImplementation(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect to Xero' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://xero.test/authorize'));
  });

  it("shows the token's health and the last sync with the code that stopped it, or that none ran yet", async () => {
    setAuthenticated(user('Operator'));
    const answers: XeroStatus[] = [
      { ...connected, tokenHealth: 'renews', tokenExpiresAt: '2026-11-27T09:30:00.000Z', lastSyncAt: null, lastSyncResource: null },
      {
        ...connected,
        tokenHealth: 'valid',
        tokenExpiresAt: '2026-11-27T10:00:00.000Z',
        lastSyncAt: '2026-11-27T09:45:00.000Z',
        lastSyncResource: 'items',
        lastSyncError: 'XE_AUTH_ERR',
      },
    ];
    const first = await renderWithApp(<XeroConnectionPage route={route} title="Xero" />, { dataProvider: { xeroStatus: vi.fn(async () => answers[0]) } });
    expect(await screen.findByText('Expired; renewed on the next call')).toBeInTheDocument();
    expect(screen.getByText('Last sync').nextElementSibling).toHaveTextContent('Not yet');
    first.unmount();

    await renderWithApp(<XeroConnectionPage route={route} title="Xero" />, { dataProvider: { xeroStatus: vi.fn(async () => answers[1]) } });
    expect(await screen.findByText(/^Valid until 27\/11\/2026/)).toBeInTheDocument();
    expect(screen.getByText(/^Items, 27\/11\/2026/)).toBeInTheDocument();
    expect(screen.getByText('Auth error during the sync.')).toBeInTheDocument();
  });

  it('offers no Connect or Disconnect to roles that may only read the status', async () => {
    setAuthenticated(user('User'));
    await renderWithApp(<XeroConnectionPage route={route} title="Xero" />, { dataProvider: { xeroStatus: vi.fn(async () => none) } });
    expect(await screen.findByText('Xero is not connected.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('XeroConnectPage', () => {
  const connectRoute = { id: 'xeroConnect', path: '/xero-connect', title: 'pages.xeroConnect', layout: 'main', page: 'xeroConnect' } as AppRoute;

  it('posts the code and state once and returns to /xero', async () => {
    setAuthenticated(user('Admin'));
    const provider = { xeroConnect: vi.fn(async () => []) };
    await renderWithApp(<XeroConnectPage route={connectRoute} title="Xero connection" />, { dataProvider: provider, path: '/xero-connect?code=abc&state=st' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/xero'));
    expect(provider.xeroConnect).toHaveBeenCalledTimes(1);
    expect(provider.xeroConnect).toHaveBeenCalledWith('abc', 'st');
  });

  it('says the code is missing', async () => {
    setAuthenticated(user('Admin'));
    const provider = { xeroConnect: vi.fn(async () => []) };
    await renderWithApp(<XeroConnectPage route={connectRoute} title="Xero connection" />, { dataProvider: provider, path: '/xero-connect?state=st' });
    expect(await screen.findByText('Missing xero code!')).toBeInTheDocument();
    expect(provider.xeroConnect).not.toHaveBeenCalled();
  });
});
