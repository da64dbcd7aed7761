import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, resetAuthState, setAuthenticated } from '../auth/authStore';
import type { CurrentUser } from '../auth/types';
import { allFeatures } from '../../core/brand/types';
import { configureApi } from '../dataProvider/apiClient';
import { preloadCache, refreshPreloaded, startPreloading } from './preloadStore';

const user = (role: CurrentUser['role']): CurrentUser => ({ is_loggedin: true, user_id: 3, us_id: 3, role, fullname: 'P P', settings: {} });
const answer = (key: string, data: unknown) =>
  new Response(JSON.stringify({ [key]: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } } }), {
    status: 200,
  });
const paths = (mock: ReturnType<typeof vi.fn>) => mock.mock.calls.map(([url]) => new URL(String(url)).pathname.replace('/api/', ''));

describe('preloading (SPEC.md point 6)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let stop: () => void = () => undefined;
  beforeEach(() => {
    resetAuthState();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (url) => {
      const path = new URL(String(url)).pathname;
      return path.includes('globalparams') ? answer('globalparams', { roles: [] }) : answer('users', [{ us_id: 1, fullname: path }]);
    });
    vi.useFakeTimers();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads the reference lists for an operator, again on the cron interval, and clears them on logout', async () => {
    stop = startPreloading(allFeatures(true), 60_000);
    setAuthenticated(user('Operator'));
    await vi.waitFor(() => expect(preloadCache.get()).toHaveProperty('engineers'));
    expect(paths(fetchMock)).toEqual(
      expect.arrayContaining(['globalparams/list', 'users/engineers', 'users/operators', 'users/customers', 'users/bemworkers']),
    );
    const first = fetchMock.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock.mock.calls.length).toBe(first * 2);
    clearSession();
    expect(preloadCache.get()).toEqual({});
  });

  it('does not preload for other roles, and a change reloads only the lists it feeds', async () => {
    stop = startPreloading(allFeatures(true), 60_000);
    setAuthenticated(user('User'));
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchMock).not.toHaveBeenCalled();
    setAuthenticated(user('Developer'));
    await vi.waitFor(() => expect(preloadCache.get()).toHaveProperty('workers'));
    fetchMock.mockClear();
    await refreshPreloaded('users');
    expect(paths(fetchMock).sort()).toEqual(['users/bemworkers', 'users/customers', 'users/engineers', 'users/operators']);
  });
});
