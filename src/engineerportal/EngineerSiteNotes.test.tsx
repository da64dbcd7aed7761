import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, configureApi } from '../dataProvider/apiClient';
import { engineerProvider } from './engineerProvider';
import { renderWithApp } from '../test/renderWithApp';
import { EngineerSiteNotes } from './EngineerSiteNotes';
import type { EngineerSiteNote } from '../../core/engineerportal/types';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ engineerportal: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } } }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

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

// The portal's real provider methods over the one http client: these tests also hold what goes on the wire.
const dataProvider = engineerProvider(api);

describe('EngineerSiteNotes', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let stored: EngineerSiteNote[] = [];
  beforeEach(() => {
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    stored = [note(2, 'Dog on site', false), note(1, 'Stopcock under the sink', true)];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
      if (url.includes('jobsitedetails'))
        return envelope({ js_id: 3, js_address: '1 High Street', js_city: null, js_postcode: null, js_other_notes: 'Gate code 1234' });
      if (url.includes('updateOtherNotes'))
        return envelope({ js_id: 3, js_address: '1 High Street', js_city: null, js_postcode: null, js_other_notes: body.js_other_notes });
      if (init?.method === 'POST' && url.includes('jobsitenotes')) {
        const made = note(3, body.jsn_note, true);
        stored = [made, ...stored];
        return envelope(made);
      }
      if (init?.method === 'DELETE') {
        stored = stored.filter((n) => !url.includes(`jobsitenotes/${n.jsn_id}?`));
        return envelope({ jsn_id: 1 });
      }
      return envelope(stored);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

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
    const added = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST' && String(init.body).includes('jsn_note'));
    expect(String(added?.[0])).toContain('engineerportal/jobsitenotes?js_id=3');

    fireEvent.click(within(section).getByRole('button', { name: 'Delete note Stopcock under the sink' }));
    await waitFor(() => expect(within(section).queryByText('Stopcock under the sink')).toBeNull());

    fireEvent.change(within(section).getByLabelText('Other notes of the site'), { target: { value: 'Gate code 9999' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save other notes' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, init]) =>
            String(u).includes('engineerportal/updateOtherNotes?js_id=3') && init?.method === 'PATCH' && String(init.body).includes('Gate code 9999'),
        ),
      ).toBe(true),
    );
  });
});
