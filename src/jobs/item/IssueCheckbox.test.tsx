import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../dataProvider/ApiError';
import type { JobDetails } from '../../../core/jobs/types';
import { renderWithApp } from '../../test/renderWithApp';
import { IssueCheckbox } from './IssueCheckbox';

describe('the issue flag', () => {
  // jobsProvider.test.ts holds what jobSetIssue sends (POST jobs/{id}/issue).
  const provider = { jobSetIssue: vi.fn<(jobId: number, hasIssue: boolean) => Promise<JobDetails | null>>() };
  beforeEach(() => {
    provider.jobSetIssue.mockReset();
  });

  it('stores a tick at once through POST jobs/{id}/issue and shows the stored value', async () => {
    provider.jobSetIssue.mockImplementation(async (job_id, job_has_issue) => ({ job_id, job_has_issue }) as JobDetails);
    await renderWithApp(<IssueCheckbox jobId={5} initial={false} disabled={false} />, { dataProvider: provider });
    const box = screen.getByRole('checkbox', { name: 'Issue' });
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(provider.jobSetIssue.mock.calls).toEqual([[5, true]]);
  });

  it('keeps the stored value when the server refuses', async () => {
    provider.jobSetIssue.mockRejectedValue(new ApiError('You are not allowed to modify this job.', 403));
    await renderWithApp(<IssueCheckbox jobId={5} initial={true} disabled={false} />, { dataProvider: provider });
    const box = screen.getByRole('checkbox', { name: 'Issue' });
    fireEvent.click(box);
    await waitFor(() => expect(provider.jobSetIssue).toHaveBeenCalled());
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toBeChecked();
  });

  it('is disabled for a job the user may not modify', async () => {
    await renderWithApp(<IssueCheckbox jobId={5} initial={false} disabled />, { dataProvider: provider });
    expect(screen.getByRole('checkbox', { name: 'Issue' })).toBeDisabled();
  });
});
