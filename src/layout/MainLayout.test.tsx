/** The menu at each width: beside the page from `md` up; at phone width only once the menu button opens it. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import { stubViewport } from '../test/media';
import { renderWithApp } from '../test/renderWithApp';
import { MainLayout } from './MainLayout';

const page = (
  <MainLayout>
    <h1>Engineer view</h1>
  </MainLayout>
);

describe('the main layout', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    setAuthenticated({ is_loggedin: true, user_id: 1, us_id: 1, role: 'Engineer', fullname: 'Eve Engineer', settings: {} });
    // The app bar's badges ask the server; this layout test leaves them waiting.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.matchMedia = original;
    resetAuthState();
  });

  it('shows the menu beside the page on a wide screen', async () => {
    stubViewport(1440);
    await renderWithApp(page, { dataProvider: {} });
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('builds the menu on a phone only when the menu button opens it', async () => {
    stubViewport(390);
    await renderWithApp(page, { dataProvider: {} });
    expect(screen.getByRole('heading', { name: 'Engineer view' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });
});
