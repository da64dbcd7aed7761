/**
 * Who may hear which event: the stream's user, in the stream's brand, with their role and their
 * linked mail accounts. Mail and sync events go to the users linked to the account; reminder
 * events to the user they belong to; a job event to the office staff other than who saved it.
 */
import { checkAccess, type Gate } from '../../core/access/access';
import type { BrandFeatures } from '../../core/brand/types';
import type { LiveEventData, LiveEventName } from '../../core/events/types';
import { JOB_STAFF_GATE } from '../jobs/access';
import { MAIL_CLIENT_GATE } from '../mail/client/access';
import { REMINDER_GATE } from '../notifications/wire';
import type { SessionUser } from '../auth/types';
import type { ChannelEvent } from './channel';

export interface Audience {
  schema: string;
  user: SessionUser;
  features: BrandFeatures | undefined;
  /** The enabled-or-not mail accounts linked to the user. */
  accounts: Set<number>;
}

const allowed = (a: Audience, gate: Gate) => checkAccess(gate, { role: a.user.role, features: a.features }).ok;

/** The event as the stream sends it to this user, or null when it is not theirs to see. */
export function eventFor(a: Audience, e: ChannelEvent): { name: LiveEventName; data: LiveEventData } | null {
  if (e.s !== a.schema) return null;
  switch (e.k) {
    case 'mail':
    case 'sync':
      if (!allowed(a, MAIL_CLIENT_GATE) || e.a === undefined || !a.accounts.has(e.a)) return null;
      return { name: e.k, data: { accountId: e.a } };
    case 'reminders':
      return allowed(a, REMINDER_GATE) && e.u === a.user.us_id ? { name: 'reminders', data: {} } : null;
    case 'job':
      if (!allowed(a, JOB_STAFF_GATE) || e.j === undefined || e.b === a.user.us_id) return null;
      return { name: 'job', data: { jobId: e.j } };
    default:
      return null;
  }
}

/** A link of this user to a mail account was added or removed: the stream reads its links again. */
export const changesLinks = (a: Audience, e: ChannelEvent) => e.s === a.schema && e.k === 'mail' && e.u === a.user.us_id;
