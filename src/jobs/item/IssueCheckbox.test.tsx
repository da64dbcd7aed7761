import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureApi } from '../../dataProvider/apiClient';
import { renderWithApp } from '../../test/renderWithApp';
import { IssueCheckbox } from './IssueCheckbox';

const envelope = (data: unknown, status = 200) =>
  new Response(
    JSON.stringify({
      jobs: {
        data,
        warning: null,
        dbErrors: status === 200 ? null : [{ error: 'FORBIDDEN', primary: 'You are not allowed to modify this job.', general: 'record' }],
        metadata: { server_datetime: '', userData: { isLogged: true } },
      },
    }),
    { status },
  );

describe('the issue flag', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stores a tick at once through POST jobs/{id}/issue and shows the stored value', async () => {
    fetchMock.mockImplementation(async (_url, init) => envelope({ job_id: 5, job_has_issue: JSON.parse(String(init?.body)).job_has_issue }));
    await renderWithApp(<IssueCheckbox jobId={5} initial={false} disabled={false} />);
    const box = screen.getByRole('checkbox', { name: 'Issue' });
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('http://test/api/jobs/5/issue');
    expect(init).toMatchObject({ method: 'POST' });
    expect(JSON.parse(String(init?.body))).toEqual({ job_has_issue: true });
  });

  it('keeps the stored value when the server refuses', async () => {
    fetchMock.mockImplementation(async () => envelope(null, 403));
    await renderWithApp(<IssueCheckbox jobId={5} initial={true} disabled={false} />);
    const box = screen.getByRole('checkbox', { name: 'Issue' });
    fireEvent.click(box);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toBeChecked();
  });

  it('is disabled for a job the user may not modify', async () => {
    await renderWithApp(<IssueCheckbox jobId={5} initial={false} disabled />);
    expect(screen.getByRole('checkbox', { name: 'Issue' })).toBeDisabled();
  });
});
