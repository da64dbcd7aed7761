/**
 * The one PostgreSQL NOTIFY channel every process and worker raises live events on, and its
 * payload. Database triggers (migration 0046) raise mail, sync and reminder events whoever writes;
 * routes raise the rest with `raiseEvent`. A NOTIFY is sent when its transaction commits, and
 * identical payloads of one transaction arrive once.
 */
import { sql } from 'kysely';

export const EVENT_CHANNEL = 'live_events';

/** The payload on the wire between processes (short keys: NOTIFY payloads stay under 8000 bytes). */
export interface ChannelEvent {
  /** The brand's schema. */
  s: string;
  k: 'mail' | 'sync' | 'reminders' | 'job';
  /** Mail account id (mail, sync; mail with `u` when a user's links changed). */
  a?: number;
  /** The user it concerns (reminders; mail link changes). */
  u?: number;
  /** Job id. */
  j?: number;
  /** Who made the change (job), so their own tabs are not told. */
  b?: number;
}

export function parseChannelEvent(payload: string | undefined): ChannelEvent | null {
  if (!payload) return null;
  try {
    const e = JSON.parse(payload) as ChannelEvent;
    return typeof e.s === 'string' && typeof e.k === 'string' ? e : null;
  } catch {
    return null;
  }
}

/** Raises an event through the database, so every API process hears it (this one included). */
export async function raiseEvent(db: Parameters<ReturnType<typeof sql>['execute']>[0], event: ChannelEvent): Promise<void> {
  await sql`select pg_notify(${EVENT_CHANNEL}, ${JSON.stringify(event)})`.execute(db);
}
