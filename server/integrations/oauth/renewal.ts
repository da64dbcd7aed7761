/**
 * Renewing an access token once, whoever asks: the stored token is used while it is good for
 * another minute; otherwise the row is locked (FOR UPDATE) and read again, so of several callers
 * (in this process or another) the first renews and the others find its token when the lock is
 * theirs. What the endpoint answered is saved in the same transaction, a rotated refresh token
 * included, so a token the provider has replaced is never the only one kept. A recorded refusal
 * stops every later call before it reaches the endpoint.
 *
 * The rows differ (mail servers keep their own columns; outside services have oauth_grants), so
 * each caller passes a seam that reads and writes its row.
 */
import type { Kysely } from 'kysely';
import type { TokenAnswer, TokenOutcome } from './tokenEndpoint';

/** Renew this long before the expiry, so a call never starts with a token about to lapse. */
export const EXPIRY_MARGIN_MS = 60_000;

// The seams' tables are typed by their own modules.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

export interface RenewalSeam<Row> {
  read(db: AnyDb, lock: boolean): Promise<Row>;
  /** The stored access token, decrypted, and its expiry. */
  stored(row: Row): { token: string | null; expiresAt: Date | null };
  /** A refusal recorded earlier, or null. */
  refusal(row: Row): string | null;
  /** Asks the token endpoint (under the lock). */
  request(row: Row): Promise<TokenOutcome>;
  saveGranted(trx: AnyDb, row: Row, answer: TokenAnswer, now: number): Promise<void>;
  saveRefused(trx: AnyDb, row: Row, code: string, now: number): Promise<void>;
}

export type Renewed = { token: string } | { refused: string };

export function stillValid(stored: { token: string | null; expiresAt: Date | null }, now: number): string | null {
  if (!stored.token || !stored.expiresAt) return null;
  return stored.expiresAt.getTime() - now > EXPIRY_MARGIN_MS ? stored.token : null;
}

async function renewLocked<Row>(trx: AnyDb, seam: RenewalSeam<Row>, clock: () => number): Promise<Renewed> {
  const row = await seam.read(trx, true);
  const fresh = stillValid(seam.stored(row), clock());
  if (fresh) return { token: fresh };
  const refused = seam.refusal(row);
  if (refused) return { refused };
  const outcome = await seam.request(row);
  if ('refused' in outcome) {
    await seam.saveRefused(trx, row, outcome.refused, clock());
    return outcome;
  }
  await seam.saveGranted(trx, row, outcome, clock());
  return { token: outcome.accessToken };
}

/**
 * The usable token, or the refusal. `row` is the caller's unlocked read when it has one. The refusal
 * is written by its own transaction, so it commits before the caller throws (inside a caller's
 * transaction the lock is taken there, and the caller decides).
 */
export async function currentOrRenewed<Row>(db: AnyDb, seam: RenewalSeam<Row>, row?: Row, clock: () => number = Date.now): Promise<Renewed> {
  const first = row ?? (await seam.read(db, false));
  const fresh = stillValid(seam.stored(first), clock());
  if (fresh) return { token: fresh };
  const refused = seam.refusal(first);
  if (refused) return { refused };
  return db.isTransaction ? renewLocked(db, seam, clock) : db.transaction().execute((trx) => renewLocked(trx, seam, clock));
}
