/**
 * The Xero gate: every request under /xero goes through, in Xero's order, the bearer check, the
 * contract (a violation is answered 400 and recorded), the tenant check, the rate limits, the
 * scenario faults and idempotency, then the operation's handler. Answers carry the rate headers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OpenAPIBackend } from 'openapi-backend';
import { parseJson, readBody, send, type Answer } from '../http';
import type { AuthServer } from '../types';
import { contactHandlers } from './contacts';
import type { XeroCall, XeroHandler } from './context';
import { documentHandlers } from './documents';
import { shortened, type Faults } from './faults';
import { identityHandlers } from './identity';
import { itemHandlers } from './items';
import type { RateLimiter } from './limits';
import { paramsFor, routeOf } from './routes';
import type { XeroState } from './state';
import { forbidden, problem, unauthorized } from './wire';

export interface Violation {
  method: string;
  path: string;
  operationId: string | null;
  errors: unknown[];
}

export interface XeroContracts {
  identity: OpenAPIBackend;
  accounting: OpenAPIBackend;
}

export interface GateDeps {
  state: XeroState;
  limiter: RateLimiter;
  faults: Faults;
  now: () => number;
  baseUrl: () => string;
  contracts: XeroContracts | null;
  violations: Violation[];
  auth?: AuthServer;
  /** Tokens accepted when no `auth` is given (the fake's own tests): token → subject. */
  allowedTokens: Map<string, string>;
}

const HANDLERS: Record<string, XeroHandler> = { ...identityHandlers, ...contactHandlers, ...itemHandlers, ...documentHandlers };
const ACCOUNTING_ROOT = '/xero/api.xro/2.0';
const CALL_LOG_LIMIT = 5000;

/** The page an OnlineInvoiceUrl opens (public, as Xero's is): the invoice's number and amounts. */
function onlineInvoicePage(state: XeroState, invoiceId: string): Answer {
  for (const tenant of state.tenants.values()) {
    const invoice = tenant.invoices.get(invoiceId.toLowerCase());
    if (!invoice) continue;
    const d = invoice.data;
    const esc = (v: unknown) => String(v ?? '').replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    return {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: `<!doctype html><title>${esc(d.InvoiceNumber)}</title><h1>${esc(tenant.name)}: invoice ${esc(d.InvoiceNumber)}</h1><p>Total ${esc(d.Total)} ${esc(d.CurrencyCode)}, due ${esc(d.AmountDue)}</p>`,
    };
  }
  return { status: 404, body: "The resource you're looking for cannot be found" };
}

