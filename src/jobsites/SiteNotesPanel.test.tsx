import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../test/renderWithApp';
import { SiteNotesPanel } from './SiteNotesPanel';
import type { SiteNote, SiteNotesProvider } from './siteNotesProvider';

const note = (jsn_id: number, jsn_note: string): SiteNote => ({
  jsn_id,
  js_id: 8,
  jsn_note,
  author: 'Alice Morgan',
  created_at: '2026-11-20 10:00',
  updated_at: null,
});

function provider(notes: SiteNote[]) {
  let stored = [...notes];
  return {
    siteNotes: vi.fn<SiteNotesProvider['siteNotes']>(async () => stored),
    siteNoteAdd: vi.fn<SiteNotesProvider['siteNoteAdd']>(async (_jsId, text) => ((stored = [note(99, text), ...stored]), true)),
    siteNoteUpdate: vi.fn<SiteNotesProvider['siteNoteUpdate']>(
      async (_jsId, id, text) => ((stored = stored.map((n) => (n.jsn_id === id ? { ...n, jsn_note: text } : n))), true),
    ),
    siteNoteRemove: vi.fn<SiteNotesProvider['siteNoteRemove']>(async (_jsId, id) => ((stored = stored.filter((n) => n.jsn_id !== id)), true)),
  };
}

describe("a site's notes", () => {
  it('lists, adds (a note is required), edits in place and deletes, showing the list as stored after each', async () => {
    const dataProvider = provider([note(3, 'Key under the mat')]);
    await renderWithApp(<SiteNotesPanel id="8" writable />, { dataProvider });
    const panel = await screen.findByRole('region', { name: 'Site notes' });
    expect(await within(panel).findByText('Key under the mat')).toBeInTheDocument();
    expect(dataProvider.siteNotes).toHaveBeenCalledWith(8, expect.anything());

    fireEvent.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(await within(panel).findByText('Field is required!')).toBeInTheDocument();
    expect(dataProvider.siteNoteAdd).not.toHaveBeenCalled();
    fireEvent.change(within(panel).getByRole('textbox', { name: 'New note' }), { target: { value: 'Dog on site' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(await within(panel).findByText('Dog on site')).toBeInTheDocument();
    expect(dataProvider.siteNoteAdd).toHaveBeenCalledWith(8, 'Dog on site');
    expect(within(panel).getByRole('textbox', { name: 'New note' })).toHaveValue('');

    const item = (text: string) => within(panel).getByText(text).closest('li')!;
    fireEvent.click(within(item('Key under the mat')).getByRole('button', { name: 'Edit note' }));
    const editor = within(panel).getByRole('textbox', { name: 'Edit note' });
    expect(editor).toHaveValue('Key under the mat');
    fireEvent.change(editor, { target: { value: 'Key in the lock box' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(panel).getByText('Key in the lock box')).toBeInTheDocument());
    expect(within(panel).queryByRole('textbox', { name: 'Edit note' })).not.toBeInTheDocument();
    expect(dataProvider.siteNoteUpdate).toHaveBeenCalledWith(8, 3, 'Key in the lock box');

    fireEvent.click(within(item('Dog on site')).getByRole('button', { name: 'Delete note' }));
    await waitFor(() => expect(within(panel).queryByText('Dog on site')).not.toBeInTheDocument());
    expect(dataProvider.siteNoteRemove).toHaveBeenCalledWith(8, 99);
  });

  it('shows the notes without the editing controls to a user who may not change the site', async () => {
    const dataProvider = provider([note(3, 'Key under the mat')]);
    await renderWithApp(<SiteNotesPanel id="8" writable={false} />, { dataProvider });
    expect(await screen.findByText('Key under the mat')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete note' })).not.toBeInTheDocument();
  });
});
