/**
 * The Xero accounting API of one brand's connection: every pull and push goes through this one
 * client, so each call carries the tenant header, the grant's bearer (renewed by the token
 * service) and a lease of the brand-and-tenant's share of the rate budget. Errors come typed
 * (../../integrations/http/errors.ts); xeroCodeOf turns them into SPEC point 8's codes.
 */
import type { FastifyRequest } from 'fastify';
import { rootOfBound, type RootDb } from '../../db/types';
import type { BudgetLimits } from '../../integrations/budget/budget';
import { AuthRefused, NotFound, RateLimited, Unavailable, UnexpectedAnswer, Validation } from '../../integrations/http/errors';
import { grantBearer, providerClient, type Answer, type CallOptions } from '../../integrations/http/providerClient';
import type { OAuthDb } from '../../integrations/oauth/tables';
import { xeroEndpoints } from '../../integrations/providerConfig';
import type { XeroCode } from '../../../core/accounting/constants';
import { accountingConnection, oauthDb, type AccountingConnection } from '../connection';
import { accountingError } from '../errors';

/** Xero allows 60 a minute, 5,000 a day and 5 at once per tenant; a small margin is kept for other apps' calls. */
export const XERO_BUDGET_LIMITS: BudgetLimits = { perMinute: 58, perDay: 4950, concurrent: 5 };

export interface XeroApi {
  tenantId: string;
  grantId: number;
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<Answer<T>>;
}

/** The budget's (and the call history's) key of a brand's tenant: its share is the brand's alone. */
export const xeroScopeKey = (schema: string, tenantId: string): string => `xero:${schema}:${tenantId}`;

type Connected = Extract<AccountingConnection, { connected: true }>;

/** The client for a connected brand: `db` is the brand's database (its root holds the budget), `schema` names the brand in the budget key. */
export function xeroApi(db: OAuthDb, schema: string, connection: Connected, opts: { clock?: () => number; limits?: BudgetLimits } = {}): XeroApi {
  const root: RootDb | null = rootOfBound(db);
  const { tenantId } = connection;
  const client = providerClient({
    provider: 'xero',
    baseUrl: xeroEndpoints().apiUrl,
    auth: grantBearer(db, connection.grant.og_id, opts.clock),
    budget: root ? { root, key: { provider: 'xero', scopeKey: xeroScopeKey(schema, tenantId) }, limits: opts.limits ?? XERO_BUDGET_LIMITS } : null,
    clock: opts.clock,
  });
  return {
    tenantId,
    grantId: connection.grant.og_id,
    call: (method, path, options = {}) => client.call(method, path, { ...options, headers: { ...options.headers, 'xero-tenant-id': tenantId } }),
  };
}

/** The request's brand connected to Xero, or AUTHERROR (409) when it is not. */
export async function requestXeroApi(req: FastifyRequest): Promise<XeroApi> {
  const connection = await accountingConnection(req);
  if (!connection.connected) throw accountingError('AUTHERROR');
  return xeroApi(oauthDb(req), req.brand!.schema, connection);
}

/** Xero answered a list of another length than the one sent: no answer can be matched to its record. */
export class CountMismatch extends Error {
  constructor(what: string, sent: number, answered: number) {
    super(`Xero answered ${answered} ${what} for the ${sent} sent.`);
  }
}

/** SPEC point 8's code for a failed Xero call (`notFound` names what was looked for). */
export function xeroCodeOf(error: unknown, notFound: XeroCode = 'XE_NOTEX_ONXERO'): XeroCode {
  if (error instanceof AuthRefused) return 'XE_AUTH_ERR';
  if (error instanceof CountMismatch) return 'XE_COUNT_ERR';
  if (error instanceof NotFound) return notFound;
  if (error instanceof RateLimited || error instanceof Unavailable) return 'XE_CONN_ERR';
  if (error instanceof Validation || error instanceof UnexpectedAnswer) return 'XE_RESULT_ERR';
  return 'XE_UNKNOWN';
}
