/**
 * The reminder badge's client state (SPEC.md point 3: inProgress, count, ids, lastRequestTime),
 * refreshed from GET notifications/getRoleRelatedNotifInfo on the frontend cron interval.
 */
import { api } from '../dataProvider/apiClient';
import { CRON_INTERVAL_MS } from '../preload/preloadStore';
import { createStore } from '../util/createStore';

/** How often the badge asks the server; the one place to change it (SPEC.md point 9: 60 s). */
export const REMINDER_BADGE_INTERVAL_MS = CRON_INTERVAL_MS;

export interface ReminderBadgeState {
  inProgress: boolean;
  count: number;
  ids: number[];
  /** ms since the epoch of the last answered request; null before the first. */
  lastRequestTime: number | null;
}

export const INITIAL_BADGE: ReminderBadgeState = { inProgress: false, count: 0, ids: [], lastRequestTime: null };
export const reminderBadge = createStore<ReminderBadgeState>(INITIAL_BADGE);

/** One request at a time: a tick while the previous one is still out is skipped. */
export async function refreshReminderBadge(now: () => number = Date.now): Promise<void> {
  if (reminderBadge.get().inProgress) return;
  reminderBadge.set((s) => ({ ...s, inProgress: true }));
  try {
    // Quiet: a background poll must not put notices on the screen or navigate away.
    const res = await api<{ count: number; ids: number[] }>('notifications/getRoleRelatedNotifInfo', { quiet: true });
    if (res?.data) reminderBadge.set((s) => ({ ...s, count: res.data.count, ids: res.data.ids, lastRequestTime: now() }));
  } catch {
    // The next tick tries again.
  } finally {
    reminderBadge.set((s) => ({ ...s, inProgress: false }));
  }
}

export function resetReminderBadge(): void {
  reminderBadge.set(INITIAL_BADGE);
}
