import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import { configureApi } from '../dataProvider/apiClient';
import { renderWithApp } from '../test/renderWithApp';
import { SiteDocumentsPanel } from './SiteDocumentsPanel';
import type { FileRow } from '../../core/files/types';

const answer = (key: string, data: unknown, totalCount?: number) =>
  new Response(
    JSON.stringify({ [key]: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true }, totalCount } } }),
    { status: 200 },
  );
const plan: FileRow = {
  file_id: 7,
  f_grp_id: 'JOBSITES',
  name: 'floor-plan.pdf',
  size: 4096,
  type: 'application/pdf',
  added: '2026-11-20 10:00:00',
  uploaded_by: 1,
  uploaded_by_name: 'Alice Morgan',
  note: null,
  thumbs: [],
  download_name: `${'b'.repeat(32)}.pdf`,
};

describe("a site's documents", () => {
  const fetchMock = vi.fn<typeof fetch>();
  let listed: FileRow[] = [plan];
  beforeEach(() => {
    resetAuthState();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    listed = [plan];
    fetchMock.mockImplementation(async (url, init) => {
      const u = String(url);
      if (u.includes('/files/filter')) return answer('files', listed, listed.length);
      if (init?.method === 'DELETE') {
        listed = [];
        return answer('files', null);
      }
      return answer('files', null);
    });
    setAuthenticated({ is_loggedin: true, user_id: 1, us_id: 1, role: 'Operator', fullname: 'Alice Morgan', settings: { language: 'en-US' } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("lists the site's files, downloads them by their server-made name, and deletes one", async () => {
    await renderWithApp(<SiteDocumentsPanel id="12" writable />);
    const link = await screen.findByRole('link', { name: 'floor-plan.pdf' });
    expect(link).toHaveAttribute('href', expect.stringContaining(`/files/download/${plan.download_name}`));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ js_id: 12 });
    expect(screen.getByLabelText('Choose files')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete floor-plan.pdf' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'floor-plan.pdf' })).toBeNull());
    expect(fetchMock.mock.calls.some(([u, i]) => String(u).endsWith('/files/7') && i?.method === 'DELETE')).toBe(true);
  });

  it('offers no upload or delete to a reader', async () => {
    await renderWithApp(<SiteDocumentsPanel id="12" writable={false} />);
    await screen.findByRole('link', { name: 'floor-plan.pdf' });
    expect(screen.queryByLabelText('Choose files')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete floor-plan.pdf' })).toBeNull();
  });
});
