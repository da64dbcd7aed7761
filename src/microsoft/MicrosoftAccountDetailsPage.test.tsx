import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { MicrosoftAccountDetails } from '../../core/microsoft/types';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import type { CurrentUser } from '../auth/types';
import { renderWithApp } from '../test/renderWithApp';
import { MicrosoftAccountDetailsPage } from './MicrosoftAccountDetailsPage';

const admin = {
  is_loggedin: true,
  user_id: 5,
  us_id: 5,
  role: 'Admin',
  fullname: 'Ada Admin',
  settings: { language: 'en-US', dateFormat: 'DD/MM/YYYY' },
} as CurrentUser;

const details: MicrosoftAccountDetails = {
  msa_id: 7,
  msa_email: 'office@contoso.test',
  display_name: null,
  is_default: true,
  status: 'connected',
  status_reason: null,
  sync_progress: null,
  last_sync_at: '2026-11-27T10:00:00.000Z',
  last_error: null,
  counts: { folders: 3, total: 12, unread: 2 },
  users: [],
  microsoft_account_selected: true,
  connected_at: '2026-11-27T09:00:00.000Z',
  folders: [
    { name: 'Archive', total: 0, unread: 0, synced_at: null, sync_error: null, sync_error_at: null },
    {
      name: 'Inbox',
      total: 10,
      unread: 2,
      synced_at: '2026-11-27T09:30:00.000Z',
      sync_error: 'The specified object was not found in the store.',
      sync_error_at: '2026-11-27T10:00:00.000Z',
    },
    { name: 'Sent Items', total: 2, unread: 0, synced_at: '2026-11-27T10:00:00.000Z', sync_error: null, sync_error_at: null },
  ],
  token: { grant_status: 'active', error_code: null, expires_at: null, last_refresh_at: null, scopes: ['Mail.ReadWrite'] },
};

afterEach(() => resetAuthState());

describe('MicrosoftAccountDetailsPage', () => {
  it('shows each folder’s counts and sync state: when it synced, that it never did, or why its last sync failed', async () => {
    setAuthenticated(admin);
    const provider = { microsoftDetails: vi.fn(async () => details) };
    await renderWithApp(<MicrosoftAccountDetailsPage route={{} as never} title="Microsoft mailbox" />, {
      dataProvider: provider,
      path: '/microsoft/accountdetails/7',
      routePath: '/microsoft/accountdetails/:id',
    });
    const folders = await screen.findByRole('region', { name: 'Folders' });
    expect(within(folders).getByRole('columnheader', { name: 'Sync state' })).toBeInTheDocument();
    const row = (name: string) => within(folders).getByRole('cell', { name }).closest('tr')!;
    expect(within(row('Inbox')).getByText('Failed 27/11/2026: The specified object was not found in the store.')).toBeInTheDocument();
    expect(within(row('Sent Items')).getByText('27/11/2026')).toBeInTheDocument();
    expect(within(row('Archive')).getByText('Not synced yet')).toBeInTheDocument();
    expect(provider.microsoftDetails).toHaveBeenCalledWith(7, expect.anything());
  });
});
