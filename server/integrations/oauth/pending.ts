/**
 * The connects under way: the `state` sent to the provider is stored only as its SHA-256, beside
 * the PKCE verifier (encrypted), for 10 minutes, and taken (deleted) by the one completion that
 * presents it, so a state cannot be replayed.
 */
import { createHash } from 'node:crypto';
import { decryptSecret, encryptSecret } from '../../mail/secrets';
import type { OAuthDb, OAuthPendingTable } from './tables';
import type { Insertable } from 'kysely';

export const PENDING_LIFETIME_MS = 10 * 60_000;

export const stateHash = (state: string): string => createHash('sha256').update(state).digest('hex');

export class OAuthStateError extends Error {}

export async function savePending(
  db: OAuthDb,
  state: string,
  verifier: string,
  row: Omit<Insertable<OAuthPendingTable>, 'state_hash' | 'verifier_enc' | 'expires_at'>,
  now: number,
): Promise<void> {
  // Connects left unfinished are cleared by the next one, so the table stays small without a job.
  await db.deleteFrom('oauth_pending').where('expires_at', '<', new Date(now)).execute();
  await db
    .insertInto('oauth_pending')
    .values({ ...row, state_hash: stateHash(state), verifier_enc: encryptSecret(verifier)!, expires_at: new Date(now + PENDING_LIFETIME_MS) })
    .execute();
}

/** Takes the pending connect of `state` (once), or throws OAuthStateError when it is unknown, used or expired. */
export async function takePending(db: OAuthDb, state: string, now: number) {
  const row = await db.deleteFrom('oauth_pending').where('state_hash', '=', stateHash(state)).returningAll().executeTakeFirst();
  if (!row) throw new OAuthStateError('Unknown or already used state');
  if (row.expires_at.getTime() <= now) throw new OAuthStateError('The connect took too long; start again');
  return { ...row, verifier: decryptSecret(row.verifier_enc)! };
}
