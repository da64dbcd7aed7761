import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EngineerCosts, EngineerCostWrite, EngineerJobRow } from '../../core/jobs/costs/types';
import type { EngineerJob } from '../../core/engineerportal/types';
import { routeById } from '../routes/routeTable';
import { renderWithApp } from '../test/renderWithApp';
import { EngineerViewPage } from './EngineerViewPage';

const route = routeById('engineerView')!;
const details: EngineerJob = {
  job_id: 7,
  job_number: 'PLB000007',
  job_status: 'BOOKED',
  job_desc: 'Leaking tap',
  js_id: 3,
  js_address: '1 High Street',
  de_name: 'Plumbing',
  job_start: '2026-11-23 09:00:00',
  job_end: null,
  locked: true,
  job_details: null,
  js_city: 'London',
  js_postcode: 'N1 1AA',
  costdesc: 'Two visits',
  job_has_issue: false,
  job_has_remedial: false,
};
const costs = (locked: boolean): EngineerCosts => ({
  job_id: 7,
  locked,
  total: '59.97',
  currency: 'GBP',
  rows: [
    {
      jc_id: 21,
      jc_item: 'Valve',
      jc_desc_engineer: 'Fitted',
      jc_qty_engineer: '3',
      jc_net_price_engineer: '19.99',
      entered_by_office: false,
      jc_desc_operator: null,
      jc_qty_operator: null,
      jc_net_price_operator: null,
      jc_cost_type: null,
      jc_material_type: null,
      jc_material_eta: null,
      jc_locked: locked,
      jc_net_total: '59.97',
    },
  ],
});

describe('EngineerViewPage', () => {
  let locked = false;
  // The portal's data provider methods; engineerProvider.test.ts holds what each one sends.
  const dataProvider = {
    engineerJob: vi.fn(async (_jobId: number) => details),
    engineerCosts: vi.fn(async (_jobId: number) => costs(locked)),
    engineerSaveCosts: vi.fn(async (_jobId: number, _rows: EngineerCostWrite[]) => costs(locked)),
    engineerLockCosts: vi.fn(async (_jobId: number) => costs(true)),
    engineerSite: vi.fn(async (_jsId: number) => null),
    engineerSiteNotes: vi.fn(async (_jsId: number) => []),
    engineerJobs: vi.fn(async (_filter: unknown, _page: number) => ({ rows: [] as EngineerJobRow[], total: 0 })),
    engineerNotifications: vi.fn(async (_page: number) => ({ rows: [], total: 0 })),
    engineerGeneralDocs: vi.fn(async (_jobId: number) => []),
    engineerInvoices: vi.fn(async (_jobId: number) => []),
  };
  beforeEach(() => {
    for (const fn of Object.values(dataProvider)) fn.mockClear();
  });
  const answer = (isLocked: boolean) => {
    locked = isLocked;
  };

  it('shows the locked notice word for word and disables every cost input', async () => {
    answer(true);
    await renderWithApp(<EngineerViewPage route={route} title="Engineer view" />, { path: '/engineer-view/7', routePath: '/engineer-view/:id?', dataProvider });
    const section = await screen.findByRole('region', { name: 'My costs' });
    expect(within(section).getByText('Your costs are locked!')).toBeInTheDocument();
    for (const label of ['Item (row 1)', "Engineer's description (row 1)", 'Quantity (row 1)', 'Net price (row 1)'])
      expect(within(section).getByLabelText(label)).toBeDisabled();
    expect(within(section).getByRole('button', { name: 'Save my costs' })).toBeDisabled();
    expect(within(section).getByRole('button', { name: 'Submit and lock my costs' })).toBeDisabled();
    expect(within(section).getByRole('button', { name: 'Add row' })).toBeDisabled();
    expect(screen.getByLabelText('Description of my costs')).toBeDisabled();
    expect(screen.getByText(/1 High Street, London, N1 1AA/)).toBeInTheDocument();
  });

  it('lets an unlocked engineer edit, save and lock their costs', async () => {
    answer(false);
    await renderWithApp(<EngineerViewPage route={route} title="Engineer view" />, { path: '/engineer-view/7', routePath: '/engineer-view/:id?', dataProvider });
    const section = await screen.findByRole('region', { name: 'My costs' });
    expect(within(section).queryByText('Your costs are locked!')).toBeNull();
    const qty = within(section).getByLabelText('Quantity (row 1)');
    expect(qty).toBeEnabled();
    fireEvent.change(qty, { target: { value: '2' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save my costs' }));
    await waitFor(() => expect(dataProvider.engineerSaveCosts).toHaveBeenCalledWith(7, [expect.objectContaining({ jc_id: 21, jc_qty_engineer: '2' })]));
    fireEvent.click(within(section).getByRole('button', { name: 'Submit and lock my costs' }));
    await waitFor(() => expect(dataProvider.engineerLockCosts).toHaveBeenCalledWith(7));
  });

  it('lists the engineer jobs without an id, 10 a page', async () => {
    dataProvider.engineerJobs.mockResolvedValueOnce({ rows: [{ ...details, job_id: 8, job_number: 'PLB000008' } as unknown as EngineerJobRow], total: 1 });
    await renderWithApp(<EngineerViewPage route={route} title="Engineer view" />, { path: '/engineer-view', routePath: '/engineer-view/:id?', dataProvider });
    expect(await screen.findByRole('button', { name: 'Open job PLB000008' })).toBeInTheDocument();
    expect(dataProvider.engineerJobs).toHaveBeenCalledWith({ job_number: '', jobsite_name: '', job_status_ids: [] }, 1, expect.any(AbortSignal));
  });
});
