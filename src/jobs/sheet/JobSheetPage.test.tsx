import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import type { CurrentUser } from '../../auth/types';
import { configureApi } from '../../dataProvider/apiClient';
import { routeById } from '../../routes/routeTable';
import { notices } from '../../notices/noticeStore';
import { clientStorage } from '../../storage/clientStorage';
import { renderWithApp } from '../../test/renderWithApp';
import { stubDesktopPointer } from '../../test/media';
import type { JobListRow } from '../../../core/jobs/types';
import { JobSheetPage } from './JobSheetPage';
import { sheetHref } from './sheetState';

const route = routeById('sheet')!;
const user = (role: CurrentUser['role']): CurrentUser => ({
  is_loggedin: true,
  user_id: 3,
  us_id: 3,
  role,
  fullname: 'Olly Operator',
  settings: { language: 'en-US', dateFormat: 'DD/MM/YYYY' },
});
const envelope = (key: string, data: unknown, totalCount?: number) =>
  new Response(
    JSON.stringify({ [key]: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true }, totalCount } } }),
    { status: 200 },
  );

const row: JobListRow = {
  job_id: 42,
  job_number: 'PL-0042',
  job_status: null,
  job_wopo: null,
  job_desc: 'Leak',
  de_id: 1,
  de_name: 'Plumbing',
  co_id: null,
  co_name: 'Harbour Estates',
  js_id: null,
  js_address: '14 Wharf Road',
  pm_id: null,
  pm_name: null,
  job_start: '2026-11-20 09:00:00',
  job_end: null,
  job_tags: ['PLANNED'],
  assigned: [{ us_id: 3, fullname: 'Olly Operator' }],
  net_quote: '1200.00',
  net_sales: '980.50',
  created_at: '2026-11-01 10:00:00',
  updated_at: '2026-11-01 10:00:00',
};

