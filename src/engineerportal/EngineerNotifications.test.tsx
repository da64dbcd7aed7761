import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, configureApi } from '../dataProvider/apiClient';
import { engineerProvider } from './engineerProvider';
import { routeById } from '../routes/routeTable';
import { renderWithApp } from '../test/renderWithApp';
import { EngineerViewPage } from './EngineerViewPage';
import type { EngineerNotification } from '../../core/engineerportal/types';

const route = routeById('engineerView')!;
const envelope = (data: unknown, totalCount?: number) =>
  new Response(
    JSON.stringify({ engineerportal: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true }, totalCount } } }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );

const planned: EngineerNotification = {
  notif_id: 41,
  notif_type: 'JOB_PLANNED',
  job_id: 7,
  job_number: 'PLB000007',
  notif_params: {},
  created_by_name: 'Olivia Operator',
  created_at: '2026-11-20 08:30:00',
};

// The portal's real provider methods over the one http client: these tests also hold what goes on the wire.
const dataProvider = engineerProvider(api);

describe('EngineerNotifications', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let stored: EngineerNotification[] = [];
  beforeEach(() => {
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    stored = [planned];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('engineerportal/notifications')) return envelope(stored, stored.length);
      if (url.endsWith('engineerportal/removenotification')) {
        const { notif_id } = JSON.parse(String(init?.body)) as { notif_id: number };
        stored = stored.filter((n) => n.notif_id !== notif_id);
        return envelope({ notif_id });
      }
      return envelope([], 0);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the engineer’s notifications above their jobs and removes one', async () => {
    await renderWithApp(<EngineerViewPage route={route} title="Engineer view" />, { path: '/engineer-view', routePath: '/engineer-view/:id?', dataProvider });
    const section = await screen.findByRole('region', { name: 'My notifications' });
    expect(await within(section).findByText('Job planned')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'PLB000007' })).toBeInTheDocument();
    expect(within(section).getByText('Olivia Operator')).toBeInTheDocument();
    const [listUrl] = fetchMock.mock.calls.find(([u]) => String(u).includes('engineerportal/notifications'))!;
    expect(String(listUrl)).toContain('limit=10&pagenumber=1&totalcount=1');

    fireEvent.click(within(section).getByRole('button', { name: 'Remove notification Job planned PLB000007' }));
    expect(await within(section).findByText('No notifications.')).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, init]) => String(u).endsWith('engineerportal/removenotification') && init?.method === 'POST')).toBe(true),
    );
  });
});
