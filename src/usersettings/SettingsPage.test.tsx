import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { authState, resetAuthState, setAuthenticated } from '../auth/authStore';
import type { CurrentUser } from '../auth/types';
import { configureApi } from '../dataProvider/apiClient';
import { routeById } from '../routes/routeTable';
import { renderWithApp } from '../test/renderWithApp';
import { SettingsPage } from './SettingsPage';
import { WithDataProvider } from '../test/WithDataProvider';

/** The sessions panel reads through the data provider, not fetch: an empty list here. */
const noSessions = { getList: async () => ({ data: [], total: 0 }) };

const user = (role: CurrentUser['role']): CurrentUser => ({
  is_loggedin: true,
  user_id: 7,
  us_id: 7,
  role,
  fullname: 'Sam Settings',
  settings: { language: 'en-US' },
});
const route = routeById('settings')!;

describe('settings page', () => {
  // Everything goes through the data provider: a request that went around it would reach this.
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetAuthState();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the defaults and ignores a second change of a key still being saved', async () => {
    setAuthenticated(user('Operator'));
    let release: (saved: boolean) => void = () => undefined;
    const saveUserSetting = vi.fn(() => new Promise<boolean>((resolve) => (release = resolve)));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderWithApp(
      <WithDataProvider dataProvider={{ ...noSessions, saveUserSetting }}>
        <SettingsPage route={route} title="Settings" />
      </WithDataProvider>,
    );
    expect(screen.getByText('DD/MM/YYYY HH:mm:ss')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Europe/London')).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Load HTML mails automatically' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(authState.get().user?.settings.autoloadHtml).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Load HTML mails automatically' }));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Too fast'));
    expect(saveUserSetting).toHaveBeenCalledTimes(1);
    expect(saveUserSetting).toHaveBeenCalledWith('autoloadHtml', true);
    await act(async () => release(true));
    expect(screen.getByRole('switch', { name: 'Load HTML mails automatically' })).toBeChecked();
    expect(fetchMock).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('the password block checks that the new passwords match before calling the server', async () => {
    setAuthenticated(user('Engineer'));
    const changeOwnPassword = vi.fn(async () => true);
    await renderWithApp(
      <WithDataProvider dataProvider={{ ...noSessions, changeOwnPassword }}>
        <SettingsPage route={route} title="Settings" />
      </WithDataProvider>,
    );
    fireEvent.change(screen.getByLabelText('Old password'), { target: { value: 'demo1234' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'abc12345' } });
    fireEvent.change(screen.getByLabelText('New password again'), { target: { value: 'abc12346' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords you entered do not match.')).toBeInTheDocument();
    expect(changeOwnPassword).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('New password again'), { target: { value: 'abc12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(changeOwnPassword).toHaveBeenCalledWith('demo1234', 'abc12345', 'abc12345'));
    // Changed: the form is emptied for the next time.
    await waitFor(() => expect(screen.getByLabelText('Old password')).toHaveValue(''));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the password block refuses a new password under 8 characters before calling the server', async () => {
    setAuthenticated(user('Operator'));
    const changeOwnPassword = vi.fn(async () => true);
    await renderWithApp(
      <WithDataProvider dataProvider={{ ...noSessions, changeOwnPassword }}>
        <SettingsPage route={route} title="Settings" />
      </WithDataProvider>,
    );
    fireEvent.change(screen.getByLabelText('Old password'), { target: { value: 'demo1234' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a' } });
    fireEvent.change(screen.getByLabelText('New password again'), { target: { value: 'a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password must be at least 8 characters long.')).toBeInTheDocument();
    expect(changeOwnPassword).not.toHaveBeenCalled();
  });

  it('has no password block for a Customer', async () => {
    setAuthenticated(user('Customer'));
    await renderWithApp(
      <WithDataProvider dataProvider={noSessions}>
        <SettingsPage route={route} title="Settings" />
      </WithDataProvider>,
    );
    expect(screen.getByText('General settings')).toBeInTheDocument();
    expect(screen.queryByLabelText('Old password')).not.toBeInTheDocument();
  });
});