export function createXeroGate(deps: GateDeps) {
  /** The subject a bearer token belongs to, or null (unknown, expired, revoked or another provider's). */
  function subjectOf(req: IncomingMessage): string | null {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return null;
    if (!deps.auth) return deps.allowedTokens.get(token) ?? null;
    const info = deps.auth.accessTokenInfo(token);
    return info?.provider === 'xero' ? info.subject : null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://provider.local');
    if (!/^\/xero(\/|$)/.test(url.pathname)) return false;
    const method = (req.method ?? 'GET').toUpperCase();
    // The identity file writes /Connections; clients call /connections.
    const identity = /^\/xero\/connections(\/|$)/i.test(url.pathname);
    const path = identity ? url.pathname.replace(/^\/xero\/connections/i, '/xero/Connections') : url.pathname;
    const relative = identity ? path.slice('/xero'.length) : path.startsWith(ACCOUNTING_ROOT) ? path.slice(ACCOUNTING_ROOT.length) : null;
    const text = await readBody(req);
    const online = /^\/xero\/online\/invoice\/([^/]+)$/.exec(url.pathname);
    if (online) {
      send(res, onlineInvoicePage(deps.state, decodeURIComponent(online[1])));
      return true;
    }

    const subject = subjectOf(req);
    if (subject === null) {
      send(res, unauthorized());
      return true;
    }

    const violation = (operationId: string | null, errors: unknown[]): true => {
      deps.violations.push({ method, path: url.pathname + url.search, operationId, errors });
      send(res, { status: 400, body: { Type: 'ContractViolation', errors } });
      return true;
    };

    let body: unknown;
    try {
      body = parseJson(text);
    } catch {
      return violation(null, [{ message: 'the request body is not JSON' }]);
    }

    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
    const api = deps.contracts ? (identity ? deps.contracts.identity : deps.contracts.accounting) : null;
    const request = { method, path, query: url.search.replace(/^\?/, ''), headers: headers as Record<string, string>, body };
    const operationId = api
      ? (api.matchOperation(request)?.operationId ?? null)
      : relative === null
        ? null
        : (routeOf(method, relative, identity)?.operationId ?? null);
    if (operationId === null) {
      // Not in the contract: an adapter calling it has drifted, so it is recorded as a violation too.
      deps.violations.push({ method, path: url.pathname + url.search, operationId: null, errors: [{ message: 'no operation of the contract matches' }] });
      send(res, { status: 404, body: "The resource you're looking for cannot be found" });
      return true;
    }
    if (api) {
      const result = api.validateRequest(request, operationId);
      if (!result.valid) return violation(operationId, result.errors ?? []);
    }
    // The contract states this limit in the parameter's description only, where no validator reads it.
    if ((headers['idempotency-key']?.length ?? 0) > 128) {
      return violation(operationId, [{ instancePath: '/header/idempotency-key', message: 'Idempotency-Key is 128 characters at most' }]);
    }

    const tenantId = identity ? null : (headers['xero-tenant-id'] ?? '').toLowerCase();
    const tenant = tenantId === null ? null : (deps.state.tenants.get(tenantId) ?? null);
    if (tenantId !== null && (!tenant || !deps.state.isConnected(subject, tenantId))) {
      send(res, forbidden());
      return true;
    }

    const lease = deps.limiter.take(tenantId);
    const log = (status: number, lost = false) => {
      if (!tenant) return;
      tenant.calls.push({ at: deps.now(), method, path: url.pathname, operationId, status, ...(lost ? { lost } : {}) });
      if (tenant.calls.length > CALL_LOG_LIMIT) tenant.calls.splice(0, tenant.calls.length - CALL_LOG_LIMIT);
    };
    const answer = (a: Answer) => {
      log(a.status);
      send(res, { ...a, headers: { ...lease.headers, ...a.headers } });
      return true;
    };
    if (!lease.ok) return answer(problem(429, 'Too Many Requests', 'Rate limit exceeded'));
    try {
      if (deps.faults.latencyMs > 0) await new Promise((r) => setTimeout(r, deps.faults.latencyMs));
      const failure = deps.faults.takeFailure(operationId);
      if (failure !== null) return answer(problem(failure, failure === 503 ? 'Service Unavailable' : 'Injected failure', 'failNext'));

      const handler = HANDLERS[operationId];
      if (!handler)
        return answer({ status: 501, body: { Type: 'NotImplemented', operationId, Detail: 'The provider sandbox does not serve this operation yet.' } });

      // Xero keeps an Idempotency-Key's first answer per operation and gives it again.
      const key = method !== 'GET' ? headers['idempotency-key'] : undefined;
      const memoryKey = `${operationId} ${key}`;
      const remembered = key && tenant ? tenant.idempotent.get(memoryKey) : undefined;
      if (remembered) return answer(remembered);

      const call: XeroCall = {
        operationId,
        params: (relative !== null && paramsFor(operationId, relative)) || {},
        query: url.searchParams,
        headers,
        body,
        subject,
        tenant,
        state: deps.state,
        now: deps.now(),
        baseUrl: deps.baseUrl(),
      };
      const result = handler(call);
      if (key && tenant) tenant.idempotent.set(memoryKey, result);

      if (deps.faults.takeLoss(operationId)) {
        // The write is committed; the client never hears of it.
        log(result.status, true);
        req.socket.destroy();
        return true;
      }
      return answer(deps.faults.takeShort(operationId) ? shortened(result) : result);
    } finally {
      if (lease.ok) lease.release();
    }
  }

  return { handle };
}