describe('job sheet', () => {
  // The sheet's data provider methods (jobsProvider.test.ts holds what they send); the export
  // streams its own download with progress, so it is still a fetch.
  const provider = {
    jobSheet: vi.fn(async (_params: { filter: Record<string, unknown>; sort: string | undefined; page: number; perPage: number }) => ({
      rows: [row],
      total: 21,
    })),
    getList: vi.fn(async () => ({ data: [], total: 0 })),
    getMany: vi.fn(async () => ({ data: [] })),
  };
  const fetchMock = vi.fn<typeof fetch>();
  const sheetCalls = () => provider.jobSheet.mock.calls.map(([params]) => params);

  beforeEach(() => {
    stubDesktopPointer();
    localStorage.clear();
    resetAuthState();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => envelope('x', []));
    provider.jobSheet.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('restores the stored filter and sort, asks the server with them, and stores a new sort', async () => {
    clientStorage.jobFilter.set({ stext: 'wharf', job_status: ['BOOKED', 'QUOTED'], start_from: '2026-11-01' });
    clientStorage.jobSorting.set({ field: 'job_start', order: 'ASC' });
    setAuthenticated(user('Operator'));
    await renderWithApp(<JobSheetPage route={route} title="Job sheet" />, { dataProvider: provider });

    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('wharf');
    // The date pickers load on demand; the user's date format (default DD/MM/YYYY) shows the stored day.
    await waitFor(() => expect(screen.getByLabelText('Start from')).toHaveValue('01/11/2026'), { timeout: 20_000 });
    await waitFor(() => expect(sheetCalls()).toHaveLength(1));
    const [params] = sheetCalls();
    expect(params).toMatchObject({ sort: 'job_start', perPage: 20, page: 1 });
    expect(params.filter).toEqual({ stext: 'wharf', job_status: ['BOOKED', 'QUOTED'], start_from: '2026-11-01 00:00:00' });

    const table = await screen.findByRole('table', { name: 'Jobs' });
    expect(within(table).getByText('PL-0042')).toBeInTheDocument();
    expect(within(table).getByText('—')).toBeInTheDocument();
    expect(within(table).getByText('£1,200.00')).toBeInTheDocument();
    expect(screen.getByText('21 jobs')).toBeInTheDocument();

    fireEvent.click(within(table).getByRole('button', { name: 'Start' }));
    expect(clientStorage.jobSorting.get()).toEqual({ field: 'job_start', order: 'DESC' });
    await waitFor(() => expect(sheetCalls().at(-1)?.sort).toBe('-job_start'));
    // The full page renders slowly on a loaded machine.
  }, 30_000);

  it('a short search is not sent and says why; a customer sees no money columns', async () => {
    setAuthenticated(user('Customer'));
    await renderWithApp(<JobSheetPage route={route} title="Job sheet" />, { dataProvider: provider });
    await waitFor(() => expect(sheetCalls()).toHaveLength(1));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'wh' } });
    expect(await screen.findByText('At least 3 characters')).toBeInTheDocument();
    expect(clientStorage.jobFilter.get()).toMatchObject({ stext: 'wh' });
    const table = await screen.findByRole('table', { name: 'Jobs' });
    expect(within(table).queryByText('Net quote')).toBeNull();
    expect(within(table).queryByText('£1,200.00')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New job' })).toBeNull();
    // Two characters change nothing on the wire: no new query is made.
    await new Promise((r) => setTimeout(r, 500));
    expect(sheetCalls()).toHaveLength(1);
    expect(sheetCalls()[0].filter).toEqual({});
  });

  it('filters by job number, end range, net quote and net sales', async () => {
    setAuthenticated(user('Operator'));
    await renderWithApp(<JobSheetPage route={route} title="Job sheet" />, { dataProvider: provider });
    await waitFor(() => expect(sheetCalls()).toHaveLength(1));
    const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('Number', ' pl-004 ');
    // Each date is typed once the sheet has asked with the field before it, so no refresh re-renders
    // the picker while its digits are typed.
    const typeDate = async (label: string, digits: string, key: string) => {
      await waitFor(() => expect(screen.getByLabelText(label)).toBeEnabled(), { timeout: 20_000 });
      await userEvent.click(screen.getByLabelText(label));
      await userEvent.keyboard(digits);
      await waitFor(() => expect(sheetCalls().at(-1)?.filter).toHaveProperty(key), { timeout: 10_000 });
    };
    await waitFor(() => expect(sheetCalls().at(-1)?.filter).toHaveProperty('job_number'), { timeout: 10_000 });
    await typeDate('End from', '01122026', 'end_from');
    await typeDate('End to', '31122026', 'end_to');
    type('Net quote from', '100.5');
    type('Net quote to', '2000');
    type('Net sales from', '0');
    type('Net sales to', '999.99');
    await waitFor(
      () =>
        expect(sheetCalls().at(-1)?.filter).toEqual({
          job_number: 'pl-004',
          end_from: '2026-12-01 00:00:00',
          end_to: '2026-12-31 23:59:59',
          net_quote_min: '100.5',
          net_quote_max: '2000',
          net_sales_min: '0',
          net_sales_max: '999.99',
        }),
      { timeout: 10_000 },
    );
    expect(clientStorage.jobFilter.get()).toMatchObject({ job_number: ' pl-004 ', end_to: '2026-12-31', net_sales_max: '999.99' });
  }, 30_000);

  it('a customer filters by number and end date but not by money', async () => {
    setAuthenticated(user('Customer'));
    await renderWithApp(<JobSheetPage route={route} title="Job sheet" />, { dataProvider: provider });
    expect(screen.getByLabelText('Number')).toBeInTheDocument();
    expect(screen.getByLabelText('End from')).toBeInTheDocument();
    expect(screen.queryByLabelText('Net quote from')).toBeNull();
    expect(screen.queryByLabelText('Net sales to')).toBeNull();
  });

  it('a failed export shows the export notice', async () => {
    setAuthenticated(user('Operator'));
    fetchMock.mockImplementation(async (url) => {
      if (String(url).includes('/exportjobs/export')) return new Response('{}', { status: 500 });
      return envelope('x', []);
    });
    await renderWithApp(<JobSheetPage route={route} title="Job sheet" />, { dataProvider: provider });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(notices.notices.get().map((n) => n.message)).toContain('Unexpected error during the export to file.'));
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('/exportjobs/export'))!;
    expect(String(url)).toBe('http://test/api/exportjobs/export?sort=-created_at');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it('row click opens the job', async () => {
    setAuthenticated(user('Operator'));
    await renderWithApp(<JobSheetPage route={route} title="Job sheet" />, { dataProvider: provider });
    fireEvent.click(await screen.findByTestId('job-row-42'));
    expect(screen.getByTestId('location')).toHaveTextContent('/sheet/42/details');
  });

  it('a link with a filter in its URL filters the sheet, keeps the filter and leaves the URL; the total says loading until the answer', async () => {
    clientStorage.jobFilter.set({ stext: 'wharf' });
    let answer: (page: { rows: JobListRow[]; total: number }) => void = () => undefined;
    provider.jobSheet.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    setAuthenticated(user('Operator'));
    const link = sheetHref({ job_status: ['QUOTED'], end_to: '2026-11-26' });
    await renderWithApp(<JobSheetPage route={route} title="Job sheet" />, { dataProvider: provider, path: link });
    expect(screen.getByTestId('sheet-total')).toHaveTextContent('Loading jobs…');
    await waitFor(() => expect(sheetCalls()).toHaveLength(1));
    expect(sheetCalls()[0].filter).toEqual({ job_status: ['QUOTED'], end_to: '2026-11-26 23:59:59' });
    expect(screen.getByTestId('sheet-total')).toHaveTextContent('Loading jobs…');
    expect(screen.queryByText('No jobs match the filter.')).toBeNull();
    answer({ rows: [row], total: 1 });
    expect(await screen.findByText('1 job')).toBeInTheDocument();
    expect(clientStorage.jobFilter.get()).toMatchObject({ stext: '', job_status: ['QUOTED'], end_to: '2026-11-26' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/sheet$/);
  }, 30_000);

  it("a job's number is a link to the job", async () => {
    setAuthenticated(user('Operator'));
    await renderWithApp(<JobSheetPage route={route} title="Job sheet" />, { dataProvider: provider });
    expect(await screen.findByRole('link', { name: 'PL-0042' })).toHaveAttribute('href', '/sheet/42/details');
  });
});
