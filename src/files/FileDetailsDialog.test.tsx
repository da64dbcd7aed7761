import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../test/renderWithApp';
import type { FileRow } from '../../core/files/types';
import { FileDetailsDialog } from './FileDetailsDialog';
import type { FilesProvider } from './filesProvider';

// The dialog's own calls: a file's preview address (files/url/{id}) and the save; filesProvider.test.ts holds what they send.
const provider = () => ({
  filePreviewUrl: vi.fn<FilesProvider['filePreviewUrl']>(async (id) => `http://test/api/files/preview/${id}.jpg`),
  fileUpdate: vi.fn<FilesProvider['fileUpdate']>(),
});

const file = (over: Partial<FileRow>): FileRow => ({
  file_id: 1,
  f_grp_id: 'DOCUMENT' as FileRow['f_grp_id'],
  name: 'boiler.pdf',
  size: 2048,
  type: 'application/pdf',
  added: '2026-11-20 08:30:00',
  uploaded_by: 3,
  uploaded_by_name: 'Olly Operator',
  note: 'Service sheet',
  thumbs: [],
  download_name: 'x1',
  ...over,
});

const photo = file({ file_id: 2, name: 'leak.jpg', note: null, type: 'image/jpeg', thumbs: [200] });

/** The browser's way of using the dialog: the same dialog, another file. */
function TwoFiles() {
  const [shown, setShown] = useState(file({}));
  const noop = () => undefined;
  return (
    <>
      <button onClick={() => setShown(photo)}>next file</button>
      <FileDetailsDialog file={shown} onClose={noop} onSaved={noop} />
    </>
  );
}

describe('file details', () => {
  it("shows each file's own name, note and preview when another file is opened", async () => {
    const dataProvider = provider();
    await renderWithApp(<TwoFiles />, { dataProvider });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('boiler.pdf');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Service sheet');
    expect(screen.queryByRole('img')).toBeNull();
    // A file without thumbnails has no preview to ask for.
    expect(dataProvider.filePreviewUrl).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'next file', hidden: true }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('leak.jpg');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('');
    await waitFor(() => expect(screen.getByRole('img', { name: 'leak.jpg' })).toHaveAttribute('src', 'http://test/api/files/preview/2.jpg'));
    expect(dataProvider.filePreviewUrl).toHaveBeenCalledWith(2, expect.anything());
  });
});
