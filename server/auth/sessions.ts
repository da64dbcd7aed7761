/**
 * Sessions live in the brand's schema, so a cookie is meaningless on another brand's host. The
 * browser holds a random 32-byte token; the table holds only its SHA-256.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { isRole } from '../../src/access/roles';
import type { BrandDb } from '../db/types';
import type { SessionUser } from './types';

export const SESSION_COOKIE = 'sid';
export const SESSION_DAYS = 14;
export const SESSION_MAX_AGE_S = SESSION_DAYS * 24 * 3600;
/** Sliding expiry is renewed at most this often, to avoid a write per request. */
export const SLIDE_EVERY_MS = 10 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: BrandDb, usId: number, ip: string | null, userAgent: string | null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      us_id: usId,
      expires_at: sql<Date>`now() + make_interval(days => ${SESSION_DAYS})`,
      ip,
      user_agent: userAgent?.slice(0, 500) ?? null,
    })
    .execute();
  // Expired rows of this user are dead weight; a login is a cheap moment to drop them.
  await db.deleteFrom('sessions').where('us_id', '=', usId).where('expires_at', '<', sql<Date>`now()`).execute();
  return token;
}

export async function findSessionUser(db: BrandDb, tokenHash: string): Promise<{ user: SessionUser; lastSeen: Date } | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.us_id', 's.us_id')
    .select(['u.us_id', 'u.email', 'u.role', 'u.firstname', 'u.surname', 'u.nickname', 'u.fullname', 'u.is_hidden', 'u.settings', 's.last_seen_at'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return null;
  const { last_seen_at, role, ...rest } = row;
  return { user: { ...rest, role: isRole(role) ? role : null, settings: (rest.settings ?? {}) as Record<string, unknown> }, lastSeen: last_seen_at };
}

export async function touchSession(db: BrandDb, tokenHash: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: sql<Date>`now()`, expires_at: sql<Date>`now() + make_interval(days => ${SESSION_DAYS})` })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function deleteSession(db: BrandDb, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}
