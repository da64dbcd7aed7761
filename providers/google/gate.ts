/**
 * The Google gate: every request under /google goes through the bearer check (a token the
 * authorization server issued to `google`, with the scope the API needs), the contract (a violation
 * is answered 400 and recorded), the scenario faults (quota answers, failNext), then the operation's
 * handler on the token's account.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseJson, readBody, send, type Answer } from '../http';
import type { AuthServer } from '../types';
import type { Faults } from '../xero/faults';
import type { Violation } from '../xero/gate';
import type { GoogleContracts, GoogleApi } from './contracts';
import type { GoogleCall, GoogleHandler } from './context';
import { driveHandlers } from './drive';
import { apiOf, paramsFor, routeOf } from './routes';
import type { GoogleState } from './state';
import { taskHandlers } from './tasks';
import { googleError, quotaAnswer, userinfoWire } from './wire';

export interface GoogleGateDeps {
  state: GoogleState;
  faults: Faults;
  baseUrl: () => string;
  contracts: GoogleContracts | null;
  violations: Violation[];
  auth?: AuthServer;
  /** Tokens accepted when no `auth` is given (the fake's own tests): token → subject. */
  allowedTokens: Map<string, string>;
}

const HANDLERS: Record<string, GoogleHandler> = {
  ...driveHandlers,
  ...taskHandlers,
  'oauth2.userinfo.get': (call) => ({ status: 200, body: userinfoWire(call.account) }),
};

const CALL_LOG_LIMIT = 5000;

/** Whether the granted scopes reach an API (Google answers 403 insufficientPermissions otherwise). */
function scopeAllows(api: GoogleApi, scopes: string[]): boolean {
  if (api === 'drive') return scopes.some((s) => s.startsWith('https://www.googleapis.com/auth/drive'));
  if (api === 'tasks') return scopes.some((s) => s.startsWith('https://www.googleapis.com/auth/tasks'));
  return scopes.some((s) => ['email', 'profile', 'openid'].includes(s) || s.startsWith('https://www.googleapis.com/auth/userinfo.'));
}

const unauthorized = (): Answer =>
  googleError(401, 'authError', 'Request had invalid authentication credentials.', 'global', {
    'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
  });

export function createGoogleGate(deps: GoogleGateDeps) {
  /** The token's subject and scopes, or null (unknown, expired, revoked or another provider's). */
  function holderOf(req: IncomingMessage): { subject: string; scopes: string[] | null } | null {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return null;
    if (!deps.auth) {
      const subject = deps.allowedTokens.get(token);
      return subject === undefined ? null : { subject, scopes: null };
    }
    const info = deps.auth.accessTokenInfo(token);
    return info?.provider === 'google' ? { subject: info.subject, scopes: info.scopes } : null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://provider.local');
    if (!/^\/google(\/|$)/.test(url.pathname)) return false;
    const method = (req.method ?? 'GET').toUpperCase();
    const text = await readBody(req);
    const where = apiOf(url.pathname);
    if (!where) {
      deps.violations.push({ method, path: url.pathname + url.search, operationId: null, errors: [{ message: 'no Google API is served here' }] });
      send(res, googleError(404, 'notFound', 'Not Found'));
      return true;
    }
    const holder = holderOf(req);
    if (!holder) {
      send(res, unauthorized());
      return true;
    }

    const account = deps.state.account(holder.subject);
    const logCall = (operationId: string | null, status: number) => {
      account.calls.push({ at: deps.state.now(), method, path: url.pathname, operationId, status });
      if (account.calls.length > CALL_LOG_LIMIT) account.calls.splice(0, account.calls.length - CALL_LOG_LIMIT);
    };
    // A violation is also in the account's call log, so a test on a shared server can find its own.
    const record = (operationId: string | null, errors: unknown[]) => {
      deps.violations.push({ method, path: url.pathname + url.search, operationId, errors });
      logCall(operationId, 400);
    };

    let body: unknown;
    try {
      body = parseJson(text);
    } catch {
      record(null, [{ message: 'the request body is not JSON' }]);
      send(res, googleError(400, 'parseError', 'Parse Error'));
      return true;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
    const contract = deps.contracts?.[where.api] ?? null;
    const request = { method, path: url.pathname, query: url.search.replace(/^\?/, ''), headers, body };
    const operationId = contract ? (contract.matchOperation(request)?.operationId ?? null) : (routeOf(where.api, method, where.relative)?.operationId ?? null);
    if (operationId === null) {
      record(null, [{ message: 'no operation of the contract matches' }]);
      send(res, googleError(404, 'notFound', 'Not Found'));
      return true;
    }
    if (contract) {
      const result = contract.validateRequest(request, operationId);
      if (!result.valid) {
        record(operationId, result.errors ?? []);
        send(res, {
          status: 400,
          body: { error: { code: 400, message: 'The request does not follow the contract.', errors: result.errors, status: 'INVALID_ARGUMENT' } },
        });
        return true;
      }
    }
    if (holder.scopes && !scopeAllows(where.api, holder.scopes)) {
      send(res, googleError(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.'));
      return true;
    }

    const answer = (a: Answer) => {
      logCall(operationId, a.status);
      send(res, a);
      return true;
    };
    if (deps.faults.latencyMs > 0) await new Promise((r) => setTimeout(r, deps.faults.latencyMs));
    const failure = deps.faults.takeFailure(operationId);
    if (failure === 403 || failure === 429) return answer(quotaAnswer(failure));
    if (failure !== null) return answer(googleError(failure, 'backendError', 'Backend Error'));

    const handler = HANDLERS[operationId];
    if (!handler) return answer(googleError(501, 'notImplemented', `The provider sandbox does not serve ${operationId} yet.`));
    const call: GoogleCall = {
      operationId,
      params: paramsFor(operationId, where.relative) ?? {},
      query: url.searchParams,
      body: body && typeof body === 'object' ? (body as Record<string, unknown>) : {},
      account,
      state: deps.state,
      now: deps.state.now(),
      baseUrl: deps.baseUrl(),
    };
    return answer(handler(call));
  }

  return { handle };
}
