import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import { configureApi } from '../dataProvider/apiClient';
import { routeById } from '../routes/routeTable';
import { renderWithApp } from '../test/renderWithApp';
import { EngineerReportsPage, type EngineerReportRow } from './EngineerReportsPage';

const route = routeById('engineerReports')!;
const envelope = (data: unknown, totalCount?: number) =>
  new Response(
    JSON.stringify({ engineerreports: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true }, totalCount } } }),
    { status: 200 },
  );
const rows: EngineerReportRow[] = [
  {
    er_id: 4,
    job_id: 5,
    job_number: 'EL-0005',
    us_id: 9,
    engineer_name: 'Ethan Clarke',
    er_text: 'Replaced the fuse board',
    er_hours: '2.50',
    created_at: '2026-11-20 10:00:00',
  },
  { er_id: 3, job_id: 5, job_number: 'EL-0005', us_id: 9, engineer_name: 'Ethan Clarke', er_text: 'Survey', er_hours: null, created_at: '2026-11-19 10:00:00' },
];

describe('engineer reports page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetAuthState();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => envelope(rows, 2));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the reports and removes the selected ones as a comma-separated string', async () => {
    setAuthenticated({ is_loggedin: true, user_id: 1, us_id: 1, role: 'Admin', fullname: 'Alice Morgan', settings: { language: 'en-US' } });
    await renderWithApp(<EngineerReportsPage route={route} title="Engineer reports" />);
    const table = await screen.findByRole('table', { name: 'Engineer reports' });
    expect(String(fetchMock.mock.calls[0][0])).toBe('http://test/api/engineerreports/list?limit=20&pagenumber=1&totalcount=1');
    expect(within(table).getByText('Replaced the fuse board')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove selected (0)' })).toBeDisabled();
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select report 4' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select report 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove selected (2)' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('removereports'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('removereports'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ er_ids: '4,3' });
  });
});
