import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import type { JobListRow } from '../../../core/jobs/types';
import { renderWithApp } from '../../test/renderWithApp';
import { SheetTable } from './SheetTable';

const row: JobListRow = {
  job_id: 42,
  job_number: 'PL-0042',
  job_status: 'BOOKED',
  job_wopo: null,
  job_desc: 'Boiler service',
  de_id: 1,
  de_name: 'Plumbing',
  co_id: null,
  co_name: null,
  js_id: null,
  js_address: null,
  pm_id: null,
  pm_name: null,
  // 09:00 in London (GMT in November) is 04:00 in New York and 18:00 in Tokyo.
  job_start: '2026-11-20 09:00:00',
  job_end: null,
  job_tags: [],
  assigned: [],
  net_quote: '1024.15',
  net_sales: '0.00',
  created_at: '2026-11-01 10:00:00',
  updated_at: '2026-11-01 10:00:00',
};

async function showFor(timezone: string, money: Partial<JobListRow> = {}) {
  setAuthenticated({
    is_loggedin: true,
    user_id: 3,
    us_id: 3,
    role: 'Operator',
    fullname: 'O',
    settings: { language: 'en-US', dateFormat: 'DD/MM/YYYY HH:mm', timezone },
  });
  await renderWithApp(
    <SheetTable rows={[{ ...row, ...money }]} sort={{ field: 'job_start', order: 'DESC' }} onSort={() => undefined} onOpen={() => undefined} staff />,
  );
  return screen.getByTestId('job-row-42');
}

describe('the sheet shows job times in the user’s time zone, not the browser’s', () => {
  afterEach(() => resetAuthState());

  it('a user in New York sees the 09:00 (London) job at 04:00', async () => {
    expect(within(await showFor('America/New_York')).getByText('20/11/2026 04:00')).toBeInTheDocument();
  });

  it('a user in Tokyo sees it at 18:00', async () => {
    expect(within(await showFor('Asia/Tokyo')).getByText('20/11/2026 18:00')).toBeInTheDocument();
  });

  it('a user in London sees it at 09:00', async () => {
    expect(within(await showFor('Europe/London')).getByText('20/11/2026 09:00')).toBeInTheDocument();
  });
});

describe('the sheet shows money in the UI locale and the currency the server sends', () => {
  afterEach(() => resetAuthState());

  it('shows Net quote and Net sales as money, not raw decimal strings', async () => {
    const shown = await showFor('Europe/London', { currency: 'GBP', net_quote: '1024.15', net_sales: '2048.5' });
    expect(within(shown).getByText('£1,024.15')).toBeInTheDocument();
    expect(within(shown).getByText('£2,048.50')).toBeInTheDocument();
    expect(within(shown).queryByText('1024.15')).toBeNull();
  });

  it('follows the currency of the rows', async () => {
    const shown = await showFor('Europe/London', { currency: 'EUR', net_quote: '10.00', net_sales: '0.00' });
    expect(within(shown).getByText('€10.00')).toBeInTheDocument();
  });
});
