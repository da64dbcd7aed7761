/**
 * The live update stream's events (GET /api/events, server-sent events): what changed, never the
 * data itself; the SPA reloads what it shows. `resync` says events may have been missed (the
 * server's listening connection was re-opened): everything shown is read again.
 */
export type LiveEventName = 'mail' | 'sync' | 'reminders' | 'job' | 'resync';

export interface LiveEventData {
  /** mail, sync: the mail account whose mail or sync state changed. */
  accountId?: number;
  /** job: the job someone else saved. */
  jobId?: number;
}

export const LIVE_EVENT_NAMES: readonly LiveEventName[] = ['mail', 'sync', 'reminders', 'job', 'resync'];
