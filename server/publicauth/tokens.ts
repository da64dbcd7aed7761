/**
 * Password reset tokens (single-use, see singleUseTokens.ts) and registrations waiting for their
 * address to be confirmed.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { BrandDb } from '../db/types';
import { hashToken } from '../auth/sessions';
import { singleUseTokens } from './singleUseTokens';

export const RESET_TOKEN_MINUTES = 60;

export const resetTokens = singleUseTokens('password_tokens', RESET_TOKEN_MINUTES);

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
