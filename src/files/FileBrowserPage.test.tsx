import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import { routeById } from '../routes/routeTable';
import { renderWithApp } from '../test/renderWithApp';
import { FileBrowserPage } from './FileBrowserPage';
import type { FilesProvider } from './filesProvider';
import type { FileRow } from '../../core/files/types';

const route = routeById('files')!;
const row = (id: number, name: string, thumbs: number[] = []): FileRow => ({
  file_id: id,
  f_grp_id: 'USER_FILES',
  name,
  size: 2048,
  type: thumbs.length ? 'image/jpeg' : 'text/plain',
  added: '2026-11-20 10:00:00',
  uploaded_by: 1,
  uploaded_by_name: 'Alice Morgan',
  note: null,
  thumbs,
  download_name: `${'a'.repeat(31)}${id}.jpg`,
  relations: { jobs: [{ job_id: 3, job_number: 'EL-0003' }], sites: [] },
});
const rows = [row(1, 'kitchen.jpg', [150, 400, 1600]), row(2, 'notes.txt')];

// The browser's data provider methods; filesProvider.test.ts holds what each one sends.
function provider() {
  return {
    filesFilter: vi.fn<FilesProvider['filesFilter']>(async () => ({ rows, total: 2 })),
    filePreviewUrl: vi.fn<FilesProvider['filePreviewUrl']>(async () => 'http://test/api/files/download/x?size=1600&inline=1'),
    fileUpdate: vi.fn<FilesProvider['fileUpdate']>(async () => ({ ...rows[1], name: 'Boiler notes.txt' })),
    fileDelete: vi.fn<FilesProvider['fileDelete']>(async () => true),
    fileDeleteList: vi.fn<FilesProvider['fileDeleteList']>(async () => true),
  };
}

describe('file browser', () => {
  beforeEach(() => resetAuthState());

  const login = (isThumbsDefault: boolean) =>
    setAuthenticated({ is_loggedin: true, user_id: 1, us_id: 1, role: 'Operator', fullname: 'Alice Morgan', settings: { language: 'en-US', isThumbsDefault } });

  it('lists files with thumbnails when the user wants them, and filters from 3 characters', async () => {
    login(true);
    const dataProvider = provider();
    await renderWithApp(<FileBrowserPage route={route} title="Files" />, { dataProvider });
    const table = await screen.findByRole('table', { name: 'Files' });
    expect(within(table).getByRole('img', { name: 'kitchen.jpg' })).toHaveAttribute(
      'src',
      `http://test/api/files/download/${rows[0].download_name}?size=150&inline=1`,
    );
    expect(dataProvider.filesFilter).toHaveBeenNthCalledWith(1, { f_grp_id: null, stext: null, type: null }, 1, 20, expect.anything());
    const filters = () => dataProvider.filesFilter.mock.calls.map(([filter]) => filter);
    const before = filters().length;
    // One and two characters do not filter yet: no request goes out for them.
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'k' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ki' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'kit' } });
    await waitFor(() => expect(filters().length).toBeGreaterThan(before));
    expect(filters().slice(before)).toEqual([{ f_grp_id: null, stext: 'kit', type: null }]);
  });

  it('shows no thumbnails when isThumbsDefault is off', async () => {
    login(false);
    await renderWithApp(<FileBrowserPage route={route} title="Files" />, { dataProvider: provider() });
    const table = await screen.findByRole('table', { name: 'Files' });
    expect(within(table).queryByRole('img')).toBeNull();
  });

  it('deletes the selected files with deleteFileList', async () => {
    login(false);
    const dataProvider = provider();
    await renderWithApp(<FileBrowserPage route={route} title="Files" />, { dataProvider });
    await screen.findByRole('table', { name: 'Files' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select kitchen.jpg' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select notes.txt' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(dataProvider.fileDeleteList).toHaveBeenCalledWith([1, 2]));
    expect(dataProvider.fileDelete).not.toHaveBeenCalled();
  });

  it('opens the details with relations and saves a rename', async () => {
    login(false);
    const dataProvider = provider();
    await renderWithApp(<FileBrowserPage route={route} title="Files" />, { dataProvider });
    fireEvent.click(await screen.findByRole('button', { name: 'notes.txt' }));
    const dialog = await screen.findByRole('dialog', { name: 'File details' });
    expect(within(dialog).getByText('EL-0003')).toBeInTheDocument();
    expect(within(dialog).getByText('Alice Morgan')).toBeInTheDocument();
    const name = within(dialog).getByLabelText('Name');
    fireEvent.change(name, { target: { value: '../x' } });
    expect(within(dialog).getByText('Invalid value')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(name, { target: { value: 'Boiler notes.txt' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dataProvider.fileUpdate).toHaveBeenCalledTimes(1));
    expect(dataProvider.fileUpdate).toHaveBeenCalledWith(2, { name: 'Boiler notes.txt', note: null });
  });
});
