import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../test/renderWithApp';
import { EngineerSiteNotes } from './EngineerSiteNotes';
import type { EngineerSiteNote } from '../../core/engineerportal/types';

const note = (jsn_id: number, jsn_note: string, mine: boolean): EngineerSiteNote => ({
  jsn_id,
  js_id: 3,
  jsn_note,
  us_id: mine ? 5 : 6,
  author: mine ? 'Ethan Engineer' : 'Olivia Operator',
  mine,
  created_at: '2026-11-20 08:30:00',
  updated_at: null,
});

describe('EngineerSiteNotes', () => {
  let stored: EngineerSiteNote[] = [];
  const site = (js_other_notes: string) => ({ js_id: 3, js_address: '1 High Street', js_city: null, js_postcode: null, js_other_notes });
  // The portal's data provider methods; engineerProvider.test.ts holds what each one sends.
  const dataProvider = {
    engineerSite: vi.fn(async (_jsId: number) => site('Gate code 1234')),
    engineerSaveOtherNotes: vi.fn(async (_jsId: number, text: string) => site(text)),
    engineerSiteNotes: vi.fn(async (_jsId: number) => stored),
    engineerAddSiteNote: vi.fn(async (_jsId: number, text: string) => {
      const made = note(3, text, true);
      stored = [made, ...stored];
      return made;
    }),
    engineerDeleteSiteNote: vi.fn(async (_jsId: number, jsnId: number) => {
      stored = stored.filter((n) => n.jsn_id !== jsnId);
      return { jsn_id: jsnId };
    }),
  };
  beforeEach(() => {
    stored = [note(2, 'Dog on site', false), note(1, 'Stopcock under the sink', true)];
    for (const fn of Object.values(dataProvider)) fn.mockClear();
  });

  it('shows the site’s notes, lets the engineer add one, delete their own and change the other notes', async () => {
    await renderWithApp(<EngineerSiteNotes jsId={3} />, { dataProvider });
    const section = await screen.findByRole('region', { name: 'Site notes' });
    expect(await within(section).findByText('Dog on site')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByLabelText('Other notes of the site')).toHaveValue('Gate code 1234'));
    // Only the engineer's own note can be deleted.
    expect(within(section).queryByRole('button', { name: 'Delete note Dog on site' })).toBeNull();

    fireEvent.change(within(section).getByLabelText('New note'), { target: { value: 'Parking at the rear' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Add note' }));
    expect(await within(section).findByText('Parking at the rear')).toBeInTheDocument();
    expect(dataProvider.engineerAddSiteNote).toHaveBeenCalledWith(3, 'Parking at the rear');

    fireEvent.click(within(section).getByRole('button', { name: 'Delete note Stopcock under the sink' }));
    await waitFor(() => expect(within(section).queryByText('Stopcock under the sink')).toBeNull());
    expect(dataProvider.engineerDeleteSiteNote).toHaveBeenCalledWith(3, 1);

    fireEvent.change(within(section).getByLabelText('Other notes of the site'), { target: { value: 'Gate code 9999' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save other notes' }));
    await waitFor(() => expect(dataProvider.engineerSaveOtherNotes).toHaveBeenCalledWith(3, 'Gate code 9999'));
  });
});
