/** While a page's code loads, a framed page already shows its frame and title; any other page a spinner only. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import type { CurrentUser } from '../auth/types';
import { renderWithApp } from '../test/renderWithApp';
import { GuardedPage } from './GuardedPage';
import { routeById } from './routeTable';

// The pages' code never arrives: what shows is the boundary's fallback.
vi.mock('../engineerportal/EngineerViewPage', () => new Promise(() => undefined));
vi.mock('../users/UserItemPage', () => new Promise(() => undefined));

const user = (role: CurrentUser['role']): CurrentUser => ({ is_loggedin: true, user_id: 1, us_id: 1, role, fullname: 'Eve Engineer', settings: {} });

describe('a page whose code is still loading', () => {
  beforeEach(() => resetAuthState());
  afterEach(() => resetAuthState());

  it('shows the frame and title of a framed page at once', async () => {
    setAuthenticated(user('Engineer'));
    const route = routeById('engineerView');
    await renderWithApp(<GuardedPage route={route} />, { path: '/engineer-view', routePath: route.path });
    expect(await screen.findByRole('heading', { level: 1, name: 'Engineer view' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('shows only the spinner for a page that draws its own heading', async () => {
    setAuthenticated(user('Admin'));
    const route = routeById('user');
    await renderWithApp(<GuardedPage route={route} />, { path: '/admin/user/1', routePath: route.path });
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
