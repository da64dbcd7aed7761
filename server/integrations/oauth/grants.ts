/**
 * The token service of the outside services: a usable access token for a stored grant, renewed
 * once under the row lock (./renewal.ts) with the rotated refresh token saved in the same
 * transaction and the previous one kept while the provider still honours it; a refusal turns the
 * grant `refused`, notifies the admins and stops every later call before the endpoint. And
 * disconnecting: revoked at the provider when it has a revocation endpoint, `revoked` here.
 */
import * as oauth from 'oauth4webapi';
import { decryptSecret, encryptSecret } from '../../mail/secrets';
import { PREVIOUS_TOKEN_GRACE_MS, tokenClient } from './clients';
import { OAuthRefusedError } from './errors';
import { notifyRefused } from './refused';
import { currentOrRenewed, type RenewalSeam } from './renewal';
import type { GrantRow, OAuthDb } from './tables';
import { authServerOf, clientAuthOf, clientOf, refreshGrant, requestOptions } from './tokenEndpoint';

export { OAuthRefusedError };

async function readGrant(db: OAuthDb, grantId: number, lock: boolean): Promise<GrantRow> {
  let q = db.selectFrom('oauth_grants').selectAll().where('og_id', '=', grantId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new Error(`OAuth grant ${grantId} is gone`);
  return row;
}

function grantSeam(grantId: number, clock: () => number): RenewalSeam<GrantRow> {
  // Set when the renewal had to fall back on the previous refresh token.
  let usedPrevious = false;
  return {
    read: (db, lock) => readGrant(db as OAuthDb, grantId, lock),
    stored: (row) => ({ token: row.status === 'active' ? decryptSecret(row.access_token_enc) : null, expiresAt: row.expires_at }),
    refusal: (row) => (row.status === 'active' ? null : (row.error_code ?? row.status)),
    async request(row) {
      const client = tokenClient(row.provider);
      const current = decryptSecret(row.refresh_token_enc);
      if (!current) return { refused: 'no_refresh_token' };
      const outcome = await refreshGrant(client, current);
      // The previous token is still honoured within its grace: a current token the provider does
      // not know (its answer was lost, or the save was not what it issued) is not yet the end.
      const previous = decryptSecret(row.prev_refresh_token_enc);
      if ('refused' in outcome && outcome.refused === 'invalid_grant' && previous && row.prev_valid_until && row.prev_valid_until.getTime() > clock()) {
        usedPrevious = true;
        return refreshGrant(client, previous);
      }
      return outcome;
    },
    async saveGranted(trx, row, answer, now) {
      const rotated = answer.refreshToken && answer.refreshToken !== decryptSecret(row.refresh_token_enc);
      const grace = PREVIOUS_TOKEN_GRACE_MS[row.provider];
      await (trx as OAuthDb)
        .updateTable('oauth_grants')
        .set({
          access_token_enc: encryptSecret(answer.accessToken),
          expires_at: new Date(now + answer.expiresIn * 1000),
          last_refresh_at: new Date(now),
          ...(rotated
            ? {
                refresh_token_enc: encryptSecret(answer.refreshToken),
                // After a fallback the token just used is the one the provider honours in grace, not the unknown current one.
                prev_refresh_token_enc: grace ? (usedPrevious ? row.prev_refresh_token_enc : row.refresh_token_enc) : null,
                prev_valid_until: grace ? (usedPrevious ? row.prev_valid_until : new Date(now + grace)) : null,
              }
            : {}),
        })
        .where('og_id', '=', row.og_id)
        .execute();
    },
    async saveRefused(trx, row, code) {
      await (trx as OAuthDb)
        .updateTable('oauth_grants')
        .set({ status: 'refused', error_code: code, access_token_enc: null, expires_at: null })
        .where('og_id', '=', row.og_id)
        .execute();
      await notifyRefused(trx as OAuthDb, row, code);
    },
  };
}

/** A usable access token for a grant; throws OAuthRefusedError once the provider has refused it (without asking again). */
export async function accessToken(db: OAuthDb, grantId: number, clock: () => number = Date.now): Promise<string> {
  const outcome = await currentOrRenewed(db, grantSeam(grantId, clock), undefined, clock);
  if ('refused' in outcome) throw new OAuthRefusedError(`The provider refused OAuth grant ${grantId} (${outcome.refused}); connect again`, outcome.refused);
  return outcome.token;
}

/**
 * Drops a stored access token the provider turned down (401) before its expiry, so the next
 * accessToken() renews. Only that token: one a concurrent caller has renewed meanwhile is kept.
 */
export async function forgetAccessToken(db: OAuthDb, grantId: number, token: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await readGrant(trx, grantId, true);
    if (decryptSecret(row.access_token_enc) !== token) return;
    await trx.updateTable('oauth_grants').set({ access_token_enc: null, expires_at: null }).where('og_id', '=', grantId).execute();
  });
}

/**
 * Ends a grant: the refresh token is revoked at the provider when it has a revocation endpoint
 * (RFC 7009; Microsoft has none), and the grant is `revoked` with its tokens cleared either way,
 * since the user asked to disconnect. Answers whether the provider confirmed the revocation.
 */
export async function disconnect(db: OAuthDb, grantId: number): Promise<{ revokedAtProvider: boolean }> {
  const row = await readGrant(db, grantId, false);
  const token = decryptSecret(row.refresh_token_enc) ?? decryptSecret(row.access_token_enc);
  let revokedAtProvider = false;
  const client = tokenClient(row.provider);
  if (client.revokeUrl && token && row.status !== 'revoked') {
    try {
      const as = authServerOf(client);
      const res = await oauth.revocationRequest(as, clientOf(client), clientAuthOf(client), token, requestOptions(client.revokeUrl));
      await oauth.processRevocationResponse(res);
      revokedAtProvider = true;
    } catch {
      // The provider could not be told; the grant is still forgotten here, and the user can remove the app there.
    }
  }
  await db
    .updateTable('oauth_grants')
    .set({ status: 'revoked', refresh_token_enc: null, access_token_enc: null, expires_at: null, prev_refresh_token_enc: null, prev_valid_until: null })
    .where('og_id', '=', grantId)
    .execute();
  return { revokedAtProvider };
}

export type IdleRenewal = 'renewed' | 'refused' | 'skipped';

/**
 * The keep-alive's renewal of one grant (./keepAlive.ts): an active grant last renewed before
 * `idleBefore` is renewed now, under its row lock, whatever its access token's expiry, so its
 * refresh token (Xero's lapses after 60 days unused) is replaced before it lapses. Checked again
 * under the lock, so of two processes only one renews; a refusal is recorded (and announced) as a
 * call's would be. A passing failure (503, timeout) throws and leaves the grant as it was.
 */
export async function renewIdleGrant(db: OAuthDb, grantId: number, idleBefore: Date, clock: () => number = Date.now): Promise<IdleRenewal> {
  const seam = grantSeam(grantId, clock);
  return db.transaction().execute(async (trx) => {
    const row = await seam.read(trx, true);
    const last = row.last_refresh_at ?? row.connected_at;
    if (row.status !== 'active' || last.getTime() >= idleBefore.getTime()) return 'skipped';
    const outcome = await seam.request(row);
    if ('refused' in outcome) {
      await seam.saveRefused(trx, row, outcome.refused, clock());
      return 'refused';
    }
    await seam.saveGranted(trx, row, outcome, clock());
    return 'renewed';
  });
}
