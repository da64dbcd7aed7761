import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import { renderWithApp } from '../../test/renderWithApp';
import type { JobHistoryRow } from '../../../core/jobs/types';
import { HistoryPanel } from './HistoryPanel';

const rows: JobHistoryRow[] = [
  {
    jh_id: 2,
    us_id: 1,
    fullname: 'Alice Morgan',
    jh_entity: 'job',
    jh_entity_id: 5,
    jh_action: 'update',
    created_at: '2026-11-20 10:00:00',
    jh_changes: { js_id: { from: 3, to: 4 }, jsc_id: { from: 7, to: null }, job_status: { from: 'QUOTED', to: 'BOOKED' } },
    jh_names: { 'site:3': '1 High St', 'site:4': '2 Low Rd', 'sitecontact:7': 'Tina Tenant' },
  },
  {
    jh_id: 1,
    us_id: 1,
    fullname: 'Alice Morgan',
    jh_entity: 'job',
    jh_entity_id: 5,
    jh_action: 'create',
    created_at: '2026-11-19 10:00:00',
    jh_changes: { de_id: 1, co_id: 4, engineers: [{ us_id: 9, is_lead: true }], assigned: [3] },
    jh_names: { 'department:1': 'Plumbing', 'contact:4': 'Acme Ltd', 'user:9': 'Ethan Clarke', 'user:3': 'Oliver Bennett' },
  },
];

describe('history panel', () => {
  beforeEach(() => resetAuthState());

  it('shows names and labels, never the raw ids', async () => {
    setAuthenticated({ is_loggedin: true, user_id: 1, us_id: 1, role: 'Admin', fullname: 'Alice Morgan', settings: { language: 'en-US' } });
    const provider = { jobHistory: vi.fn(async (_jobId: number) => rows) };
    await renderWithApp(<HistoryPanel jobId={5} />, { dataProvider: provider });
    const table = await screen.findByRole('table', { name: 'History' });
    expect(provider.jobHistory).toHaveBeenCalledWith(5, expect.any(AbortSignal));
    const [update, created] = within(table).getAllByRole('row').slice(1);
    expect(update).toHaveTextContent('Job changed: Site: 1 High St → 2 Low Rd; Site contact: Tina Tenant → —; Status: Quoted → Booked');
    expect(created).toHaveTextContent('Job created: Department: Plumbing; Client: Acme Ltd; Engineers: Ethan Clarke (Lead); Assigned users: Oliver Bennett');
  }, 30_000);
});
