import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../test/renderWithApp';
import { EngineerUploads } from './EngineerUploads';

const xhr = vi.hoisted(() => ({ calls: [] as { url: string; names: string[]; key: string }[], fail: 0 }));
vi.mock('../files/xhrUpload', () => ({
  xhrUpload: vi.fn(async (url: string, form: FormData, onProgress: (p: number) => void, _signal?: AbortSignal, headers: Record<string, string> = {}) => {
    xhr.calls.push({ url, names: form.getAll('file').map((f) => (f as File).name), key: headers['Idempotency-Key'] });
    onProgress(40);
    if (xhr.fail > 0) {
      xhr.fail -= 1;
      throw new Error('network');
    }
    return { status: 201, body: { engineerportal: { data: [] } }, header: () => null };
  }),
}));

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

describe('EngineerUploads', () => {
  const dataProvider = { engineerGeneralDocs: vi.fn(async (_jobId: number) => []), engineerInvoices: vi.fn(async (_jobId: number) => []) };
  beforeEach(() => {
    xhr.calls = [];
    xhr.fail = 0;
  });

  it('sends each photo on its own under its own key, and retries a failed one under the same key', async () => {
    xhr.fail = 1;
    await renderWithApp(<EngineerUploads jobId={7} />, { dataProvider });
    const camera = screen.getByLabelText('Take photos');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('multiple');
    fireEvent.change(camera, { target: { files: [photo('a.jpg'), photo('b.jpg')] } });

    const queue = await screen.findByRole('region', { name: 'Uploads' });
    await waitFor(() =>
      expect(
        within(queue)
          .getAllByRole('status')
          .map((s) => s.textContent),
      ).toEqual([expect.stringMatching(/^Not uploaded/), 'Uploaded']),
    );
    expect(xhr.calls.map((c) => [c.url, c.names])).toEqual([
      ['http://test/api/engineerportal/7/files', ['a.jpg']],
      ['http://test/api/engineerportal/7/files', ['b.jpg']],
    ]);
    const [first, second] = xhr.calls.map((c) => c.key);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
    expect(within(queue).getByText('1 file not uploaded yet')).toBeInTheDocument();

    fireEvent.click(within(queue).getByRole('button', { name: 'Retry a.jpg' }));
    await waitFor(() =>
      expect(
        within(queue)
          .getAllByRole('status')
          .map((s) => s.textContent),
      ).toEqual(['Uploaded', 'Uploaded']),
    );
    expect(xhr.calls).toHaveLength(3);
    expect(xhr.calls[2]).toEqual({ url: 'http://test/api/engineerportal/7/files', names: ['a.jpg'], key: first });
    // Both lists are read again after an upload.
    await waitFor(() => expect(dataProvider.engineerGeneralDocs.mock.calls.length).toBeGreaterThan(1));
  });

  it('files invoices through {id}/invoices and retries what failed when the phone is back online', async () => {
    xhr.fail = 1;
    await renderWithApp(<EngineerUploads jobId={9} />, { dataProvider });
    fireEvent.change(screen.getByLabelText('Add an invoice'), { target: { files: [photo('inv.jpg')] } });
    const queue = await screen.findByRole('region', { name: 'Uploads' });
    await waitFor(() => expect(within(queue).getByRole('status')).toHaveTextContent(/^Not uploaded/));
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(within(queue).getByRole('status')).toHaveTextContent('Uploaded'));
    expect(xhr.calls.map((c) => c.url)).toEqual(['http://test/api/engineerportal/9/invoices', 'http://test/api/engineerportal/9/invoices']);
    expect(xhr.calls[1].key).toBe(xhr.calls[0].key);
  });
});
