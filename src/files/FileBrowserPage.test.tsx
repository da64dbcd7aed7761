import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import { configureApi } from '../dataProvider/apiClient';
import { routeById } from '../routes/routeTable';
import { renderWithApp } from '../test/renderWithApp';
import { FileBrowserPage } from './FileBrowserPage';
import type { FileRow } from '../../core/files/types';

const route = routeById('files')!;
const answer = (key: string, data: unknown, totalCount?: number) =>
  new Response(
    JSON.stringify({ [key]: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true }, totalCount } } }),
    { status: 200 },
  );
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

describe('file browser', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetAuthState();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (url) => {
      const u = String(url);
      if (u.includes('/files/filter')) return answer('files', rows, 2);
      if (u.includes('/files/url/')) return answer('files', { url: 'http://test/api/files/download/x?size=1600&inline=1' });
      if (u.endsWith('/files/2')) return answer('files', { ...rows[1], name: 'Boiler notes.txt' });
      return answer('files', { file_ids: [1, 2] });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const login = (isThumbsDefault: boolean) =>
    setAuthenticated({ is_loggedin: true, user_id: 1, us_id: 1, role: 'Operator', fullname: 'Alice Morgan', settings: { language: 'en-US', isThumbsDefault } });

  it('lists files with thumbnails when the user wants them, and filters from 3 characters', async () => {
    login(true);
    await renderWithApp(<FileBrowserPage route={route} title="Files" />);
    const table = await screen.findByRole('table', { name: 'Files' });
    expect(within(table).getByRole('img', { name: 'kitchen.jpg' })).toHaveAttribute(
      'src',
      `http://test/api/files/download/${rows[0].download_name}?size=150&inline=1`,
    );
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ f_grp_id: null, stext: null, type: null });
    const filterBodies = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/files/filter')).map(([, init]) => JSON.parse(String(init?.body)));
    const before = filterBodies().length;
    // One and two characters do not filter yet: no request goes out for them.
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'k' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ki' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'kit' } });
    await waitFor(() => expect(filterBodies().length).toBeGreaterThan(before));
    expect(filterBodies().slice(before)).toEqual([{ f_grp_id: null, stext: 'kit', type: null }]);
  });

  it('shows no thumbnails when isThumbsDefault is off', async () => {
    login(false);
    await renderWithApp(<FileBrowserPage route={route} title="Files" />);
    const table = await screen.findByRole('table', { name: 'Files' });
    expect(within(table).queryByRole('img')).toBeNull();
  });

  it('deletes the selected files with deleteFileList', async () => {
    login(false);
    await renderWithApp(<FileBrowserPage route={route} title="Files" />);
    await screen.findByRole('table', { name: 'Files' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select kitchen.jpg' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select notes.txt' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('deleteFileList'))).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('deleteFileList'))!;
    expect(String(url)).toBe('http://test/api/files/deleteFileList?file_ids=1%2C2');
    expect(init?.method).toBe('DELETE');
  });

  it('opens the details with relations and saves a rename', async () => {
    login(false);
    await renderWithApp(<FileBrowserPage route={route} title="Files" />);
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
    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PATCH')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH')!;
    expect(String(url)).toBe('http://test/api/files/2');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Boiler notes.txt', note: null });
  });
});
