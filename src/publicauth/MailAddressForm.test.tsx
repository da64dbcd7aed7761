import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { configureApi } from '../dataProvider/apiClient';
import { renderWithApp } from '../test/renderWithApp';
import { PreloginPage } from './PreloginPage';
import { RequestPasswordTokenPage } from './PasswordResetPages';

const answer = (data: unknown, status = 200, dbErrors: unknown = null) =>
  new Response(JSON.stringify({ auth: { data, warning: null, dbErrors, metadata: { server_datetime: '', userData: { isLogged: false } } } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

describe('the pages that mail something to an address', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  const submit = (address: string) => {
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: address } });
    fireEvent.submit(screen.getByRole('textbox', { name: 'Email' }).closest('form')!);
  };

  it('posts the address to its call and says the mail is on its way', async () => {
    fetchMock.mockResolvedValue(answer('sent'));
    await renderWithApp(<PreloginPage title="Sign in" route={{} as never} />);
    submit('ann@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent('If the address has an account, the list of its sites was sent to it.');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('http://test/api/auth/prelogin');
    expect(JSON.parse(String(init?.body))).toEqual({ mail_address: 'ann@example.com' });
    // The same page may be used again (another address).
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('shows the server’s message under the field, and a reset link is asked for once', async () => {
    fetchMock.mockResolvedValueOnce(answer(null, 400, [{ details: 'mail_address', primary: 'Not a valid e-mail address' }]));
    await renderWithApp(<RequestPasswordTokenPage title="Reset" route={{} as never} />);
    submit('nope');
    expect(await screen.findByText('Not a valid e-mail address')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();

    fetchMock.mockResolvedValueOnce(answer('sent'));
    submit('ann@example.com');
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.getAllByRole('button').find((b) => b.getAttribute('type') === 'submit')).toBeDisabled();
  });
});
