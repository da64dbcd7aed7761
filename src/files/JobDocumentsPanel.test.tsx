import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import { configureApi } from '../dataProvider/apiClient';
import { renderWithApp } from '../test/renderWithApp';
import { JobDocumentsPanel } from './JobDocumentsPanel';
import type { JobDocumentRow } from '../../core/files/types';

const answer = (data: unknown, totalCount?: number) =>
  new Response(JSON.stringify({ jobs: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true }, totalCount } } }), {
    status: 200,
  });
const doc = (id: number, name: string, fxj: number | null, thumbs: number[] = []): JobDocumentRow => ({
  file_id: id,
  f_grp_id: fxj === null ? 'JOBSITES' : 'GENERALDOCUMENTS',
  name,
  size: 100,
  type: 'image/jpeg',
  added: '2026-11-20 10:00:00',
  uploaded_by: 1,
  uploaded_by_name: 'Alice Morgan',
  note: null,
  thumbs,
  download_name: `${'b'.repeat(31)}${id}.jpg`,
  fxj_id: fxj,
  fxj_processed: false,
  fxj_visible_to_client: false,
});
const docs = [doc(1, 'front.jpg', 11, [150, 400]), doc(2, 'plan.pdf', null)];

describe('job documents panel', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetAuthState();
    setAuthenticated({ is_loggedin: true, user_id: 1, us_id: 1, role: 'Operator', fullname: 'Alice Morgan', settings: { language: 'en-US' } });
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (url) => (String(url).includes('documents/filter') ? answer(docs, 2) : answer([], 0)));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the documents with thumbnails, page size 10, by group', async () => {
    await renderWithApp(<JobDocumentsPanel jobId={7} />);
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(String(fetchMock.mock.calls[0][0])).toBe('http://test/api/jobs/7/documents/filter?page=1&size=10');
    expect(within(table).getByRole('img', { name: 'front.jpg' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Work orders' }));
    await waitFor(() => expect(JSON.parse(String(fetchMock.mock.calls.at(-1)![1]?.body))).toEqual({ f_grp_id: 'WORKORDERS' }));
  });

  it('switches visible-to-client and processed, and deletes attachments', async () => {
    await renderWithApp(<JobDocumentsPanel jobId={7} />);
    await screen.findByRole('table', { name: 'Documents' });
    // A site document has no link of this job: nothing to switch or delete.
    expect(screen.getByLabelText('Visible to client plan.pdf')).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Visible to client front.jpg'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('filevisibletoclient'))).toBe(true));
    const visible = fetchMock.mock.calls.find(([u]) => String(u).includes('filevisibletoclient'))!;
    expect(JSON.parse(String(visible[1]?.body))).toEqual({ fxj_ids: [11], fxj_visible_to_client: true });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Processed front.jpg' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('costinvoices'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Delete front.jpg' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('attachments'))).toBe(true));
    expect(String(fetchMock.mock.calls.find(([u]) => String(u).includes('attachments'))![0])).toBe('http://test/api/jobs/7/attachments?file_ids=1');
  });
});
