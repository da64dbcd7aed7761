import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../dataProvider/apiClient';
import { addError, errorCounter } from '../errors/errorListStore';
import { authProvider } from './authProvider';
import { authState, onLogin, resetAuthState } from './authStore';
import { loginTarget } from './loginTarget';

const answer = (status: number, data: unknown, extra: Record<string, unknown> = {}) =>
  new Response(
    JSON.stringify({ auth: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: status === 200 } }, ...extra } }),
    { status },
  );

const operator = { is_loggedin: true, user_id: 7, us_id: 7, role: 'Operator', fullname: 'Olga Mária Operator', settings: { language: 'en-GB' } };

describe('auth provider', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetAuthState();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('login sends the lowercase hex SHA-256 of the password, sets the user, runs login hooks, loads settings', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, operator)).mockResolvedValueOnce(answer(200, { darkMode: 'dark' }));
    const hook = vi.fn();
    const off = onLogin(hook);
    await authProvider.login({ email: ' operator@demo.test ', password: 'demo1234' });
    off();
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('http://test/api/auth/login');
    expect(JSON.parse(init?.body as string)).toEqual({
      email: 'operator@demo.test',
      password: '0ead2060b65992dca4769af601a1b3a35ef38cfad2c2c465bb160ea764157c5d',
    });
    expect(String(fetchMock.mock.calls[1][0])).toBe('http://test/api/usersettings/preferences');
    expect(authState.get()).toMatchObject({ status: 'authenticated', user: { role: 'Operator', settings: { language: 'en-GB', darkMode: 'dark' } } });
    expect(hook).toHaveBeenCalledWith(expect.objectContaining({ us_id: 7 }));
  });

  it('a refused login rejects with the server message and leaves the state alone', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(401, null, { dbErrors: [{ error: 'AUTH_REQUIRED', primary: 'Invalid email or password.', details: null, general: null }] }),
    );
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('Invalid email or password.');
    expect(authState.get().status).toBeNull();
  });

  it('identity gives the full name and initials; permissions the role', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, operator));
    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 7, fullName: 'Olga Mária Operator', initials: 'OM' });
    await expect(authProvider.getPermissions!({})).resolves.toBe('Operator');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('checkAuth: whoami sets unauthenticated from is_loggedin false and rejects', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { is_loggedin: false }));
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(authState.get().status).toBe('unauthenticated');
  });

  it('logout calls GET auth/logout, clears the user and resets the error counters', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, operator)).mockResolvedValueOnce(answer(200, null));
    await authProvider.checkAuth({});
    addError({ url: '/x', msg: 'Boom' });
    expect(errorCounter.get().count).toBeGreaterThan(0);
    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect(fetchMock.mock.calls[1][0]).toBe('http://test/api/auth/logout');
    expect(fetchMock.mock.calls[1][1]).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(authState.get()).toEqual({ status: 'unauthenticated', user: null });
    expect(errorCounter.get()).toEqual({ count: 0, flag: false });
  });
});

describe('after login', () => {
  it.each([
    ['/data/departments?page=2', '/data/departments?page=2'],
    [null, '/'],
    ['', '/'],
    ['//evil.example/x', '/'],
    ['https://evil.example', '/'],
    ['/login?to=/x', '/'],
  ])('to=%j → %s', (to, expected) => {
    expect(loginTarget(to)).toBe(expected);
  });
});
