import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import type { CurrentUser } from '../auth/types';
import { configureApi } from '../dataProvider/apiClient';
import { routeById } from '../routes/routeTable';
import { renderWithApp } from '../test/renderWithApp';
import { resetReminderBadge } from './badgeStore';
import { RemindersPage, type NotificationRow } from './RemindersPage';

const route = routeById('reminders')!;
const user: CurrentUser = { is_loggedin: true, user_id: 3, us_id: 3, role: 'Operator', fullname: 'Olly Operator', settings: { language: 'en-US' } };
const envelope = (data: unknown, totalCount?: number) =>
  new Response(
    JSON.stringify({ notifications: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true }, totalCount } } }),
    { status: 200 },
  );
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

describe('reminders page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const calls = (part: string) => fetchMock.mock.calls.filter(([u]) => String(u).includes(part));
  beforeEach(() => {
    resetAuthState();
    resetReminderBadge();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (u) => (String(u).includes('/filter') ? envelope(rows, 2) : envelope({ count: 0, ids: [] })));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists translated types, marks new rows rendered, flags, filters and removes the selected', async () => {
    setAuthenticated(user);
    await renderWithApp(<RemindersPage route={route} title="Reminders" />);
    const table = await screen.findByRole('table', { name: 'Reminders' });
    expect(within(table).getByText('Cost added')).toBeInTheDocument();
    expect(within(table).getByText('Customer new file (work-order file)')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'PL-0005' })).toHaveAttribute('href', '/sheet/5/details');
    expect(within(table).getByText('System')).toBeInTheDocument();
    await waitFor(() => expect(calls('markNotifsAsRendered')).toHaveLength(1));
    expect(JSON.parse(String(calls('markNotifsAsRendered')[0][1]?.body))).toEqual({ notif_ids: [11] });

    fireEvent.click(within(table).getByRole('button', { name: 'Flag 11' }));
    await waitFor(() => expect(calls('/11/flaggedstatus')).toHaveLength(1));
    expect(JSON.parse(String(calls('/11/flaggedstatus')[0][1]?.body))).toEqual({ is_flagged: true });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Flag' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Flagged only' }));
    await waitFor(() => expect(JSON.parse(String(calls('/filter').at(-1)?.[1]?.body))).toEqual({ types: null, flagged: true }));

    fireEvent.click(within(await screen.findByRole('table', { name: 'Reminders' })).getByRole('checkbox', { name: 'Select all on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove selected (2)' }));
    await waitFor(() => expect(calls('removenotifications')).toHaveLength(1));
    expect(JSON.parse(String(calls('removenotifications')[0][1]?.body))).toEqual({ notif_ids: [11, 10] });
  }, 30_000);

  it('searches free text from 3 characters and filters by job number beside the type and flag filters', async () => {
    setAuthenticated(user);
    await renderWithApp(<RemindersPage route={route} title="Reminders" />);
    await screen.findByRole('table', { name: 'Reminders' });
    const filters = screen.getByRole('search', { name: 'Reminder filters' });
    const lastBody = () => JSON.parse(String(calls('/filter').at(-1)?.[1]?.body));

    const search = within(filters).getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'co' } });
    expect(await within(filters).findByText('At least 3 characters')).toBeInTheDocument();
    const before = calls('/filter').length;
    await new Promise((r) => setTimeout(r, 500));
    // Too short to search: the request (if any) carries no text.
    expect(
      calls('/filter')
        .slice(before)
        .every(([, init]) => !('stext' in JSON.parse(String(init?.body)))),
    ).toBe(true);

    fireEvent.change(search, { target: { value: 'copper' } });
    await waitFor(() => expect(lastBody()).toEqual({ types: null, flagged: null, stext: 'copper' }));
    expect(within(filters).queryByText('At least 3 characters')).toBeNull();

    fireEvent.change(within(filters).getByRole('searchbox', { name: 'Job number' }), { target: { value: ' PL-00 ' } });
    await waitFor(() => expect(lastBody()).toEqual({ types: null, flagged: null, stext: 'copper', job_number: 'PL-00' }));
    expect(calls('/filter').at(-1)?.[0]).toContain('pagenumber=1');
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
    fetchMock.mockImplementation(async (u) =>
      String(u).includes('/filter')
        ? envelope(
            [
              about(21, 'ENGINEER_NOT_REPORTED', { engineer: 'Ed Engineer', us_id: 7 }),
              about(22, 'ENGINEER_NOT_REPORTED', { engineer: 'Fay Fitter', us_id: 8 }),
              about(23, 'REPORT_MISSING', { names: ['Ed Engineer', 'Fay Fitter'] }),
            ],
            3,
          )
        : envelope({ count: 0, ids: [] }),
    );
    setAuthenticated(user);
    await renderWithApp(<RemindersPage route={route} title="Reminders" />);
    const table = await screen.findByRole('table', { name: 'Reminders' });
    const cells = await within(table).findAllByText(/^Engineers?: /);
    expect(cells.map((c) => c.textContent)).toEqual(['Engineer: Ed Engineer', 'Engineer: Fay Fitter', 'Engineers: Ed Engineer, Fay Fitter']);
  });
});
