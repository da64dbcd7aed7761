import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataProvider } from 'ra-core';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import { renderWithApp } from '../test/renderWithApp';
import { SessionsBlock, SESSIONS_RESOURCE, type SessionRecord } from './SessionsBlock';
import { WithDataProvider } from '../test/WithDataProvider';

const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function session(id: string, over: Partial<SessionRecord>): SessionRecord {
  return { id, created_at: '2026-03-01 08:00:00', last_seen_at: '2026-03-02 09:30:00', ip: '203.0.113.7', user_agent: firefox, current: false, ...over };
}

/** A data provider of this test's own: the sessions in memory, deletes recorded. */
function sessionsProvider(initial: SessionRecord[]) {
  let rows = [...initial];
  const getList = vi.fn(async (resource: string) => {
    expect(resource).toBe(SESSIONS_RESOURCE);
    return { data: rows, total: rows.length };
  });
  const del = vi.fn(async (resource: string, params: { id: unknown; previousData?: unknown }) => {
    expect(resource).toBe(SESSIONS_RESOURCE);
    rows = rows.filter((r) => r.id !== params.id);
    return { data: params.previousData };
  });
  return { provider: { getList, delete: del } as unknown as Partial<DataProvider>, getList, del };
}

describe('sessions panel', () => {
  it('lists device, address and last use, marks this device, and ends another session', async () => {
    resetAuthState();
    setAuthenticated({ is_loggedin: true, user_id: 7, us_id: 7, role: 'Operator', fullname: 'Sam Sessions', settings: { dateFormat: 'YYYY-MM-DD HH:mm:ss' } });
    const { provider, getList, del } = sessionsProvider([
      session('11', { current: true }),
      session('12', { user_agent: iphone, ip: '198.51.100.4', last_seen_at: '2026-03-01 10:00:00' }),
    ]);
    await renderWithApp(
      <WithDataProvider dataProvider={provider}>
        <SessionsBlock />
      </WithDataProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Where you are signed in' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Firefox on Windows');
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('Address: 203.0.113.7');
    // The current session is ended by Logout, not here.
    expect(within(items[0]).queryByRole('button')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Safari on iOS');
    expect(items[1]).toHaveTextContent('Address: 198.51.100.4');
    expect(items[1]).toHaveTextContent(/Last used \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(getList).toHaveBeenCalledTimes(1);

    const end = within(items[1]).getByRole('button', { name: 'End the session of Safari on iOS from 198.51.100.4' });
    end.focus();
    expect(end).toHaveFocus();
    fireEvent.click(end);
    await waitFor(() => expect(del).toHaveBeenCalledWith(SESSIONS_RESOURCE, expect.objectContaining({ id: '12' })));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Where you are signed in' })).getAllByRole('listitem')).toHaveLength(1));
  });

  it('says so when the sessions cannot be loaded', async () => {
    resetAuthState();
    const provider = { getList: vi.fn(async () => Promise.reject(new Error('down'))) } as unknown as Partial<DataProvider>;
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderWithApp(
      <WithDataProvider dataProvider={provider}>
        <SessionsBlock />
      </WithDataProvider>,
    );
    expect(await screen.findByText('The sessions could not be loaded.')).toBeInTheDocument();
    quiet.mockRestore();
  });
});
