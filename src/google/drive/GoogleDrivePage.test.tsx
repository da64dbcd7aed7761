import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DriveFile } from '../../../core/google/drive';
import type { GoogleAccount } from '../../../core/google/types';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import type { CurrentUser } from '../../auth/types';
import type { AppRoute } from '../../routes/types';
import { renderWithApp } from '../../test/renderWithApp';
import { GoogleDrivePage } from './GoogleDrivePage';

const user = {
  is_loggedin: true,
  user_id: 5,
  us_id: 5,
  role: 'User',
  fullname: 'Uma User',
  settings: { language: 'en-US', dateFormat: 'DD/MM/YYYY' },
} as CurrentUser;
const route = { id: 'googleDrive', path: '/google/drive', title: 'pages.googleDrive', layout: 'main', page: 'googleDrive' } as AppRoute;

const account = (ga_id: number, email: string, over: Partial<GoogleAccount> = {}): GoogleAccount => ({
  ga_id,
  email,
  name: null,
  accountDetails: { picture: null, email, name: null },
  status: 'connected',
  scopes: [],
  google_account_selected: true,
  connectedAt: null,
  lastSyncAt: null,
  lastError: null,
  ...over,
});

const file = (name: string, over: Partial<DriveFile> = {}): DriveFile => ({
  id: name.replace(/\W/g, ''),
  name,
  mimeType: 'text/plain',
  size: 2048,
  modifiedTime: '2026-11-20T10:00:00.000Z',
  createdTime: '2026-11-01T10:00:00.000Z',
  ...over,
});

afterEach(() => resetAuthState());

describe('GoogleDrivePage', () => {
  it('asks for a Google connection when no account is selected', async () => {
    setAuthenticated(user);
    const provider = { googleAccounts: vi.fn(async () => [account(1, 'off@example.com', { google_account_selected: false })]), driveFolder: vi.fn() };
    await renderWithApp(<GoogleDrivePage route={route} title="Google Drive" />, { dataProvider: provider });
    expect(await screen.findByText('Google login/connection is required!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect a Google account on the Google dashboard' })).toHaveAttribute('href', '/google/dashboard');
    expect(provider.driveFolder).not.toHaveBeenCalled();
  });

  it('loads the next page with "Load more", and syncs: the folder is asked again when something changed', async () => {
    setAuthenticated(user);
    const provider = {
      googleAccounts: vi.fn(async () => [account(3, 'ann@example.com'), account(4, 'skip@example.com', { google_account_selected: false })]),
      driveFolder: vi.fn(async (_ga: number, _folder: string, pageToken: string | null) =>
        pageToken ? { files: [file('second.txt')], nextPageToken: null } : { files: [file('first.txt')], nextPageToken: 'page-2' },
      ),
      driveSync: vi.fn(async (ga_id: number) => [{ ga_id, initial: false, changes: [{ fileId: 'x', removed: true, file: null }], error: null }]),
    };
    await renderWithApp(<GoogleDrivePage route={route} title="Google Drive" />, { dataProvider: provider });
    const table = await screen.findByRole('table', { name: 'Google Drive' });
    expect(await within(table).findByText('first.txt')).toBeInTheDocument();
    expect(within(table).getByText('20/11/2026')).toBeInTheDocument();
    expect(within(table).getByText('2.0 KB')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download first.txt' }).getAttribute('href')).toMatch(/\/googledrive\/download\/3\/firsttxt$/);
    // Only the selected account is offered.
    expect(screen.getByRole('combobox', { name: 'Google account' })).toHaveTextContent('ann@example.com');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('second.txt')).toBeInTheDocument();
    expect(within(table).getByText('first.txt')).toBeInTheDocument();
    expect(provider.driveFolder).toHaveBeenLastCalledWith(3, 'root', 'page-2', expect.anything());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());

    const asked = provider.driveFolder.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Sync' }));
    expect(await screen.findByText('1 change since the last sync')).toBeInTheDocument();
    expect(provider.driveSync).toHaveBeenCalledWith(3);
    await waitFor(() => expect(provider.driveFolder.mock.calls.length).toBeGreaterThan(asked));
  });
});
