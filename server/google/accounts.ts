/**
 * A user's Google accounts: their Google grants (oauth_grants, owner_kind 'user', owner the user)
 * with the selection and sync state of google_accounts beside each. Every read is scoped to the
 * asking user, so another user's ga_id is simply not there (404).
 */
import type { FastifyRequest } from 'fastify';
import type { Generated, Kysely } from 'kysely';
import type { GoogleAccount } from '../../core/google/types';
import { grantBearer, providerClient, type BearerSource } from '../integrations/http/providerClient';
import type { OAuthDb, OAuthTables } from '../integrations/oauth/tables';
import { googleEndpoints } from '../integrations/providerConfig';

export interface GoogleAccountsTable {
  og_id: number;
  us_id: number;
  disabled: Generated<boolean>;
  last_sync_at: Date | null;
  last_error: string | null;
  drive_page_token: string | null;
  created_at: Generated<Date>;
}

export type GoogleDb = Kysely<OAuthTables & { google_accounts: GoogleAccountsTable }>;

// The brand database is typed without the integration tables (they belong to their own migrations).
export const googleDb = (req: FastifyRequest): GoogleDb => req.db as unknown as GoogleDb;

/** The grant store's view of the same database (its functions know only the oauth tables). */
export const asOAuth = (db: GoogleDb): OAuthDb => db as unknown as OAuthDb;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The user's connected accounts (a disconnected one, `revoked`, is gone), oldest first. */
export async function listAccounts(db: GoogleDb, usId: number): Promise<GoogleAccount[]> {
  const rows = await db
    .selectFrom('oauth_grants as g')
    .leftJoin('google_accounts as a', 'a.og_id', 'g.og_id')
    .select(['g.og_id', 'g.email', 'g.display_name', 'g.picture_url', 'g.status', 'g.scopes', 'g.connected_at', 'a.disabled', 'a.last_sync_at', 'a.last_error'])
    .where('g.provider', '=', 'google')
    .where('g.owner_kind', '=', 'user')
    .where('g.owner_id', '=', usId)
    .where('g.status', '!=', 'revoked')
    .orderBy('g.og_id')
    .execute();
  return rows.map((r) => ({
    ga_id: r.og_id,
    email: r.email,
    name: r.display_name,
    accountDetails: { picture: r.picture_url, email: r.email, name: r.display_name },
    status: r.status === 'active' ? 'connected' : 'reconnect_needed',
    scopes: r.scopes.split(' ').filter(Boolean),
    google_account_selected: r.disabled !== true,
    connectedAt: iso(r.connected_at),
    lastSyncAt: iso(r.last_sync_at),
    lastError: r.last_error,
  }));
}

/** The ids of the user's accounts and those in their stored disabled list. */
export async function selectionOf(db: GoogleDb, usId: number): Promise<{ ids: number[]; disabled: number[] }> {
  const accounts = await listAccounts(db, usId);
  return { ids: accounts.map((a) => a.ga_id), disabled: accounts.filter((a) => !a.google_account_selected).map((a) => a.ga_id) };
}

/** Stores the disabled list: exactly the given accounts are left out, the user's others selected. */
export async function storeDisabled(db: GoogleDb, usId: number, ids: number[], disabled: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .insertInto('google_accounts')
    .values(ids.map((og_id) => ({ og_id, us_id: usId, disabled: disabled.includes(og_id) })))
    .onConflict((oc) => oc.column('og_id').doUpdateSet((eb) => ({ disabled: eb.ref('excluded.disabled') })))
    .execute();
}

/** Google's userinfo (email, name, picture) for a fresh access token or a stored grant. */
export async function userinfo(auth: { accessToken: string } | { db: OAuthDb; grantId: number }) {
  const bearer: BearerSource = 'accessToken' in auth ? { token: async () => auth.accessToken } : grantBearer(auth.db, auth.grantId);
  const client = providerClient({ provider: 'google', baseUrl: googleEndpoints().apiUrl, auth: bearer });
  const answer = await client.call<{ id: string; email?: string; name?: string; picture?: string }>('GET', '/oauth2/v2/userinfo');
  return answer.body;
}
