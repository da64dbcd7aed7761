import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import type { CurrentUser } from '../auth/types';
import { allFeatures } from '../../core/brand/types';
import { configureApi } from '../dataProvider/apiClient';
import { preloadCache, startPreloading } from './preloadStore';

const operator: CurrentUser = { is_loggedin: true, user_id: 3, us_id: 3, role: 'Operator', fullname: 'P P', settings: {} };
const mailbox = { msa_id: 1, msa_email: 'office@contoso.test' };
const answer = (path: string) => {
  const key = path.split('/')[2];
  const data = key === 'microsoftaccounts' ? [mailbox] : key === 'globalparams' ? { roles: [] } : [];
  return new Response(JSON.stringify({ [key]: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } } }), {
    status: 200,
  });
};
const paths = (mock: ReturnType<typeof vi.fn>) => mock.mock.calls.map(([url]) => new URL(String(url)).pathname.replace('/api/', ''));

describe('preloading the mail-cloud accounts (SPEC.md point 6)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let stop: () => void = () => undefined;
  beforeEach(() => {
    resetAuthState();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (url) => answer(new URL(String(url)).pathname));
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });

  it('loads the Microsoft mailboxes when microsoft.emails is on', async () => {
    stop = startPreloading(allFeatures(true), 60_000);
    setAuthenticated(operator);
    await vi.waitFor(() => expect(preloadCache.get()).toHaveProperty('microsoftaccounts'));
    expect(preloadCache.get().microsoftaccounts).toEqual([mailbox]);
    expect(paths(fetchMock)).toContain('microsoftaccounts/list');
  });

  it('does not ask for them when microsoft.emails is off', async () => {
    stop = startPreloading({ ...allFeatures(true), microsoft: { emails: false } }, 60_000);
    setAuthenticated(operator);
    await vi.waitFor(() => expect(preloadCache.get()).toHaveProperty('engineers'));
    expect(paths(fetchMock)).not.toContain('microsoftaccounts/list');
    expect(preloadCache.get()).not.toHaveProperty('microsoftaccounts');
  });
});
