/**
 * Password reset tokens: 32 random bytes in the link, only their SHA-256 in the table, valid for
 * RESET_TOKEN_MINUTES and consumed by one atomic UPDATE, so a token works exactly once even when
 * two tabs submit it together.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { BrandDb } from '../db/types';
import { hashToken } from '../auth/sessions';

export const RESET_TOKEN_MINUTES = 60;

interface PasswordTokensTable {
  token_hash: string;
  us_id: number;
  expires_at: Date | string;
  used_at: Date | string | null;
}

function tokens(db: BrandDb) {
  return db as unknown as Kysely<{ password_tokens: PasswordTokensTable }>;
}

export async function createResetToken(db: BrandDb, usId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // A new link replaces the older ones of the same user.
  await tokens(db).deleteFrom('password_tokens').where('us_id', '=', usId).execute();
  await tokens(db)
    .insertInto('password_tokens')
    .values({ token_hash: hashToken(token), us_id: usId, expires_at: sql<Date>`now() + make_interval(mins => ${RESET_TOKEN_MINUTES})`, used_at: null })
    .execute();
  return token;
}

/** The user id the token belongs to, once; null when unknown, expired or already used. */
export async function consumeResetToken(db: BrandDb, token: string): Promise<number | null> {
  const row = await tokens(db)
    .updateTable('password_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('us_id')
    .executeTakeFirst();
  return row?.us_id ?? null;
}

interface PendingRegistrationsTable {
  token_hash: string;
  email: string;
  firstname: string;
  surname: string;
  password_hash: string;
  expires_at: Date | string;
}

export interface PendingRegistration {
  email: string;
  firstname: string;
  surname: string;
  /** Already the stored (scrypt) form. */
  password_hash: string;
}

function pending(db: BrandDb) {
  return db as unknown as Kysely<{ pending_registrations: PendingRegistrationsTable }>;
}

/** A registration waiting for its address to be confirmed; the link's token, valid RESET_TOKEN_MINUTES. */
export async function createPendingRegistration(db: BrandDb, reg: PendingRegistration): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await pending(db)
    .deleteFrom('pending_registrations')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await pending(db)
    .insertInto('pending_registrations')
    .values({ token_hash: hashToken(token), ...reg, expires_at: sql<Date>`now() + make_interval(mins => ${RESET_TOKEN_MINUTES})` })
    .execute();
  return token;
}

/** The registration behind a link, once (every other pending one of the address goes too); null when unknown or expired. */
export async function consumePendingRegistration(db: BrandDb, token: string): Promise<PendingRegistration | null> {
  const row = await pending(db)
    .deleteFrom('pending_registrations')
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['email', 'firstname', 'surname', 'password_hash'])
    .executeTakeFirst();
  if (!row) return null;
  await pending(db).deleteFrom('pending_registrations').where('email', '=', row.email).execute();
  return row;
}
