import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import { routeById } from '../routes/routeTable';
import { renderWithApp } from '../test/renderWithApp';
import { EngineerReportsPage } from './EngineerReportsPage';
import type { EngineerReportRow, EngineerReportsProvider } from './engineerReportsProvider';

const route = routeById('engineerReports')!;
const report = (er_id: number, er_text: string, er_hours: string | null = null): EngineerReportRow => ({
  er_id,
  job_id: 5,
  job_number: 'EL-0005',
  us_id: 9,
  engineer_name: 'Ethan Clarke',
  er_text,
  er_hours,
  created_at: `2026-11-${10 + er_id} 10:00:00`,
});

function provider(pages: EngineerReportRow[][], removed = true) {
  const total = pages.flat().length;
  return {
    engineerReports: vi.fn<EngineerReportsProvider['engineerReports']>(async (page) => ({ rows: pages[page - 1] ?? [], total })),
    removeEngineerReports: vi.fn<EngineerReportsProvider['removeEngineerReports']>(async () => removed),
  };
}

async function open(dataProvider: ReturnType<typeof provider>) {
  await renderWithApp(<EngineerReportsPage route={route} title="Engineer reports" />, { dataProvider });
  return screen.findByRole('table', { name: 'Engineer reports' });
}

describe('engineer reports page', () => {
  beforeEach(() => {
    resetAuthState();
    setAuthenticated({ is_loggedin: true, user_id: 1, us_id: 1, role: 'Admin', fullname: 'Alice Morgan', settings: { language: 'en-US' } });
  });

  it('lists the reports and removes the selected ones, then shows the list again without them', async () => {
    const dataProvider = provider([[report(4, 'Replaced the fuse board', '2.50'), report(3, 'Survey')]]);
    const table = await open(dataProvider);
    expect(dataProvider.engineerReports).toHaveBeenCalledWith(1, 20, expect.anything());
    expect(within(table).getByText('Replaced the fuse board')).toBeInTheDocument();
    expect(within(table).getByText('2.50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove selected (0)' })).toBeDisabled();

    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select report 4' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select report 3' }));
    dataProvider.engineerReports.mockResolvedValue({ rows: [], total: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Remove selected (2)' }));

    await waitFor(() => expect(dataProvider.removeEngineerReports).toHaveBeenCalledWith([4, 3]));
    expect(await screen.findByText('No engineer reports.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove selected (0)' })).toBeDisabled();
  });

  it('keeps the selection and the rows when the server refuses the removal', async () => {
    const dataProvider = provider([[report(4, 'Replaced the fuse board')]], false);
    const table = await open(dataProvider);
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select report 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove selected (1)' }));
    await waitFor(() => expect(dataProvider.removeEngineerReports).toHaveBeenCalledWith([4]));
    expect(screen.getByRole('button', { name: 'Remove selected (1)' })).toBeEnabled();
    expect(dataProvider.engineerReports).toHaveBeenCalledTimes(1);
  });

  it('pages through 20 reports a page', async () => {
    const first = Array.from({ length: 20 }, (_, i) => report(100 - i, `Visit ${100 - i}`));
    const dataProvider = provider([first, [report(7, 'The last one')]]);
    await open(dataProvider);
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByText('The last one')).toBeInTheDocument();
    expect(dataProvider.engineerReports).toHaveBeenLastCalledWith(2, 20, expect.anything());
    expect(screen.queryByText('Visit 100')).not.toBeInTheDocument();
  });
});
