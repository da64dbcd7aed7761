import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import { renderWithApp } from '../test/renderWithApp';
import { JobDocumentsPanel } from './JobDocumentsPanel';
import type { FilesProvider } from './filesProvider';
import type { JobDocumentRow } from '../../core/files/types';

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

// The panel's data provider methods; filesProvider.test.ts holds what each one sends.
function provider() {
  return {
    jobDocuments: vi.fn<FilesProvider['jobDocuments']>(async () => ({ rows: docs, total: 2 })),
    jobFileSetFlag: vi.fn<FilesProvider['jobFileSetFlag']>(async () => true),
    jobAttachmentsDelete: vi.fn<FilesProvider['jobAttachmentsDelete']>(async () => true),
    jobFileSendToDext: vi.fn<FilesProvider['jobFileSendToDext']>(async () => true),
  };
}

describe('job documents panel', () => {
  beforeEach(() => {
    resetAuthState();
    setAuthenticated({ is_loggedin: true, user_id: 1, us_id: 1, role: 'Operator', fullname: 'Alice Morgan', settings: { language: 'en-US' } });
  });

  it('lists the documents with thumbnails, page size 10, by group', async () => {
    const dataProvider = provider();
    await renderWithApp(<JobDocumentsPanel jobId={7} />, { dataProvider });
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(dataProvider.jobDocuments).toHaveBeenNthCalledWith(1, 7, null, 1, 10, expect.anything());
    expect(within(table).getByRole('img', { name: 'front.jpg' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Work orders' }));
    await waitFor(() => expect(dataProvider.jobDocuments).toHaveBeenLastCalledWith(7, 'WORKORDERS', 1, 10, expect.anything()));
  });

  it('switches visible-to-client and processed, and deletes attachments', async () => {
    const dataProvider = provider();
    await renderWithApp(<JobDocumentsPanel jobId={7} />, { dataProvider });
    await screen.findByRole('table', { name: 'Documents' });
    // A site document has no link of this job: nothing to switch or delete.
    expect(screen.getByLabelText('Visible to client plan.pdf')).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Visible to client front.jpg'));
    await waitFor(() => expect(dataProvider.jobFileSetFlag).toHaveBeenCalledWith(7, 'fxj_visible_to_client', [11], true));
    expect(screen.getByLabelText('Visible to client front.jpg')).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Processed front.jpg' }));
    await waitFor(() => expect(dataProvider.jobFileSetFlag).toHaveBeenCalledWith(7, 'fxj_processed', [11], true));
    fireEvent.click(screen.getByRole('button', { name: 'Delete front.jpg' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(dataProvider.jobAttachmentsDelete).toHaveBeenCalledWith(7, [1]));
  });

  it('shows a switch at once and, when the server refuses it, asks the list again', async () => {
    const dataProvider = provider();
    let refuse = () => undefined as void;
    dataProvider.jobFileSetFlag.mockImplementation(() => new Promise<boolean>((resolve) => (refuse = () => resolve(false))));
    await renderWithApp(<JobDocumentsPanel jobId={7} />, { dataProvider });
    await screen.findByRole('table', { name: 'Documents' });
    fireEvent.click(screen.getByLabelText('Visible to client front.jpg'));
    await waitFor(() => expect(screen.getByLabelText('Visible to client front.jpg')).toBeChecked());
    expect(dataProvider.jobDocuments).toHaveBeenCalledTimes(1);
    refuse();
    await waitFor(() => expect(dataProvider.jobDocuments).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByLabelText('Visible to client front.jpg')).not.toBeChecked());
  });

  it('keeps a switch the user just flipped when a list asked before it arrives with the old value', async () => {
    const dataProvider = provider();
    await renderWithApp(<JobDocumentsPanel jobId={7} />, { dataProvider });
    await screen.findByRole('table', { name: 'Documents' });
    // A refused change asks the list again; that answer is slow and still says "not visible".
    let answerLate = () => undefined as void;
    dataProvider.jobDocuments.mockImplementationOnce(() => new Promise((resolve) => (answerLate = () => resolve({ rows: docs, total: 2 }))));
    dataProvider.jobFileSetFlag.mockResolvedValueOnce(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Processed front.jpg' }));
    await waitFor(() => expect(dataProvider.jobDocuments).toHaveBeenCalledTimes(2));

    fireEvent.click(screen.getByLabelText('Visible to client front.jpg'));
    expect(screen.getByLabelText('Visible to client front.jpg')).toBeChecked();
    answerLate();
    await waitFor(() => expect(dataProvider.jobFileSetFlag).toHaveBeenLastCalledWith(7, 'fxj_visible_to_client', [11], true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByLabelText('Visible to client front.jpg')).toBeChecked();
  });
});
