/**
 * xeroauth: the brand's Xero connection (INTEGRATIONS.md, Accounting). loginUrl begins a connect
 * (PKCE, state kept server-side) that returns to the SPA's /xero-connect page, which posts `code`
 * and `state` to `connect`; the tenants are read with GET /connections and, when there are several,
 * the answer lists them and `tenant` picks one. checkstatus tells every staff role that may open
 * /xero how the connection stands; logout removes the connection at Xero and revokes the grant.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNTING_ADMIN_GATE, ACCOUNTING_FEATURES } from '../../core/accounting/constants';
import { STAFF } from '../../core/access/roles';
import { enText } from '../../core/i18n/en-US';
import { invalidField } from '../envelope/errors';
import { beginConnect, completeConnect, OAuthStateError } from '../integrations/oauth/connect';
import { OAuthRefusedError } from '../integrations/oauth/errors';
import type { GrantRow } from '../integrations/oauth/tables';
import { AuthRefused } from '../integrations/http/errors';
import { disconnect } from '../integrations/oauth/grants';
import { providersAreSandbox } from '../integrations/providerConfig';
import { action } from '../http/route';
import { accountingConnection, latestXeroGrant, listTenants, oauthDb, xeroIdentity, type XeroTenant } from './connection';
import { accountingError } from './errors';
import type { SyncDb } from './sync/tables';

const key = 'xeroauth';
const STATUS_GATE = { roles: STAFF, requiredFeatures: ACCOUNTING_FEATURES };
/** The broad scopes (apps made before March 2026 may still ask them); granular ones need a new app registration. */
export const XERO_SCOPES = ['openid', 'profile', 'email', 'offline_access', 'accounting.settings', 'accounting.contacts', 'accounting.transactions'];

const text = { type: ['string', 'null'] };
const statusData = {
  type: 'object',
  properties: {
    connected: { type: 'boolean' },
    status: { type: 'string', enum: ['connected', 'not_connected', 'reconnect_needed'] },
    organisation: text,
    sandbox: { type: 'boolean' },
    message: text,
    connectedBy: text,
    connectedAt: text,
    scopes: { type: 'array', items: { type: 'string' } },
    lastRefreshAt: text,
    /** valid: the access token works; renews: it has expired and the next call renews it; refused: Xero refused the grant. */
    tokenHealth: { type: ['string', 'null'], enum: ['valid', 'renews', 'refused', null] },
    tokenExpiresAt: text,
    /** The latest pull begun (tax rates, items or contacts), its resource and the code that stopped it, if any. */
    lastSyncAt: text,
    lastSyncResource: text,
    lastSyncError: text,
  },
};
const tenantList = { type: 'array', items: { type: 'object', properties: { tenantId: { type: 'string' }, tenantName: text } } };
const connectData = { type: 'object', properties: { connected: { type: 'boolean' }, organisation: text, tenants: tenantList } };

/** The SPA page Xero returns to, on the origin the request came to (registered with Xero per domain). */
const redirectUri = (req: FastifyRequest) => `${req.protocol}://${req.host}/xero-connect`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function tokenHealth(g: GrantRow, now = Date.now()): 'valid' | 'renews' | 'refused' {
  if (g.status === 'refused') return 'refused';
  return g.expires_at && g.expires_at.getTime() > now ? 'valid' : 'renews';
}

/** The pull begun last, whichever resource it was. */
async function lastSync(req: FastifyRequest) {
  const row = await (req.db as unknown as SyncDb)
    .selectFrom('xero_sync_state')
    .select(['resource', 'last_run_at', 'last_error'])
    .where('last_run_at', 'is not', null)
    .orderBy('last_run_at', 'desc')
    .executeTakeFirst();
  return {
    lastSyncAt: row?.last_run_at ? new Date(row.last_run_at).toISOString() : null,
    lastSyncResource: row?.resource ?? null,
    lastSyncError: row?.last_error ?? null,
  };
}

async function checkStatus(req: FastifyRequest) {
  const c = await accountingConnection(req);
  const g = c.grant;
  const base = { connected: c.connected, status: c.status, sandbox: providersAreSandbox() };
  if (!g || c.status === 'not_connected') return { ...base, organisation: null, message: null };
  const by = g.connected_by
    ? await req.db!.selectFrom('users').select(['fullname', 'email']).where('us_id', '=', g.connected_by).executeTakeFirst()
    : undefined;
  return {
    ...base,
    organisation: g.display_name,
    message: c.status === 'reconnect_needed' ? enText('xeroCodes.AUTHERROR') : null,
    connectedBy: by ? by.fullname || by.email : null,
    connectedAt: iso(g.connected_at),
    scopes: g.scopes.split(' ').filter(Boolean),
    lastRefreshAt: iso(g.last_refresh_at),
    tokenHealth: tokenHealth(g),
    tokenExpiresAt: iso(g.expires_at),
    ...(await lastSync(req)),
  };
}

