import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routeById } from '../routes/routeTable';
import { renderWithApp } from '../test/renderWithApp';
import { EngineerViewPage } from './EngineerViewPage';
import type { EngineerNotification } from '../../core/engineerportal/types';

const route = routeById('engineerView')!;
const planned: EngineerNotification = {
  notif_id: 41,
  notif_type: 'JOB_PLANNED',
  job_id: 7,
  job_number: 'PLB000007',
  notif_params: {},
  created_by_name: 'Olivia Operator',
  created_at: '2026-11-20 08:30:00',
};

describe('EngineerNotifications', () => {
  let stored: EngineerNotification[] = [];
  // The portal's data provider methods; engineerProvider.test.ts holds what each one sends.
  const dataProvider = {
    engineerJobs: vi.fn(async () => ({ rows: [], total: 0 })),
    engineerNotifications: vi.fn(async (_page: number) => ({ rows: stored, total: stored.length })),
    engineerRemoveNotification: vi.fn(async (notif_id: number) => {
      stored = stored.filter((n) => n.notif_id !== notif_id);
      return { notif_id };
    }),
  };
  beforeEach(() => {
    stored = [planned];
    for (const fn of Object.values(dataProvider)) fn.mockClear();
  });

  it('lists the engineer’s notifications above their jobs and removes one', async () => {
    await renderWithApp(<EngineerViewPage route={route} title="Engineer view" />, { path: '/engineer-view', routePath: '/engineer-view/:id?', dataProvider });
    const section = await screen.findByRole('region', { name: 'My notifications' });
    expect(await within(section).findByText('Job planned')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'PLB000007' })).toBeInTheDocument();
    expect(within(section).getByText('Olivia Operator')).toBeInTheDocument();
    expect(dataProvider.engineerNotifications).toHaveBeenCalledWith(1, expect.any(AbortSignal));

    fireEvent.click(within(section).getByRole('button', { name: 'Remove notification Job planned PLB000007' }));
    expect(await within(section).findByText('No notifications.')).toBeInTheDocument();
    await waitFor(() => expect(dataProvider.engineerRemoveNotification).toHaveBeenCalledWith(41));
  });
});
