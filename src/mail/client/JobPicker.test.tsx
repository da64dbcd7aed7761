import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../test/renderWithApp';
import type { JobListRow } from '../../../core/jobs/types';
import type { JobsProvider } from '../../jobs/jobsProvider';
import { JobPicker } from './JobPicker';

const job = (job_id: number, job_number: string, job_desc: string) =>
  ({ job_id, job_number, job_desc, co_name: 'Harbour Lettings', js_address: '4 Quay St' }) as JobListRow;

describe('the job picker of a mail', () => {
  it('lists the newest jobs, searches from 3 characters as the user types, and picks one', async () => {
    const jobSheet = vi.fn<JobsProvider['jobSheet']>(async ({ filter }) => ({
      rows: filter.stext ? [job(12, 'PLB-000012', 'Leaking tap')] : [job(12, 'PLB-000012', 'Leaking tap'), job(11, 'PLB-000011', 'Boiler service')],
      total: 0,
    }));
    const onPick = vi.fn();
    await renderWithApp(<JobPicker open onClose={() => undefined} onPick={onPick} />, { dataProvider: { jobSheet } });

    expect(await screen.findByText('PLB-000011 — Boiler service')).toBeInTheDocument();
    expect(jobSheet).toHaveBeenCalledWith({ filter: {}, sort: '-created_at', page: 1, perPage: 20 }, expect.anything());

    const search = screen.getByRole('searchbox', { name: 'Search jobs' });
    fireEvent.change(search, { target: { value: 'ta' } });
    expect(await screen.findByText('At least 3 characters')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'tap' } });
    await waitFor(() => expect(screen.queryByText('PLB-000011 — Boiler service')).not.toBeInTheDocument());
    expect(jobSheet).toHaveBeenLastCalledWith({ filter: { stext: 'tap' }, sort: '-created_at', page: 1, perPage: 20 }, expect.anything());
    expect(jobSheet.mock.calls.some(([{ filter }]) => filter.stext === 'ta')).toBe(false);

    fireEvent.click(screen.getByText('PLB-000012 — Leaking tap'));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ job_id: 12 }));
  });

  it('asks nothing while closed', async () => {
    const jobSheet = vi.fn<JobsProvider['jobSheet']>(async () => ({ rows: [], total: 0 }));
    await renderWithApp(<JobPicker open={false} onClose={() => undefined} onPick={() => undefined} />, { dataProvider: { jobSheet } });
    await new Promise((r) => setTimeout(r, 400));
    expect(jobSheet).not.toHaveBeenCalled();
  });
});
