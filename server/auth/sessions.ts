/**
 * Sessions live in the brand's schema, so a cookie is meaningless on another brand's host. The
 * browser holds a random 32-byte token; the table holds only its SHA-256.
 *
 * A session ends when it has not been used for the idle timeout (SESSION_IDLE_MINUTES) or when it
 * is older than its absolute lifetime (SESSION_MAX_HOURS), whichever comes first, and at once when
 * its user is hidden. Both limits are checked on every lookup against `last_seen_at` and
 * `created_at`, so a changed setting applies to the sessions already open; `expires_at` is kept
 * as the earlier of the two, for cleaning up and for the sessions list.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { isRole } from '../../core/access/roles';
import type { BrandDb } from '../db/types';
import type { SessionUser } from './types';

export const DEFAULT_IDLE_MINUTES = 240;
export const DEFAULT_MAX_HOURS = 12;

export interface SessionLimits {
  idleMinutes: number;
  maxHours: number;
  /** The cookie's Max-Age: the absolute lifetime. */
  maxAgeS: number;
  /** `last_seen_at` is written at most this often (a write per request would be too many). */
  slideEveryMs: number;
}

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not '${value}'`);
  return n;
}

let limits: SessionLimits | null = null;

/** From SESSION_IDLE_MINUTES and SESSION_MAX_HOURS, read once. */
export function sessionLimits(): SessionLimits {
  if (limits) return limits;
  const idleMinutes = positive(process.env.SESSION_IDLE_MINUTES, DEFAULT_IDLE_MINUTES, 'SESSION_IDLE_MINUTES');
  const maxHours = positive(process.env.SESSION_MAX_HOURS, DEFAULT_MAX_HOURS, 'SESSION_MAX_HOURS');
  limits = { idleMinutes, maxHours, maxAgeS: Math.round(maxHours * 3600), slideEveryMs: Math.min(10 * 60 * 1000, (idleMinutes * 60 * 1000) / 10) };
  return limits;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const idleInterval = () => sql<Date>`make_interval(secs => ${sessionLimits().idleMinutes * 60})`;
const maxInterval = () => sql<Date>`make_interval(secs => ${sessionLimits().maxHours * 3600})`;
/** The earlier of "idle from now" and "the absolute end", for `expires_at`. */
const expiresFromNow = () => sql<Date>`least(now() + ${idleInterval()}, created_at + ${maxInterval()})`;

export async function createSession(db: BrandDb, usId: number, ip: string | null, userAgent: string | null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      us_id: usId,
      expires_at: sql<Date>`now() + least(${idleInterval()}, ${maxInterval()})`,
      ip,
      user_agent: userAgent?.slice(0, 500) ?? null,
    })
    .execute();
  // Ended rows of this user are dead weight; a login is a cheap moment to drop them.
  await db
    .deleteFrom('sessions')
    .where('us_id', '=', usId)
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', sql<Date>`now()`),
        eb('last_seen_at', '<=', sql<Date>`now() - ${idleInterval()}`),
        eb('created_at', '<=', sql<Date>`now() - ${maxInterval()}`),
      ]),
    )
    .execute();
  return token;
}

export async function findSessionUser(db: BrandDb, tokenHash: string): Promise<{ user: SessionUser; lastSeen: Date } | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.us_id', 's.us_id')
    .select(['u.us_id', 'u.email', 'u.role', 'u.firstname', 'u.surname', 'u.nickname', 'u.fullname', 'u.is_hidden', 'u.settings', 's.last_seen_at'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.last_seen_at', '>', sql<Date>`now() - ${idleInterval()}`)
    .where('s.created_at', '>', sql<Date>`now() - ${maxInterval()}`)
    .where('u.is_hidden', '=', false)
    .executeTakeFirst();
  if (!row) return null;
  const { last_seen_at, role, ...rest } = row;
  return { user: { ...rest, role: isRole(role) ? role : null, settings: (rest.settings ?? {}) as Record<string, unknown> }, lastSeen: last_seen_at };
}

export async function touchSession(db: BrandDb, tokenHash: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: sql<Date>`now()`, expires_at: expiresFromNow() })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function deleteSession(db: BrandDb, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Every session of a user ends (hidden, disabled); `except` keeps the caller's own. */
export async function deleteUserSessions(db: BrandDb, usId: number, except?: string | null): Promise<void> {
  let q = db.deleteFrom('sessions').where('us_id', '=', usId);
  if (except) q = q.where('token_hash', '!=', except);
  await q.execute();
}

export interface SessionRow {
  ses_id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}

/** The user's open sessions, most recently used first. */
export async function listUserSessions(db: BrandDb, usId: number, currentHash: string | null): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['ses_id', 'token_hash', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
    .where('us_id', '=', usId)
    .where('last_seen_at', '>', sql<Date>`now() - ${idleInterval()}`)
    .where('created_at', '>', sql<Date>`now() - ${maxInterval()}`)
    .orderBy('last_seen_at', 'desc')
    .orderBy('ses_id', 'desc')
    .limit(200)
    .execute();
  return rows.map(({ token_hash, ...r }) => ({ ...r, ses_id: String(r.ses_id), current: token_hash === currentHash }));
}

/** Ends one of the user's own sessions by its public id; the token's hash (for the cache) or null when not theirs. */
export async function deleteUserSession(db: BrandDb, usId: number, sesId: string): Promise<string | null> {
  const row = await db.deleteFrom('sessions').where('us_id', '=', usId).where('ses_id', '=', sesId).returning('token_hash').executeTakeFirst();
  return row?.token_hash ?? null;
}
