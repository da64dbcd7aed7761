import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ListContextProvider, type ListControllerResult } from 'ra-core';
import type { SyncStateWire } from '../../core/accounting/constants';
import { renderWithApp } from '../test/renderWithApp';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import type { CurrentUser } from '../auth/types';
import { ContactSyncButton, SyncButton, SyncProgress } from './SyncButton';

const state = (over: Partial<SyncStateWire>): SyncStateWire => ({
  resource: 'taxrates',
  next_page: 0,
  done: 0,
  total: 0,
  running: false,
  stalled: false,
  error: null,
  notice: null,
  last_run_at: null,
  ...over,
});

const list = (total: number) => ({ total, isPending: false }) as unknown as ListControllerResult;

describe('SyncButton', () => {
  it('starts the pull, shows its progress while it runs (done of total), then how many records came', async () => {
    const now = new Date().toISOString();
    const answers = [
      [state({})],
      [state({ running: true, next_page: 2, done: 100, total: 230, last_run_at: now })],
      [state({ done: 231, total: 231, last_run_at: now })],
    ];
    const provider = {
      accountingSyncState: vi.fn(async () => answers.shift() ?? [state({ done: 231, total: 231, last_run_at: now })]),
      accountingSync: vi.fn(async () => state({ running: true, next_page: 1, last_run_at: now })),
    };
    await renderWithApp(
      <ListContextProvider value={list(9)}>
        <SyncButton resource="xerotaxrates" />
      </ListContextProvider>,
      { dataProvider: provider },
    );
    await waitFor(() => expect(provider.accountingSyncState).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(provider.accountingSync).toHaveBeenCalledWith('xerotaxrates', {}));
    expect(await screen.findByText('100 of 230')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Sync progress' });
    expect(bar).toHaveAttribute('aria-valuenow', String(Math.round((100 / 230) * 100)));
    expect(screen.getByRole('button', { name: 'Syncing…' })).toBeDisabled();
    expect(await screen.findByText('Sync finished: 231 records pulled.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeEnabled();
  });

  it('offers the full item sync while no item exists', async () => {
    const provider = { accountingSyncState: vi.fn(async () => []), accountingSync: vi.fn(async () => null) };
    await renderWithApp(
      <ListContextProvider value={list(0)}>
        <SyncButton resource="xeroitems" />
      </ListContextProvider>,
      { dataProvider: provider },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Full item sync' }));
    await waitFor(() => expect(provider.accountingSync).toHaveBeenCalledWith('xeroitems', { full: true }));
  });

  it('offers the sync again for a run that has not moved for long (its job lost), to resume it', async () => {
    const provider = {
      accountingSyncState: vi.fn(async () => [
        state({ running: true, stalled: true, next_page: 3, done: 200, total: 500, last_run_at: '2020-01-01T00:00:00Z' }),
      ]),
      accountingSync: vi.fn(async () => null),
    };
    await renderWithApp(
      <ListContextProvider value={list(9)}>
        <SyncButton resource="xerotaxrates" />
      </ListContextProvider>,
      { dataProvider: provider },
    );
    expect(await screen.findByText('200 of 500')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(provider.accountingSync).toHaveBeenCalledWith('xerotaxrates', {}));
  });
});

describe('ContactSyncButton', () => {
  const user = (role: string) => ({ is_loggedin: true, user_id: 2, us_id: 2, role, fullname: 'Ada Admin', settings: { language: 'en-US' } }) as CurrentUser;
  afterEach(() => resetAuthState());

  it('starts the two-way contact sync for an admin and says how many contacts went either way', async () => {
    setAuthenticated(user('Admin'));
    const now = new Date().toISOString();
    const answers = [[state({ resource: 'contacts' })], [state({ resource: 'contacts', done: 12, total: 12, last_run_at: now })]];
    const provider = {
      accountingSyncState: vi.fn(async () => answers.shift() ?? [state({ resource: 'contacts', done: 12, total: 12, last_run_at: now })]),
      accountingSync: vi.fn(async () => state({ resource: 'contacts', running: true, next_page: 1, last_run_at: now })),
    };
    await renderWithApp(
      <ListContextProvider value={list(40)}>
        <ContactSyncButton />
      </ListContextProvider>,
      { dataProvider: provider },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Sync with Xero' }));
    await waitFor(() => expect(provider.accountingSync).toHaveBeenCalledWith('contacts', {}));
    expect(await screen.findByText('Sync finished: 12 contacts pulled or sent.', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('is not offered to an operator, whom the server would refuse', async () => {
    setAuthenticated(user('Operator'));
    const provider = { accountingSyncState: vi.fn(async () => []), accountingSync: vi.fn(async () => null) };
    await renderWithApp(
      <ListContextProvider value={list(40)}>
        <ContactSyncButton />
      </ListContextProvider>,
      { dataProvider: provider },
    );
    expect(screen.queryByRole('button', { name: 'Sync with Xero' })).not.toBeInTheDocument();
    expect(provider.accountingSyncState).not.toHaveBeenCalled();
  });
});

describe('SyncProgress', () => {
  it("shows the XE code's text of what stopped the sync, and Xero's refusals as a warning", async () => {
    const first = await renderWithApp(<SyncProgress state={state({ error: 'XE_AUTH_ERR', next_page: 3 })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The sync stopped: Auth error during the sync.');
    first.unmount();
    await renderWithApp(<SyncProgress state={state({ done: 1, last_run_at: '2026-11-27T11:00:00Z', notice: '1 contact(s) not sent to Xero.' })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Sync finished: 1 record pulled. 1 contact(s) not sent to Xero.');
  });
});
