/**
 * The reminders' calls (server/notifications), merged into the app's data provider and used
 * through useRemindersProvider() with react-query. A refusal's notice is shown by the client, so
 * the changes answer false instead of throwing.
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { HttpClient } from '../dataProvider/httpClient';
import { succeeded } from '../dataProvider/succeeded';
import type { NotificationType } from '../../core/enums';

export interface NotificationRow {
  notif_id: number;
  notif_type: NotificationType;
  job_id: number | null;
  job_number: string | null;
  notif_params?: Record<string, unknown>;
  is_flagged: boolean;
  is_rendered: boolean;
  created_by_name: string | null;
  created_at: string;
}

export interface RemindersProvider {
  /** One page of the user's reminders, newest first, with the total for the pager. */
  reminders(wireFilter: Record<string, unknown>, page: number, limit: number, signal?: AbortSignal): Promise<{ rows: NotificationRow[]; total: number }>;
  /** Marks reminders as seen, so the badge counts only the others; quiet: the list stays usable if it fails. */
  markRemindersSeen(ids: number[]): Promise<boolean>;
  flagReminder(id: number, flagged: boolean): Promise<boolean>;
  removeReminders(ids: number[]): Promise<boolean>;
}

const R = { resource: 'notifications' } as const;

export function remindersProvider(client: HttpClient): RemindersProvider {
  return {
    async reminders(wireFilter, page, limit, signal) {
      const res = await client<NotificationRow[]>('notifications/filter', {
        ...R,
        method: 'POST',
        body: wireFilter,
        query: { limit, pagenumber: page, sort: '-created_at', totalcount: 1 },
        signal,
      });
      return { rows: res?.data ?? [], total: res?.metadata?.totalCount ?? 0 };
    },
    markRemindersSeen: (ids) => succeeded(client('notifications/markNotifsAsRendered', { ...R, method: 'POST', body: { notif_ids: ids }, quiet: true })),
    flagReminder: (id, flagged) => succeeded(client(`notifications/${id}/flaggedstatus`, { ...R, method: 'POST', body: { is_flagged: flagged } })),
    removeReminders: (ids) => succeeded(client('notifications/removenotifications', { ...R, method: 'POST', body: { notif_ids: ids } })),
  };
}

export const useRemindersProvider = () => useDataProvider<DataProvider & RemindersProvider>();
