import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import type { CurrentUser } from '../../auth/types';
import { api, configureApi } from '../../dataProvider/apiClient';
import { preloadCache } from '../../preload/preloadStore';
import { routeById } from '../../routes/routeTable';
import { renderWithApp } from '../../test/renderWithApp';
import type { JobDetails, JobWrite } from '../../../core/jobs/types';
import { mailProvider } from '../../mail/client/mailProvider';
import { JobItemPage } from './JobItemPage';

const route = routeById('sheetItem')!;
const user = (role: CurrentUser['role']): CurrentUser => ({
  is_loggedin: true,
  user_id: 3,
  us_id: 3,
  role,
  fullname: 'Olly Operator',
  settings: { language: 'en-US' },
});
const envelope = (key: string, data: unknown) =>
  new Response(JSON.stringify({ [key]: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } } }), {
    status: 200,
  });

const job = (over: Partial<JobDetails> = {}): JobDetails => ({
  job_id: 5,
  job_number: 'PL-0005',
  job_status: 'BOOKED',
  job_wopo: 'PO-1',
  job_desc: 'Leaking tap',
  de_id: 1,
  de_name: 'Plumbing',
  co_id: null,
  co_name: null,
  js_id: null,
  js_address: null,
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
  jsc_id: null,
  jsc_name: null,
  job_details: null,
  job_has_remedial: false,
  job_has_issue: false,
  skip_remedial_check: false,
  remedial_flag: false,
  engineers: [],
  suppliers: [],
  customer_us_id: null,
  can_modify: true,
  ...over,
});

describe('job item', () => {
  let details: JobDetails = job();
  // The job screens' data provider methods; jobsProvider.test.ts holds what each one sends.
  const provider = {
    jobDetails: vi.fn(async (_jobId: number) => details),
    jobHistory: vi.fn(async (_jobId: number) => []),
    jobCreate: vi.fn(async (_body: JobWrite) => details),
    jobUpdate: vi.fn(async (_jobId: number, _body: Partial<JobWrite>, _successText?: string) => undefined),
    jobSiteContacts: vi.fn(async (_jsId: number) => []),
    // The engineer picker searches the server's engineers (POST users/engineers/filter).
    getList: vi.fn(async (resource: string, _params?: unknown) =>
      resource === 'users/engineers' ? { data: [{ id: 9, us_id: 9, fullname: 'Ethan Clarke' }], total: 1 } : { data: [], total: 0 },
    ),
    getMany: vi.fn(async () => ({ data: [] })),
    // The E-mails tab is the mail client's (src/mail/client/JobEmails): its call goes to the stubbed fetch.
    mailByJob: vi.fn((jobId: number) => mailProvider(api).mailByJob(jobId)),
  };
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetAuthState();
    for (const fn of Object.values(provider)) fn.mockClear();
    preloadCache.set({
      globalparams: { departments: [{ de_id: 1, de_name: 'Plumbing', de_prefix: 'PL', de_color: null }], roles: [] },
    });
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => envelope('mails', []));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    preloadCache.set({});
  });

  it('a new job is a draft; adding an engineer before a site says "Select a Site first!"', async () => {
    setAuthenticated(user('Operator'));
    await renderWithApp(<JobItemPage route={route} title="Job" />, { path: '/sheet/new/details', routePath: '/sheet/:id/:tab?', dataProvider: provider });
    expect(screen.getByTestId('job-heading')).toHaveTextContent('Draft (no number yet)');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
    expect(screen.getByText('Save the job before copying it.')).toBeInTheDocument();

    const picker = screen.getByRole('combobox', { name: 'Engineer' });
    picker.focus();
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'Eth' } });
    await waitFor(() => expect(provider.getList).toHaveBeenCalledWith('users/engineers', expect.objectContaining({ filter: { q: 'Eth' } })));
    fireEvent.click(await screen.findByRole('option', { name: 'Ethan Clarke' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add engineer' }));
    expect(await screen.findByText('Select a Site first!')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Lead: Ethan Clarke' })).toBeNull();

    // Saving without a department is refused on the spot.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Field is required!')).toBeInTheDocument();
    expect(provider.jobCreate).not.toHaveBeenCalled();
  });

  it('shows the job read-only with the notice when the user may not modify it', async () => {
    details = job({ can_modify: false });
    setAuthenticated(user('Operator'));
    await renderWithApp(<JobItemPage route={route} title="Job" />, { path: '/sheet/5/details', routePath: '/sheet/:id/:tab?', dataProvider: provider });
    expect(await screen.findByText('You are not allowed to modify this job.')).toBeInTheDocument();
    expect(screen.getByTestId('job-heading')).toHaveTextContent('PL-0005');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('a customer cannot change the status and their save never sends it', async () => {
    details = job({ can_modify: true });
    setAuthenticated(user('Customer'));
    await renderWithApp(<JobItemPage route={route} title="Job" />, { path: '/sheet/5/costs', routePath: '/sheet/:id/:tab?', dataProvider: provider });
    // Costs is not a customer's tab: the details show instead.
    const description = await screen.findByRole('textbox', { name: 'Description' });
    expect(screen.queryByRole('tab', { name: 'Costs' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Status' })).toHaveValue('Booked');
    fireEvent.change(description, { target: { value: 'Leaking tap in the kitchen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(provider.jobUpdate).toHaveBeenCalled());
    const [jobId, body, notice] = provider.jobUpdate.mock.calls[0];
    expect(jobId).toBe(5);
    // The save confirms with the job's own number, not the generic "Element updated".
    expect(notice).toBe('Job PL-0005 saved.');
    expect(body).toEqual({ job_wopo: 'PO-1', job_desc: 'Leaking tap in the kitchen', job_details: null });
    expect(body).not.toHaveProperty('job_status');
  });

  it("an unknown tab shows the details; the E-mails tab lists the job's mails", async () => {
    details = job();
    setAuthenticated(user('Operator'));
    await renderWithApp(<JobItemPage route={route} title="Job" />, { path: '/sheet/5/nope', routePath: '/sheet/:id/:tab?', dataProvider: provider });
    expect(await screen.findByRole('form', { name: 'Job details' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Job' });
    fireEvent.click(within(tabs).getByRole('tab', { name: 'E-mails' }));
    expect(await screen.findByText('No e-mails are linked to this job yet.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('mails/getmailsbyjobid/5'))).toBe(true);
  });
});
