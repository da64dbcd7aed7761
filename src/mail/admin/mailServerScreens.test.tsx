/**
 * The mail server item screen, served by the resource engine from the mailservers definition, over
 * the real data provider and a test HTTP client: the write-only password and the OAuth settings.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import { createDataProvider } from '../../dataProvider/resourceDataProvider';
import { enTranslate, jsonAnswer, makeClient } from '../../dataProvider/testing';
import { createI18nProvider } from '../../i18n/i18nProvider';
import { ResourceItemPage } from '../../resources/engine/ResourceItemPage';
import { routeById } from '../../routes/routeTable';
import { LocationProbe } from '../../test/renderWithApp';

const stored = {
  mailserver_id: 4,
  mailserver_name: 'Office SMTP',
  mailserver_host: 'smtp.example.com',
  mailserver_port: 587,
  mailserver_secure: false,
  mailserver_auth: 'plain',
  mailserver_user: 'office',
  mailserver_from: 'office@example.com',
  mailserver_is_default: true,
  has_password: true,
  has_client_secret: false,
  has_refresh_token: false,
};

async function renderServer(row: Record<string, unknown>) {
  const { client, deps } = makeClient();
  deps.fetch.mockImplementation(async () =>
    jsonAnswer(200, { mailservers: { data: row, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } } }),
  );
  setAuthenticated({
    is_loggedin: true,
    user_id: 1,
    us_id: 1,
    role: 'Admin',
    fullname: 'Ada Admin',
    settings: { language: 'en-US', dateFormat: 'DD/MM/YYYY' },
  });
  const route = routeById('mailServer')!;
  render(
    <MemoryRouter initialEntries={['/admin/mailserver/4']}>
      <AdminContext dataProvider={createDataProvider(client, enTranslate)} i18nProvider={await createI18nProvider()}>
        <Routes>
          <Route path={route.path} element={<ResourceItemPage route={route} title="Outgoing mail server" />} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </AdminContext>
    </MemoryRouter>,
  );
  const patches = () =>
    deps.fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) }));
  return { patches };
}

afterEach(() => resetAuthState());

describe('mail server screen', () => {
  it('never pre-fills the password, keeps the stored one when left empty, and sends a typed one', async () => {
    const { patches } = await renderServer(stored);
    expect(await screen.findByDisplayValue('smtp.example.com')).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByText('A password is stored; leave empty to keep it')).toBeInTheDocument();
    expect(screen.queryByLabelText(/OAuth refresh token/)).not.toBeInTheDocument();

    // Left empty (even typed in and cleared again), the password is not sent, so the server keeps it.
    fireEvent.change(password, { target: { value: 'oops' } });
    fireEvent.change(password, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Office SMTP 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].url).toBe('http://test.local/api/mailservers/4');
    expect(patches()[0].body).toEqual({ mailserver_name: 'Office SMTP 2' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/mailservers'));
  });

  it('sends a typed password', async () => {
    const { patches } = await renderServer(stored);
    const password = await screen.findByLabelText('Password');
    fireEvent.change(password, { target: { value: 'new-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].body).toEqual({ mailserver_pass: 'new-secret' });
  });

  it('shows the OAuth fields when OAuth is chosen, with the client secret and refresh token write-only', async () => {
    const { patches } = await renderServer({
      ...stored,
      mailserver_auth: 'oauth',
      has_password: false,
      mailserver_oauth_token_url: 'https://oauth2.example.com/token',
      mailserver_oauth_client_id: 'client-1',
      has_client_secret: true,
      has_refresh_token: true,
      mailserver_oauth_error: 'invalid_grant',
    });
    expect(await screen.findByDisplayValue('https://oauth2.example.com/token')).toBeInTheDocument();
    expect(screen.getByDisplayValue('client-1')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByLabelText('OAuth client secret')).toHaveValue('');
    expect(screen.getByLabelText('OAuth refresh token')).toHaveValue('');
    expect(screen.getByText('A client secret is stored; leave empty to keep it')).toBeInTheDocument();
    expect(screen.getByText('A refresh token is stored; leave empty to keep it')).toBeInTheDocument();
    expect(await screen.findByText(/refused to renew the access token \(invalid_grant\)/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('OAuth refresh token'), { target: { value: 'new-refresh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].body).toEqual({ mailserver_oauth_refresh_token: 'new-refresh' });
    expect(patches()[0].body).not.toHaveProperty('mailserver_oauth_client_secret');
    expect(patches()[0].body).not.toHaveProperty('mailserver_pass');
  });
});
