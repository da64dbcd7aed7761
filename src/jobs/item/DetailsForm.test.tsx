import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import type { CurrentUser } from '../../auth/types';
import { configureApi } from '../../dataProvider/apiClient';
import { routeById } from '../../routes/routeTable';
import { renderWithApp } from '../../test/renderWithApp';
import type { JobDetails } from '../../../core/jobs/types';
import { JobItemPage } from './JobItemPage';

const route = routeById('sheetItem')!;
const operator: CurrentUser = { is_loggedin: true, user_id: 3, us_id: 3, role: 'Operator', fullname: 'Olly Operator', settings: { language: 'en-US' } };
const envelope = (key: string, data: unknown) =>
  new Response(JSON.stringify({ [key]: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } } }), {
    status: 200,
  });

const details: JobDetails = {
  job_id: 5,
  job_number: 'PL-0005',
  job_status: 'BOOKED',
  job_wopo: null,
  job_desc: 'Leaking tap',
  de_id: 1,
  de_name: 'Plumbing',
  co_id: null,
  co_name: null,
  js_id: 3,
  js_address: '1 High St',
  pm_id: null,
  pm_name: null,
  job_start: null,
  job_end: null,
  job_tags: [],
  assigned: [],
  net_quote: '0.00',
  net_sales: '0.00',
  created_at: '2026-11-01 10:00:00',
  updated_at: '2026-11-01 10:00:00',
  jsc_id: 7,
  jsc_name: 'Tina Tenant',
  job_details: null,
  job_has_remedial: false,
  job_has_issue: false,
  skip_remedial_check: false,
  remedial_flag: false,
  engineers: [],
  suppliers: [],
  customer_us_id: null,
  can_modify: true,
};
const CONTACTS = [
  { jsc_id: 7, jsc_name: 'Tina Tenant' },
  { jsc_id: 8, jsc_name: 'Sam Concierge' },
  { jsc_id: 9, jsc_name: 'Other Person' },
];
const SITE_CONTACTS: Record<string, number[]> = { '3': [7], '4': [8] };

describe('job details: site contact', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetAuthState();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const site = /\/jobsites\/(\d+)\/details/.exec(url);
      if (site)
        return envelope('jobsites', { js_id: Number(site[1]), sitecontacts: (SITE_CONTACTS[site[1]] ?? []).map((jsc_id) => ({ jsc_id, is_lead: false })) });
      if (url.includes('/jobsites/filter'))
        return envelope('jobsites', [
          { js_id: 3, js_address: '1 High St' },
          { js_id: 4, js_address: '2 Low Rd' },
        ]);
      if (url.includes('/jobsitecontacts/filter')) {
        const ids = (JSON.parse(String(init?.body)) as { ids: number[] }).ids;
        return envelope(
          'jobsitecontacts',
          CONTACTS.filter((c) => ids.includes(c.jsc_id)),
        );
      }
      if (url.includes('/globalparams/list'))
        return envelope('globalparams', { departments: [{ de_id: 1, de_name: 'Plumbing', de_prefix: 'PL', de_color: null }], roles: [] });
      if (url.includes('/jobs/5/history')) return envelope('jobs', []);
      if (url.includes('/jobs/5')) return envelope('jobs', details);
      return envelope('x', []);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("offers only the chosen site's contacts and clears a contact that does not belong to a newly chosen site", async () => {
    setAuthenticated(operator);
    await renderWithApp(<JobItemPage route={route} title="Job" />, { path: '/sheet/5/details', routePath: '/sheet/:id/:tab?' });
    const contact = await screen.findByRole('combobox', { name: 'Site contact' });
    await waitFor(() => expect(contact).toHaveValue('Tina Tenant'));
    fireEvent.mouseDown(contact);
    fireEvent.keyDown(contact, { key: 'ArrowDown' });
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Tina Tenant']);
    fireEvent.keyDown(contact, { key: 'Escape' });

    const site = screen.getByRole('combobox', { name: 'Site' });
    fireEvent.mouseDown(site);
    fireEvent.keyDown(site, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: '2 Low Rd' }));
    await waitFor(() => expect(contact).toHaveValue(''));
    fireEvent.mouseDown(contact);
    fireEvent.keyDown(contact, { key: 'ArrowDown' });
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Sam Concierge']);
    fireEvent.click(screen.getByRole('option', { name: 'Sam Concierge' }));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PATCH')).toBe(true));
    const body = JSON.parse(String(fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH')![1]?.body));
    expect(body).toMatchObject({ js_id: 4, jsc_id: 8 });
  }, 40_000);
});
