import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import { configureApi } from '../dataProvider/apiClient';
import { ReminderBadge } from '../notifications/ReminderBadge';
import { resetReminderBadge } from '../notifications/badgeStore';
import { renderWithApp } from '../test/renderWithApp';
import { FakeSource } from '../test/fakeEventSource';
import { connectLiveEvents, liveConnected, onLiveEvent } from './liveEvents';

const info = (count: number) =>
  new Response(
    JSON.stringify({
      notifications: { data: { count, ids: [] }, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } },
    }),
    { status: 200 },
  );

describe('live update stream', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetAuthState();
    resetReminderBadge();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('EventSource', FakeSource);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens GET /api/events, passes events on, and announces a reconnect after a drop as resync', () => {
    const close = connectLiveEvents('http://test/api/events');
    const source = FakeSource.last;
    expect(source.url).toBe('http://test/api/events');
    const seen: string[] = [];
    const offs = [onLiveEvent('mail', (d) => seen.push(`mail ${d.accountId}`)), onLiveEvent('resync', () => seen.push('resync'))];
    source.onopen?.();
    expect(liveConnected.get()).toBe(true);
    source.emit('mail', { accountId: 4 });
    source.onerror?.();
    expect(liveConnected.get()).toBe(false);
    source.onopen?.();
    expect(seen).toEqual(['mail 4', 'resync']);
    close();
    offs.forEach((off) => off());
    expect(source.closed).toBe(true);
  });

  it('refreshes the reminder badge when the stream says the reminders changed', async () => {
    setAuthenticated({ is_loggedin: true, user_id: 3, us_id: 3, role: 'Operator', fullname: 'Olly Operator', settings: { language: 'en-US' } });
    fetchMock.mockResolvedValueOnce(info(1)).mockResolvedValueOnce(info(4));
    const close = connectLiveEvents('http://test/api/events');
    await renderWithApp(<ReminderBadge />);
    expect(await screen.findByRole('button', { name: 'Reminders: 1 new' })).toBeInTheDocument();
    act(() => FakeSource.last.emit('reminders', {}));
    expect(await screen.findByRole('button', { name: 'Reminders: 4 new' })).toBeInTheDocument();
    close();
  });
});
