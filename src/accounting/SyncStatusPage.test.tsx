import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../test/renderWithApp';
import { SyncStatusPage } from './SyncStatusPage';
import type { SyncPendingRow } from '../../core/accounting/constants';
import type { AppRoute } from '../routes/types';

const row = (xsp_id: number, error_code: string | null, error_text: string | null): SyncPendingRow => ({
  xsp_id,
  kind: 'contact',
  local_id: 100 + xsp_id,
  op: 'upsert',
  attempts: 3,
  next_attempt_at: '2026-11-27 10:00:00',
  status: 'failed',
  error_code,
  error_text,
  created_at: '2026-11-27 09:00:00',
});

const route = { id: 'xeroSyncStatus', path: '/xero/sync-status', title: 'pages.xeroSyncStatus', layout: 'main', page: 'xeroSyncStatus' } as AppRoute;

describe('SyncStatusPage', () => {
  it('lists entity, operation, attempts, next try, code and the XE message; retries a row and soft-deletes the chosen ones', async () => {
    const provider = {
      syncPending: vi.fn(async () => ({ rows: [row(1, 'XE_CONN_ERR', 'socket hang up'), row(2, 'SOMETHING', 'Email is invalid')], total: 2 })),
      syncPendingRetry: vi.fn(async (_id: number) => undefined),
      syncPendingDelete: vi.fn(async (ids: number[]) => ids.length),
    };
    await renderWithApp(<SyncStatusPage route={route} title="Sync status" />, { dataProvider: provider });
    const table = await screen.findByRole('table', { name: 'Sync status' });
    const first = (await within(table).findByText('contact #101')).closest('tr')!;
    expect(within(first).getByText('upsert')).toBeInTheDocument();
    expect(within(first).getByText('XE_CONN_ERR')).toBeInTheDocument();
    expect(within(first).getByText('Connection error.')).toBeInTheDocument();
    expect(within(table).getByText('Email is invalid')).toBeInTheDocument();
    expect(provider.syncPending).toHaveBeenCalledWith({ page: 1, perPage: 20 }, expect.anything());

    fireEvent.click(screen.getByRole('button', { name: 'Retry entry 1 now' }));
    await waitFor(() => expect(provider.syncPendingRetry).toHaveBeenCalledWith(1));

    expect(screen.getByRole('button', { name: 'Delete 0 entries' })).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all entries' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete 2 entries' }));
    await waitFor(() => expect(provider.syncPendingDelete).toHaveBeenCalledWith([1, 2]));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select entry 2' }));
    expect(screen.getByRole('button', { name: 'Delete 1 entry' })).toBeEnabled();
  });
});
