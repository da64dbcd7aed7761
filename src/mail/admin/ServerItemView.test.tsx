import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureApi } from '../../dataProvider/apiClient';
import { renderWithApp } from '../../test/renderWithApp';
import { ServerItemView } from './ServerItemView';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ mailservers: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } } }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

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
};

describe('ServerItemView', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => envelope(stored));
  });
  afterEach(() => vi.unstubAllGlobals());

  const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)));

  it('never pre-fills the password, keeps the stored one when left empty, and sends a typed one', async () => {
    await renderWithApp(<ServerItemView kind="smtp" title="Mail server" />, { path: '/admin/mailserver/4', routePath: '/admin/mailserver/:id?' });
    expect(await screen.findByDisplayValue('smtp.example.com')).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveValue('');
    expect(screen.getByText('A password is stored; leave empty to keep it')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).not.toHaveProperty('mailserver_pass');
    expect(patches()[0]).toMatchObject({ mailserver_name: 'Office SMTP', mailserver_from: 'office@example.com' });

    fireEvent.change(password, { target: { value: 'new-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]).toMatchObject({ mailserver_pass: 'new-secret' });
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveValue(''));
    expect(screen.queryByLabelText(/OAuth refresh token/)).not.toBeInTheDocument();
  });

  it('shows the OAuth fields when OAuth is chosen, with the client secret and refresh token write-only', async () => {
    const oauthRow = {
      ...stored,
      mailserver_auth: 'oauth',
      has_password: false,
      mailserver_oauth_token_url: 'https://oauth2.example.com/token',
      mailserver_oauth_client_id: 'client-1',
      has_client_secret: true,
      has_refresh_token: true,
      mailserver_oauth_error: 'invalid_grant',
    };
    fetchMock.mockImplementation(async () => envelope(oauthRow));
    await renderWithApp(<ServerItemView kind="smtp" title="Mail server" />, { path: '/admin/mailserver/4', routePath: '/admin/mailserver/:id?' });
    expect(await screen.findByDisplayValue('https://oauth2.example.com/token')).toBeInTheDocument();
    expect(screen.getByDisplayValue('client-1')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByLabelText('OAuth client secret')).toHaveValue('');
    expect(screen.getByLabelText('OAuth refresh token')).toHaveValue('');
    expect(screen.getByText('A client secret is stored; leave empty to keep it')).toBeInTheDocument();
    expect(screen.getByText('A refresh token is stored; leave empty to keep it')).toBeInTheDocument();
    expect(screen.getByText(/refused to renew the access token \(invalid_grant\)/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('OAuth refresh token'), { target: { value: 'new-refresh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({
      mailserver_auth: 'oauth',
      mailserver_oauth_token_url: 'https://oauth2.example.com/token',
      mailserver_oauth_client_id: 'client-1',
      mailserver_oauth_refresh_token: 'new-refresh',
    });
    expect(patches()[0]).not.toHaveProperty('mailserver_oauth_client_secret');
    expect(patches()[0]).not.toHaveProperty('mailserver_pass');
    await waitFor(() => expect(screen.getByLabelText('OAuth refresh token')).toHaveValue(''));
  });
});