const pickTenant = (t: XeroTenant) => ({ tenantId: t.tenantId, tenantName: t.tenantName });

export function registerConnectRoutes(app: FastifyInstance): void {
  action(
    app,
    { method: 'GET', url: '/api/xeroauth/checkstatus', key, gate: STATUS_GATE, data: statusData, summary: 'How the brand’s Xero connection stands' },
    async (req) => ({
      data: await checkStatus(req),
    }),
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/xeroauth/loginUrl',
      key,
      gate: ACCOUNTING_ADMIN_GATE,
      data: { type: 'object', properties: { url: { type: 'string' } } },
      summary: 'Begin connecting Xero: the authorize URL to open',
    },
    async (req) => {
      const url = await beginConnect(oauthDb(req), {
        provider: 'xero',
        ownerKind: 'brand',
        ownerId: 0,
        userId: req.user!.us_id,
        redirectUri: redirectUri(req),
        returnTo: '/xero',
        scopes: XERO_SCOPES,
      });
      return { data: { url } };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/xeroauth/connect',
      key,
      gate: ACCOUNTING_ADMIN_GATE,
      body: {
        type: 'object',
        properties: { code: { type: 'string', minLength: 1, maxLength: 2000 }, state: { type: 'string', minLength: 1, maxLength: 500 } },
        required: ['code', 'state'],
        additionalProperties: false,
      },
      data: connectData,
      change: true,
      summary: 'Complete connecting Xero with the code and state Xero sent back',
    },
    async (req) => {
      const { code, state } = req.body as { code: string; state: string };
      let tenants: XeroTenant[] = [];
      try {
        const { grant } = await completeConnect(oauthDb(req), {
          state,
          code,
          redirectUri: redirectUri(req),
          userId: req.user!.us_id,
          // The grant is the tenant's: the first one until the user picks another (POST xeroauth/tenant).
          identify: async ({ accessToken }) => {
            tenants = await listTenants(xeroIdentity({ accessToken }));
            if (!tenants.length) throw accountingError('AUTHERROR', 'Xero connected no organisation');
            return { externalId: tenants[0].tenantId, displayName: tenants[0].tenantName };
          },
        });
        return { data: { connected: true, organisation: grant.display_name, tenants: tenants.length > 1 ? tenants.map(pickTenant) : [] } };
      } catch (error) {
        if (error instanceof OAuthStateError) throw invalidField('state', 'connect.badState');
        if (error instanceof OAuthRefusedError) throw accountingError('AUTHERROR', error.message);
        throw error;
      }
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/xeroauth/tenant',
      key,
      gate: ACCOUNTING_ADMIN_GATE,
      body: { type: 'object', properties: { tenantId: { type: 'string', minLength: 1, maxLength: 100 } }, required: ['tenantId'], additionalProperties: false },
      data: connectData,
      change: true,
      summary: 'Choose which of the connected Xero organisations the brand uses',
    },
    async (req) => {
      const { tenantId } = req.body as { tenantId: string };
      const db = oauthDb(req);
      const grant = await latestXeroGrant(db);
      if (!grant || grant.status !== 'active') throw accountingError('AUTHERROR');
      const tenants = await listTenants(xeroIdentity({ db, grantId: grant.og_id })).catch((error: unknown) => {
        // The grant was refused on renewal (it is `refused` now): the page shows "reconnect".
        if (error instanceof AuthRefused) throw accountingError('AUTHERROR', error.message);
        throw error;
      });
      const chosen = tenants.find((t) => t.tenantId === tenantId);
      if (!chosen) throw invalidField('tenantId');
      await db.updateTable('oauth_grants').set({ external_id: chosen.tenantId, display_name: chosen.tenantName }).where('og_id', '=', grant.og_id).execute();
      return { data: { connected: true, organisation: chosen.tenantName, tenants: [] } };
    },
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/xeroauth/logout',
      key,
      gate: ACCOUNTING_ADMIN_GATE,
      data: statusData,
      change: true,
      summary: 'Disconnect Xero (removed at Xero, the grant revoked)',
    },
    async (req) => {
      const db = oauthDb(req);
      const grant = await latestXeroGrant(db);
      if (grant && grant.status !== 'revoked') {
        if (grant.status === 'active') {
          // Xero keeps the app connected to the tenant until the connection itself is deleted.
          try {
            const client = xeroIdentity({ db, grantId: grant.og_id });
            const connection = (await listTenants(client)).find((t) => t.tenantId === grant.external_id);
            if (connection) await client.call('DELETE', `/connections/${encodeURIComponent(connection.id)}`);
          } catch (error) {
            // A refused or unreachable Xero does not keep the user connected here: the grant is still ended.
            req.log.warn({ err: error }, 'xero: the connection could not be deleted at Xero');
          }
        }
        await disconnect(db, grant.og_id);
      }
      return { data: await checkStatus(req) };
    },
  );
}
