import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routeById } from '../routes/routeTable';
import { renderWithApp } from '../test/renderWithApp';
import { EngineerViewPage } from './EngineerViewPage';
import type { EngineerFlagName, EngineerJob } from '../../core/engineerportal/types';

const route = routeById('engineerView')!;
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

describe('EngineerJobFlags', () => {
  // The portal's data provider methods; engineerProvider.test.ts holds what each one sends.
  const dataProvider = {
    engineerJob: vi.fn(async (_jobId: number) => job),
    engineerCosts: vi.fn(async (_jobId: number) => null),
    engineerSite: vi.fn(async (_jsId: number) => null),
    engineerSiteNotes: vi.fn(async (_jsId: number) => []),
    engineerSetFlag: vi.fn(async (_jobId: number, _name: EngineerFlagName, value: boolean, _note: string) => ({ ...job, job_has_issue: value })),
  };
  beforeEach(() => {
    for (const fn of Object.values(dataProvider)) fn.mockClear();
  });

  it('shows the stored flags and reports an issue with a note to the server', async () => {
    await renderWithApp(<EngineerViewPage route={route} title="Engineer view" />, { path: '/engineer-view/7', routePath: '/engineer-view/:id?', dataProvider });
    const section = await screen.findByRole('region', { name: 'Problems on this job' });
    const issue = within(section).getByRole('switch', { name: 'This job has an issue' });
    expect(issue).not.toBeChecked();
    expect(within(section).getByRole('switch', { name: 'Remedial work is needed' })).toBeChecked();

    fireEvent.change(within(section).getByLabelText('Note for the office'), { target: { value: 'Boiler cupboard locked' } });
    fireEvent.click(issue);
    await waitFor(() => expect(issue).toBeChecked());
    expect(dataProvider.engineerSetFlag.mock.calls).toEqual([[7, 'issue', true, 'Boiler cupboard locked']]);
    // The note went with the flag; the field is empty for the next one.
    expect(within(section).getByLabelText('Note for the office')).toHaveValue('');
  });
});
