import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import type { CurrentUser } from '../../auth/types';
import { preloadCache } from '../../preload/preloadStore';
import { routeById } from '../../routes/routeTable';
import { renderWithApp } from '../../test/renderWithApp';
import type { JobDetails, JobWrite } from '../../../core/jobs/types';
import { JobItemPage } from './JobItemPage';

const route = routeById('sheetItem')!;
const operator: CurrentUser = { is_loggedin: true, user_id: 3, us_id: 3, role: 'Operator', fullname: 'Olly Operator', settings: { language: 'en-US' } };
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
  // The job screens' data provider methods; jobsProvider.test.ts holds what each one sends.
  const provider = {
    jobDetails: vi.fn(async (_jobId: number) => details),
    jobHistory: vi.fn(async (_jobId: number) => []),
    jobUpdate: vi.fn(async (_jobId: number, _body: Partial<JobWrite>) => undefined),
    jobSiteContacts: vi.fn(async (jsId: number) =>
      CONTACTS.filter((c) => (SITE_CONTACTS[String(jsId)] ?? []).includes(c.jsc_id)).map((c) => ({ id: c.jsc_id, name: c.jsc_name })),
    ),
    // The pickers search through the resource methods; only sites answer here.
    getList: vi.fn(async (resource: string) =>
      resource === 'jobsites'
        ? {
            data: [
              { id: 3, js_id: 3, js_address: '1 High St' },
              { id: 4, js_id: 4, js_address: '2 Low Rd' },
            ],
            total: 2,
          }
        : { data: [], total: 0 },
    ),
    getMany: vi.fn(async () => ({ data: [] })),
  };
  beforeEach(() => {
    resetAuthState();
    for (const fn of Object.values(provider)) fn.mockClear();
    preloadCache.set({
      globalparams: { departments: [{ de_id: 1, de_name: 'Plumbing', de_prefix: 'PL', de_color: null }], roles: [] },
      engineers: [],
      workers: [],
    });
  });
  afterEach(() => preloadCache.set({}));

  it("offers only the chosen site's contacts and clears a contact that does not belong to a newly chosen site", async () => {
    setAuthenticated(operator);
    await renderWithApp(<JobItemPage route={route} title="Job" />, { path: '/sheet/5/details', routePath: '/sheet/:id/:tab?', dataProvider: provider });
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
    await waitFor(() => expect(provider.jobUpdate).toHaveBeenCalled());
    const [jobId, body] = provider.jobUpdate.mock.calls[0];
    expect(jobId).toBe(5);
    expect(body).toMatchObject({ js_id: 4, jsc_id: 8 });
  }, 40_000);
});
