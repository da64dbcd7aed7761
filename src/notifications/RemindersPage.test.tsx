import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import type { CurrentUser } from '../auth/types';
import { routeById } from '../routes/routeTable';
import { renderWithApp } from '../test/renderWithApp';
import { resetReminderBadge } from './badgeStore';
import { RemindersPage } from './RemindersPage';
import type { NotificationRow, RemindersProvider } from './remindersProvider';

const route = routeById('reminders')!;
const user: CurrentUser = { is_loggedin: true, user_id: 3, us_id: 3, role: 'Operator', fullname: 'Olly Operator', settings: { language: 'en-US' } };
const rows: NotificationRow[] = [
  {
    notif_id: 11,
    notif_type: 'COST_ADDED',
    job_id: 5,
    job_number: 'PL-0005',
    is_flagged: false,
    is_rendered: false,
    created_by_name: 'Alice Morgan',
    created_at: '2026-11-20 10:00:00',
  },
  {
    notif_id: 10,
    notif_type: 'CUSTOMER_NEW_FILE',
    job_id: null,
    job_number: null,
    is_flagged: true,
    is_rendered: true,
    created_by_name: null,
    created_at: '2026-11-19 10:00:00',
  },
];

function provider(list: NotificationRow[] = rows) {
  return {
    reminders: vi.fn<RemindersProvider['reminders']>(async () => ({ rows: list, total: list.length })),
    markRemindersSeen: vi.fn<RemindersProvider['markRemindersSeen']>(async () => true),
    flagReminder: vi.fn<RemindersProvider['flagReminder']>(async () => true),
    removeReminders: vi.fn<RemindersProvider['removeReminders']>(async () => true),
  };
}

async function open(dataProvider: ReturnType<typeof provider>) {
  await renderWithApp(<RemindersPage route={route} title="Reminders" />, { dataProvider });
  return screen.findByRole('table', { name: 'Reminders' });
}

describe('reminders page', () => {
  beforeEach(() => {
    resetAuthState();
    resetReminderBadge();
    setAuthenticated(user);
  });

  it('lists translated types, marks new rows rendered, flags, filters and removes the selected', async () => {
    const dataProvider = provider();
    const table = await open(dataProvider);
    expect(dataProvider.reminders).toHaveBeenCalledWith({ types: null, flagged: null }, 1, 20, expect.anything());
    expect(within(table).getByText('Cost added')).toBeInTheDocument();
    expect(within(table).getByText('Customer new file (work-order file)')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'PL-0005' })).toHaveAttribute('href', '/sheet/5/details');
    expect(within(table).getByText('System')).toBeInTheDocument();
    await waitFor(() => expect(dataProvider.markRemindersSeen).toHaveBeenCalledWith([11]));

    fireEvent.click(within(table).getByRole('button', { name: 'Flag 11' }));
    await waitFor(() => expect(dataProvider.flagReminder).toHaveBeenCalledWith(11, true));
    // The list is asked again, so the flag shows as the server now has it.
    await waitFor(() => expect(dataProvider.reminders).toHaveBeenCalledTimes(2));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Flag' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Flagged only' }));
    await waitFor(() => expect(dataProvider.reminders).toHaveBeenLastCalledWith({ types: null, flagged: true }, 1, 20, expect.anything()));

    fireEvent.click(within(await screen.findByRole('table', { name: 'Reminders' })).getByRole('checkbox', { name: 'Select all on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove selected (2)' }));
    await waitFor(() => expect(dataProvider.removeReminders).toHaveBeenCalledWith([11, 10]));
    expect(await screen.findByRole('button', { name: 'Remove selected (0)' })).toBeDisabled();
  }, 30_000);

  it('searches free text from 3 characters and filters by job number beside the type and flag filters', async () => {
    const dataProvider = provider();
    await open(dataProvider);
    const filters = screen.getByRole('search', { name: 'Reminder filters' });
    const filtersAsked = () => dataProvider.reminders.mock.calls.map(([wire]) => wire);

    const search = within(filters).getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'co' } });
    expect(await within(filters).findByText('At least 3 characters')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 500));
    // Too short to search: no request carries the text.
    expect(filtersAsked().every((wire) => !('stext' in wire))).toBe(true);

    fireEvent.change(search, { target: { value: 'copper' } });
    await waitFor(() => expect(filtersAsked().at(-1)).toEqual({ types: null, flagged: null, stext: 'copper' }));
    expect(within(filters).queryByText('At least 3 characters')).toBeNull();

    fireEvent.change(within(filters).getByRole('searchbox', { name: 'Job number' }), { target: { value: ' PL-00 ' } });
    await waitFor(() => expect(filtersAsked().at(-1)).toEqual({ types: null, flagged: null, stext: 'copper', job_number: 'PL-00' }));
    expect(dataProvider.reminders.mock.calls.at(-1)?.[1]).toBe(1);
  }, 30_000);

  it('names the engineer a reminder is about, so two on one job are told apart', async () => {
    const about = (notif_id: number, notif_type: NotificationRow['notif_type'], notif_params: Record<string, unknown>): NotificationRow => ({
      notif_id,
      notif_type,
      job_id: 5,
      job_number: 'PL-0005',
      notif_params,
      is_flagged: false,
      is_rendered: true,
      created_by_name: null,
      created_at: '2026-11-20 10:00:00',
    });
    const table = await open(
      provider([
        about(21, 'ENGINEER_NOT_REPORTED', { engineer: 'Ed Engineer', us_id: 7 }),
        about(22, 'ENGINEER_NOT_REPORTED', { engineer: 'Fay Fitter', us_id: 8 }),
        about(23, 'REPORT_MISSING', { names: ['Ed Engineer', 'Fay Fitter'] }),
      ]),
    );
    const cells = await within(table).findAllByText(/^Engineers?: /);
    expect(cells.map((c) => c.textContent)).toEqual(['Engineer: Ed Engineer', 'Engineer: Fay Fitter', 'Engineers: Ed Engineer, Fay Fitter']);
  });
});
