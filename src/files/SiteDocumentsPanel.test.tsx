import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import { renderWithApp } from '../test/renderWithApp';
import { SiteDocumentsPanel } from './SiteDocumentsPanel';
import type { FilesProvider } from './filesProvider';
import type { FileRow } from '../../core/files/types';

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

// The panel's data provider methods; filesProvider.test.ts holds what each one sends.
function provider() {
  let listed: FileRow[] = [plan];
  return {
    filesFilter: vi.fn<FilesProvider['filesFilter']>(async () => ({ rows: listed, total: listed.length })),
    fileDelete: vi.fn<FilesProvider['fileDelete']>(async () => {
      listed = [];
      return true;
    }),
  };
}

describe("a site's documents", () => {
  beforeEach(() => {
    resetAuthState();
    setAuthenticated({ is_loggedin: true, user_id: 1, us_id: 1, role: 'Operator', fullname: 'Alice Morgan', settings: { language: 'en-US' } });
  });

  it("lists the site's files, downloads them by their server-made name, and deletes one", async () => {
    const dataProvider = provider();
    await renderWithApp(<SiteDocumentsPanel id="12" writable />, { dataProvider });
    const link = await screen.findByRole('link', { name: 'floor-plan.pdf' });
    expect(link).toHaveAttribute('href', expect.stringContaining(`/files/download/${plan.download_name}`));
    expect(dataProvider.filesFilter).toHaveBeenNthCalledWith(1, { js_id: 12 }, 1, 100, expect.anything());
    expect(screen.getByLabelText('Choose files')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete floor-plan.pdf' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'floor-plan.pdf' })).toBeNull());
    expect(dataProvider.fileDelete).toHaveBeenCalledWith(7);
  });

  it('offers no upload or delete to a reader', async () => {
    await renderWithApp(<SiteDocumentsPanel id="12" writable={false} />, { dataProvider: provider() });
    await screen.findByRole('link', { name: 'floor-plan.pdf' });
    expect(screen.queryByLabelText('Choose files')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete floor-plan.pdf' })).toBeNull();
  });
});
