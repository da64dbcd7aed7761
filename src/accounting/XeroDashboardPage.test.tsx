import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../test/renderWithApp';
import { DASHBOARD_REFRESH_MS, XeroDashboardPage } from './XeroDashboardPage';
import type { XeroDashboard } from '../../core/accounting/dashboard';
import type { AppRoute } from '../routes/types';

const route = { id: 'xeroDashboard', path: '/xero/dashboard', title: 'pages.xeroDashboard', layout: 'main', page: 'xeroDashboard' } as AppRoute;

const minutes = Array.from({ length: 60 }, (_, i) => ({
  at: `2026-11-27 ${String(10 + Math.floor(i / 60)).padStart(2, '0')}:${String(i).padStart(2, '0')}:00`,
  // 3 calls in minute 50 (one 429), 12 in the last minute: 15 in all.
  calls: i === 50 ? 3 : i === 59 ? 12 : 0,
  throttled: i === 50 ? 1 : 0,
}));
const days = ['21', '22', '23', '24', '25', '26', '27'].map((d, i) => ({
  day: `2026-11-${d} 12:00:00`,
  calls: i === 6 ? 15 : i === 3 ? 1200 : 0,
  throttled: i === 6 ? 1 : 0,
}));

const dashboard = (over: Partial<XeroDashboard> = {}): XeroDashboard => ({
  connected: true,
  status: 'connected',
  organisation: 'Demo Company (UK)',
  limits: { perMinute: 60, perDay: 5000, concurrent: 5, budgetPerMinute: 58, budgetPerDay: 4950 },
  perMinute: minutes,
  perDay: days,
  budget: { minuteRemaining: 46, dayRemaining: 3735, inFlight: 2, blockedUntil: null },
  xeroRemaining: { minute: 48, day: 3785, appMinute: 9000, seenAt: '2026-11-27 10:59:30', problem: null },
  queue: { pending: 7, failed: 2, done: 40 },
  resources: [
    { resource: 'contacts', next_page: 3, progress_done: 200, progress_total: 450, modified_since: null, last_run_at: '2026-11-27 10:00:00', last_error: null },
    { resource: 'items', next_page: 0, progress_done: 80, progress_total: 80, modified_since: null, last_run_at: null, last_error: 'XE_CONN_ERR' },
  ],
  ...over,
});

describe('XeroDashboardPage', () => {
  it('shows the remaining budget, 429s, queue, both charts with their limits and text summaries, and the pulls', async () => {
    const provider = { xeroDashboard: vi.fn(async () => dashboard()) };
    await renderWithApp(<XeroDashboardPage route={route} title="Xero dashboard" />, { dataProvider: provider });

    const minuteCard = await screen.findByRole('region', { name: 'Left this minute' });
    expect(within(minuteCard).getByText('46')).toBeInTheDocument();
    expect(within(minuteCard).getByText('of 58 in our budget')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Left today' })).getByText('3,735')).toBeInTheDocument();
    const throttled = screen.getByRole('region', { name: '429s in the last hour' });
    expect(within(throttled).getByText('1')).toBeInTheDocument();
    expect(within(throttled).getByText(/Not blocked/)).toBeInTheDocument();
    const queue = screen.getByRole('region', { name: 'Queue' });
    expect(within(queue).getByText('9')).toBeInTheDocument();
    expect(within(queue).getByText(/7 pending, 2 failed/)).toBeInTheDocument();
    expect(screen.getByText('Xero says: 48 this minute, 3,785 today')).toBeInTheDocument();
    expect(screen.getByText('Organisation: Demo Company (UK)')).toBeInTheDocument();

    // Each chart is a figure named by its heading and described by its summary.
    const perMinute = screen.getByRole('figure', { name: 'Calls per minute, last hour' });
    expect(perMinute).toHaveAccessibleDescription('Last hour: 15 calls, 1 answered 429. Busiest minute: 12 of the 60 Xero allows; this minute: 12.');
    const perDay = screen.getByRole('figure', { name: 'Calls per day, last 7 days' });
    expect(perDay).toHaveAccessibleDescription('Last 7 days: 1,215 calls, 1 answered 429. Busiest day: 1,200 of the 5,000 Xero allows; today: 15.');

    const table = screen.getByRole('table', { name: 'Pulls' });
    const contacts = within(table).getByText('contacts').closest('tr')!;
    expect(within(contacts).getByText('3')).toBeInTheDocument();
    expect(within(contacts).getByText('200 of 450')).toBeInTheDocument();
    const items = within(table).getByText('items').closest('tr')!;
    expect(within(items).getByText('off')).toBeInTheDocument();
    expect(within(items).getByText('never')).toBeInTheDocument();
    expect(within(items).getByText('XE_CONN_ERR')).toBeInTheDocument();
    // The scrolling box of the table is reachable by keyboard.
    expect(screen.getByRole('region', { name: 'Pulls' })).toHaveAttribute('tabindex', '0');
  });

  it('says when Xero refused the connection and links to the connection page, still showing the queue', async () => {
    const provider = {
      xeroDashboard: vi.fn(async () =>
        dashboard({
          connected: false,
          status: 'reconnect_needed',
          organisation: null,
          budget: { minuteRemaining: 0, dayRemaining: 10, inFlight: 0, blockedUntil: '2026-11-27 11:00:00' },
        }),
      ),
    };
    await renderWithApp(<XeroDashboardPage route={route} title="Xero dashboard" />, { dataProvider: provider });
    expect(await screen.findByText(/Xero refused the connection/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Xero connection' })).toHaveAttribute('href', '/xero');
    expect(within(screen.getByRole('region', { name: '429s in the last hour' })).getByText(/Blocked until/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Queue' })).getByText('9')).toBeInTheDocument();
  });

  it('asks again every 30 seconds and shows the new numbers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const provider = {
        xeroDashboard: vi
          .fn(async () => dashboard())
          .mockResolvedValueOnce(dashboard())
          .mockResolvedValueOnce(dashboard({ budget: { minuteRemaining: 31, dayRemaining: 3700, inFlight: 0, blockedUntil: null } })),
      };
      await renderWithApp(<XeroDashboardPage route={route} title="Xero dashboard" />, { dataProvider: provider });
      const card = await screen.findByRole('region', { name: 'Left this minute' });
      expect(within(card).getByText('46')).toBeInTheDocument();
      expect(provider.xeroDashboard).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS);
      await waitFor(() => expect(within(card).getByText('31')).toBeInTheDocument());
      expect(provider.xeroDashboard).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
