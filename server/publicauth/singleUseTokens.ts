/**
 * A user's single-use link tokens (password reset, the portal's sign-in link): 32 random bytes in
 * the link, only their SHA-256 in the table, valid for a fixed number of minutes and consumed by one
 * atomic UPDATE, so a token works exactly once even when two tabs submit it together.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { hashToken } from '../auth/sessions';
import type { BrandDb } from '../db/types';

interface UserTokensTable {
  token_hash: string;
  us_id: number;
  expires_at: Date | string;
  used_at: Date | string | null;
}

type TokenTable = 'password_tokens' | 'portal_login_tokens';

export interface SingleUseTokens {
  /** A new link for the user; their older ones stop working. */
  create(db: BrandDb, usId: number): Promise<string>;
  /** The user id the token belongs to, once; null when unknown, expired or already used. */
  consume(db: BrandDb, token: string): Promise<number | null>;
}

export function singleUseTokens(table: TokenTable, minutes: number): SingleUseTokens {
  const tokens = (db: BrandDb) => db as unknown as Kysely<Record<TokenTable, UserTokensTable>>;
  return {
    async create(db, usId) {
      const token = randomBytes(32).toString('base64url');
      // Expired rows of anyone go too, a day late, so the table does not grow with links never used.
      await tokens(db)
        .deleteFrom(table)
        .where((eb) => eb.or([eb('us_id', '=', usId), eb('expires_at', '<', sql<Date>`now() - interval '1 day'`)]))
        .execute();
      await tokens(db)
        .insertInto(table)
        .values({ token_hash: hashToken(token), us_id: usId, expires_at: sql<Date>`now() + make_interval(mins => ${minutes})`, used_at: null })
        .execute();
      return token;
    },
    async consume(db, token) {
      const row = await tokens(db)
        .updateTable(table)
        .set({ used_at: sql<Date>`now()` })
        .where('token_hash', '=', hashToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('us_id')
        .executeTakeFirst();
      return row?.us_id ?? null;
    },
  };
}
