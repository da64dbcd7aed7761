/**
 * The body of POST notifications/filter: types (several), flagged, job_id, job_number (the start of
 * a job number, any case) and stext (≥ 3 characters, over the job number and the parameters).
 */
import { sql } from 'kysely';
import { NOTIFICATION_TYPES } from '../../core/enums';
import { invalidField } from '../envelope/errors';
import { containsPattern, likeEscape } from '../resources/likeEscape';
import { asObject } from '../http/objects';
import { parseSearchText } from '../http/listQuery';
import type { JobDb } from '../jobs/tables';
import { isId, ownRows } from './wire';

export interface NotificationFilter {
  types: string[] | null;
  flagged: boolean | null;
  job_id: number | null;
  job_number: string | null;
  stext: string | null;
}

const KNOWN = new Set(['types', 'flagged', 'job_id', 'job_number', 'stext']);

export function parseNotificationFilter(input: unknown): NotificationFilter {
  const body = asObject(input);
  for (const key of Object.keys(body)) if (!KNOWN.has(key)) throw invalidField(key);
  const f: NotificationFilter = { types: null, flagged: null, job_id: null, job_number: null, stext: null };
  if (body.types !== undefined && body.types !== null) {
    const types = Array.isArray(body.types) ? body.types : [body.types];
    types.forEach((t, i) => {
      if (typeof t !== 'string' || !(NOTIFICATION_TYPES as readonly string[]).includes(t)) throw invalidField(`types[${i}]`);
    });
    f.types = types.length ? (types as string[]) : null;
  }
  if (body.flagged !== undefined && body.flagged !== null) {
    if (typeof body.flagged !== 'boolean') throw invalidField('flagged');
    f.flagged = body.flagged;
  }
  if (body.job_id !== undefined && body.job_id !== null) {
    if (!isId(body.job_id)) throw invalidField('job_id');
    f.job_id = body.job_id;
  }
  if (body.job_number !== undefined && body.job_number !== null) {
    if (typeof body.job_number !== 'string') throw invalidField('job_number');
    const number = body.job_number.trim();
    if (number.length > 100) throw invalidField('job_number', 'validation.max100');
    f.job_number = number || null;
  }
  // Blank text searches nothing.
  f.stext = parseSearchText(body.stext, { max100: true });
  return f;
}

/** The user's own rows narrowed by the filter. */
export function filteredRows(db: JobDb, usId: number, f: NotificationFilter) {
  let q = ownRows(db, usId);
  if (f.types) q = q.where('n.notif_type', 'in', f.types);
  if (f.flagged !== null) q = q.where('n.is_flagged', '=', f.flagged);
  if (f.job_id !== null) q = q.where('n.job_id', '=', f.job_id);
  if (f.job_number) q = q.where('j.job_number', 'ilike', `${likeEscape(f.job_number)}%`);
  if (f.stext) {
    const pattern = containsPattern(f.stext);
    q = q.where((eb) => eb.or([eb('j.job_number', 'ilike', pattern), eb(sql<string>`n.notif_params::text`, 'ilike', pattern)]));
  }
  return q;
}
