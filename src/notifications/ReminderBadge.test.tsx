import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import type { CurrentUser } from '../auth/types';
import { configureApi } from '../dataProvider/apiClient';
import { renderWithApp } from '../test/renderWithApp';
import { REMINDER_BADGE_INTERVAL_MS, reminderBadge, resetReminderBadge } from './badgeStore';
import { ReminderBadge } from './ReminderBadge';

const user = (role: CurrentUser['role']): CurrentUser => ({
  is_loggedin: true,
  user_id: 3,
  us_id: 3,
  role,
  fullname: 'Olly Operator',
  settings: { language: 'en-US' },
});
const info = (count: number, ids: number[]) =>
  new Response(
    JSON.stringify({ notifications: { data: { count, ids }, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true } } } }),
    { status: 200 },
  );

describe('reminder badge', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetAuthState();
    resetReminderBadge();
    configureApi('http://test/api');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the count from getRoleRelatedNotifInfo and keeps the badge state', async () => {
    setAuthenticated(user('Operator'));
    fetchMock.mockResolvedValueOnce(info(2, [7, 6]));
    await renderWithApp(<ReminderBadge />);
    expect(await screen.findByRole('button', { name: 'Reminders: 2 new' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toBe('http://test/api/notifications/getRoleRelatedNotifInfo');
    expect(reminderBadge.get()).toMatchObject({ inProgress: false, count: 2, ids: [7, 6] });
    expect(reminderBadge.get().lastRequestTime).not.toBeNull();
    expect(REMINDER_BADGE_INTERVAL_MS).toBe(60_000);
  });

  it('refreshes the count on the interval without a reload; a click opens /reminders', async () => {
    setAuthenticated(user('Admin'));
    fetchMock.mockResolvedValueOnce(info(2, [7, 6])).mockResolvedValueOnce(info(5, [11, 10, 9, 7, 6]));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await renderWithApp(<ReminderBadge />);
    expect(await screen.findByRole('button', { name: 'Reminders: 2 new' })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REMINDER_BADGE_INTERVAL_MS - 1);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('button', { name: 'Reminders: 5 new' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reminders: 5 new' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/reminders');
  });

  it('is not shown to roles without reminders', async () => {
    setAuthenticated(user('Engineer'));
    await renderWithApp(<ReminderBadge />);
    expect(screen.queryByRole('button', { name: /Reminders/ })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
