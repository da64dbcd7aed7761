import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { authState, resetAuthState, setAuthenticated } from '../auth/authStore';
import type { CurrentUser } from '../auth/types';
import { allFeatures } from '../../core/brand/types';
import { configureApi } from '../dataProvider/apiClient';
import { appDataProvider } from '../dataProvider/appDataProvider';
import { renderWithApp, testBrand } from '../test/renderWithApp';
import { GuardedPage } from './GuardedPage';
import type { AppRoute } from './types';
import { routeById } from './routeTable';

const user = (role: CurrentUser['role']): CurrentUser => ({
  is_loggedin: true,
  user_id: 1,
  us_id: 1,
  role,
  fullname: 'Olga Operator',
  settings: {},
});

const whoamiAnswer = (data: unknown) =>
  new Response(JSON.stringify({ auth: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } } }), {
    status: 200,
  });

/** The page under test answers only its own path, like in the app, so a redirect lands elsewhere; its calls go through the app's provider to the stubbed wire. */
const renderRoute = (route: AppRoute, path: string, brand = testBrand()) =>
  renderWithApp(<GuardedPage route={route} />, { path, routePath: route.path, brand, dataProvider: appDataProvider });

describe('GuardedPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetAuthState();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('with an unknown auth state it asks whoami, then shows the page', async () => {
    fetchMock.mockResolvedValue(whoamiAnswer(user('Operator')));
    await renderRoute(routeById('sheet'), '/sheet');
    expect(await screen.findByRole('heading', { name: 'Job sheet' })).toBeInTheDocument();
    // whoami goes first and once; the page's own list calls follow it.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/auth/whoami'))).toHaveLength(1);
    expect(String(fetchMock.mock.calls[0][0])).toBe('http://test/api/auth/whoami');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'include' });
    expect(authState.get().status).toBe('authenticated');
    expect(document.title).toBe('Job sheet | Test Product');
  });

  it('whoami saying not logged in sends to /login?to= with the query', async () => {
    fetchMock.mockResolvedValue(whoamiAnswer({ is_loggedin: false }));
    await renderRoute(routeById('sheet'), '/sheet?status=BOOKED');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?to=%2Fsheet%3Fstatus%3DBOOKED'));
    expect(authState.get().status).toBe('unauthenticated');
  });

  it('a refused role goes to /not-allowed with to, name and blocked', async () => {
    setAuthenticated(user('Operator'));
    await renderRoute(routeById('users'), '/admin/users');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/not-allowed?'));
    const url = new URL(screen.getByTestId('location').textContent ?? '', 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ to: '/admin/users', name: 'Users', blocked: 'role' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a feature switched off gives blocked=feature, also on public pages', async () => {
    const features = allFeatures(true);
    features.auth.publicRegistration = false;
    await renderRoute(routeById('register'), '/register', testBrand(features));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('blocked=feature'));
  });

  it('public pages render without waiting for the user', async () => {
    fetchMock.mockReturnValue(new Promise(() => undefined));
    await renderRoute(routeById('notFound'), '/not-found-404');
    expect(screen.getByText('Oops. Nothing here...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });
});
