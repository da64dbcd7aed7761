/**
 * The brand's accounting connection: its latest Xero grant (oauth_grants, owner the brand), whose
 * external_id and display_name are the chosen tenant's id and name. Every caller asks this one
 * module, so the sync routes and the connection page agree on whether the brand is connected.
 */
import type { FastifyRequest } from 'fastify';
import type { GrantRow, OAuthDb } from '../integrations/oauth/tables';
import { grantBearer, providerClient, type ProviderClient } from '../integrations/http/providerClient';
import { xeroEndpoints } from '../integrations/providerConfig';

export type ConnectionStatus = 'connected' | 'not_connected' | 'reconnect_needed';

export type AccountingConnection =
  | { connected: false; status: Exclude<ConnectionStatus, 'connected'>; grant: GrantRow | null }
  | { connected: true; status: 'connected'; tenantId: string; grant: GrantRow };

/** A Xero tenant as GET /connections lists it (the fields used). */
export interface XeroTenant {
  id: string;
  tenantId: string;
  tenantName: string | null;
}

// The brand database is typed without the oauth tables (they belong to the integrations' migration).
export const oauthDb = (req: FastifyRequest): OAuthDb => req.db as unknown as OAuthDb;

/** The brand's latest Xero grant, whatever its status (a refusal or revocation is the newest word). */
export async function latestXeroGrant(db: OAuthDb): Promise<GrantRow | null> {
  const row = await db
    .selectFrom('oauth_grants')
    .selectAll()
    .where('provider', '=', 'xero')
    .where('owner_kind', '=', 'brand')
    .where('owner_id', '=', 0)
    .orderBy('status', (ob) => ob.asc()) // 'active' first
    .orderBy('connected_at', 'desc')
    .orderBy('og_id', 'desc')
    .executeTakeFirst();
  return row ?? null;
}

export function connectionOf(grant: GrantRow | null): AccountingConnection {
  if (!grant || grant.status === 'revoked') return { connected: false, status: 'not_connected', grant };
  if (grant.status === 'refused') return { connected: false, status: 'reconnect_needed', grant };
  return { connected: true, status: 'connected', tenantId: grant.external_id, grant };
}

export async function accountingConnection(req: FastifyRequest): Promise<AccountingConnection> {
  return connectionOf(await latestXeroGrant(oauthDb(req)));
}

/** Xero's identity API (GET /connections, DELETE /connections/{id}) for a grant or a fresh access token. */
export function xeroIdentity(auth: { db: OAuthDb; grantId: number } | { accessToken: string }): ProviderClient {
  const bearer = 'accessToken' in auth ? { token: async () => auth.accessToken } : grantBearer(auth.db, auth.grantId);
  return providerClient({ provider: 'xero', baseUrl: xeroEndpoints().identityUrl, auth: bearer });
}

export async function listTenants(client: ProviderClient): Promise<XeroTenant[]> {
  const answer = await client.call<XeroTenant[]>('GET', '/connections');
  return (answer.body ?? []).map((c) => ({ id: c.id, tenantId: c.tenantId, tenantName: c.tenantName ?? null }));
}
