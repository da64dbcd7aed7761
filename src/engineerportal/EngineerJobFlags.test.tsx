import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, configureApi } from '../dataProvider/apiClient';
import { engineerProvider } from './engineerProvider';
import { routeById } from '../routes/routeTable';
import { renderWithApp } from '../test/renderWithApp';
import { EngineerViewPage } from './EngineerViewPage';
import type { EngineerJob } from '../../core/engineerportal/types';

const route = routeById('engineerView')!;
const envelope = (data: unknown) =>
  new Response(JSON.stringify({ engineerportal: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } } }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const job: EngineerJob = {
  job_id: 7,
  job_number: 'PLB000007',
  job_status: 'BOOKED',
  job_desc: 'Leaking tap',
  js_id: 3,
  js_address: '1 High Street',
  de_name: 'Plumbing',
  job_start: null,
  job_end: null,
  locked: false,
  job_details: null,
  js_city: null,
  js_postcode: null,
  costdesc: null,
  job_has_issue: false,
  job_has_remedial: true,
};

// The portal's real provider methods over the one http client: these tests also hold what goes on the wire.
const dataProvider = engineerProvider(api);

describe('EngineerJobFlags', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/details')) return envelope(job);
      if (url.endsWith('/issue')) return envelope({ ...job, job_has_issue: JSON.parse(String(init?.body)).job_has_issue });
      return envelope(null);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the stored flags and reports an issue with a note to the server', async () => {
    await renderWithApp(<EngineerViewPage route={route} title="Engineer view" />, { path: '/engineer-view/7', routePath: '/engineer-view/:id?', dataProvider });
    const section = await screen.findByRole('region', { name: 'Problems on this job' });
    const issue = within(section).getByRole('switch', { name: 'This job has an issue' });
    expect(issue).not.toBeChecked();
    expect(within(section).getByRole('switch', { name: 'Remedial work is needed' })).toBeChecked();

    fireEvent.change(within(section).getByLabelText('Note for the office'), { target: { value: 'Boiler cupboard locked' } });
    fireEvent.click(issue);
    await waitFor(() => expect(issue).toBeChecked());
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/engineerportal/7/issue'));
    expect(sent?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ job_has_issue: true, note: 'Boiler cupboard locked' });
    // The note went with the flag; the field is empty for the next one.
    expect(within(section).getByLabelText('Note for the office')).toHaveValue('');
  });
});
