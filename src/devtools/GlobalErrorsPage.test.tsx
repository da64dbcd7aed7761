import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import type { CurrentUser } from '../auth/types';
import { routeById } from '../routes/routeTable';
import { renderWithApp } from '../test/renderWithApp';
import { GlobalErrorsPage } from './GlobalErrorsPage';
import type { DevtoolsProvider, ErrorEntry } from './devtoolsProvider';

const route = routeById('globalErrors')!;
const user = (role: CurrentUser['role']): CurrentUser => ({
  is_loggedin: true,
  user_id: 1,
  us_id: 1,
  role,
  fullname: 'Dee Dev',
  settings: { language: 'en-US', timezone: 'Europe/London' },
});
const entry = (id: string, message: string): ErrorEntry => ({
  id,
  created_at: '2026-07-01 09:30:00',
  brand_schema: 'site_1',
  method: 'POST',
  url: '/api/jobs/filter',
  message,
  stack: `Error: ${message}\n    at handler (jobs.ts:10)`,
  occurrences: 2,
});

function provider(total = 2) {
  return {
    errorLogs: vi.fn<DevtoolsProvider['errorLogs']>(async ({ page }) => ({
      rows: page === 1 ? [entry('e-1', 'Boom'), entry('e-2', 'Bang')] : [entry('e-21', 'Late one')],
      total,
    })),
  };
}

describe('global errors page', () => {
  beforeEach(() => resetAuthState());

  it("lists this brand's errors in the user's time zone, opens a stack by its button, and searches from 3 characters", async () => {
    setAuthenticated(user('Admin'));
    const dataProvider = provider();
    await renderWithApp(<GlobalErrorsPage route={route} title="Global errors" />, { dataProvider });
    const table = await screen.findByRole('table', { name: 'Global errors' });
    expect(dataProvider.errorLogs).toHaveBeenCalledWith({ allBrands: false, stext: null, page: 1, perPage: 20 }, expect.anything());
    // 09:30 UTC is 10:30 in London in July.
    expect(within(table).getAllByText(/10:30/)).toHaveLength(2);
    expect(screen.queryByLabelText('All brands')).not.toBeInTheDocument();

    const button = within(table).getByRole('button', { name: 'Stack e-1' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    expect(await screen.findByLabelText('Stack')).toHaveTextContent('at handler (jobs.ts:10)');
    expect(button).toHaveAttribute('aria-expanded', 'true');

    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'Bo' } });
    expect(await screen.findByText('At least 3 characters')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'Boom' } });
    await waitFor(() => expect(dataProvider.errorLogs).toHaveBeenLastCalledWith({ allBrands: false, stext: 'Boom', page: 1, perPage: 20 }, expect.anything()));
    expect(dataProvider.errorLogs.mock.calls.some(([q]) => q.stext === 'Bo')).toBe(false);
  });

  it("lets a Developer read every brand's errors, and pages 20 at a time", async () => {
    setAuthenticated(user('Developer'));
    const dataProvider = provider(21);
    await renderWithApp(<GlobalErrorsPage route={route} title="Global errors" />, { dataProvider });
    await screen.findByRole('table', { name: 'Global errors' });
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByText('Late one')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('All brands'));
    // Another scope starts on its first page.
    await waitFor(() => expect(dataProvider.errorLogs).toHaveBeenLastCalledWith({ allBrands: true, stext: null, page: 1, perPage: 20 }, expect.anything()));
  });
});
