/**
 * The Graph gate: every request under /graph/v1.0 goes through the bearer check (a token the
 * authorization server issued to `microsoft`), the user check (`/me`, or `/users/{id}` naming the
 * token's own user by id or address), the contract (a violation is answered 400 and recorded), the
 * scenario faults (throttling with `Retry-After`, at most `concurrency` calls in flight per mailbox,
 * failNext), then the operation's handler on the token's mailbox.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseJson, readBody, send, type Answer } from '../http';
import type { AuthServer } from '../types';
import type { Faults } from '../xero/faults';
import type { Violation } from '../xero/gate';
import type { OpenAPIBackend } from 'openapi-backend';
import { GRAPH_ROOT } from './contracts';
import type { GraphCall, GraphRoutes } from './context';
import type { GraphMailbox, MicrosoftState } from './state';
import { graphError, throttled } from './wire';

export interface GraphThrottle {
  remaining: number;
  retryAfterS: number;
  operationId?: string;
}

export interface MicrosoftGateDeps {
  state: MicrosoftState;
  faults: Faults;
  routes: GraphRoutes;
  baseUrl: () => string;
  contract: OpenAPIBackend | null;
  violations: Violation[];
  auth?: AuthServer;
  /** Tokens accepted when no `auth` is given (the fake's own tests): token → subject. */
  allowedTokens: Map<string, string>;
  throttles: GraphThrottle[];
  /** Outlook's limit of calls in flight per mailbox and app (4); the next one is throttled. */
  limits: { concurrency: number };
  /** The subject's mailbox, made (and seeded) when new. */
  mailboxOf: (subject: string) => GraphMailbox;
}

const CALL_LOG_LIMIT = 5000;

const unauthorized = (): Answer =>
  graphError(401, 'InvalidAuthenticationToken', 'Access token is empty, invalid or expired.', {
    'www-authenticate': 'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize"',
  });

/** The user part of a Graph path: `/me…` or `/users/{id}…`, and the rest. */
function userOf(relative: string): { user: string | null; rest: string } | null {
  if (relative === '/me' || relative.startsWith('/me/')) return { user: null, rest: relative.slice(3) };
  const m = /^\/users\/([^/]+)(\/.*)?$/.exec(relative);
  return m ? { user: decodeURIComponent(m[1]), rest: m[2] ?? '' } : null;
}

export function createMicrosoftGate(deps: MicrosoftGateDeps) {
  const inFlight = new Map<string, number>();

  /** The subject a bearer token was issued to (a `microsoft` token of the auth server), or null. */
  function subjectOfToken(token: string): string | null {
    if (!deps.auth) return deps.allowedTokens.get(token) ?? null;
    const info = deps.auth.accessTokenInfo(token);
    return info?.provider === 'microsoft' ? info.subject : null;
  }

  function subjectOf(req: IncomingMessage): string | null {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    return token ? subjectOfToken(token) : null;
  }

  function takeThrottle(operationId: string): GraphThrottle | null {
    const i = deps.throttles.findIndex((t) => t.operationId === undefined || t.operationId === operationId);
    if (i < 0) return null;
    const hit = deps.throttles[i];
    if (--hit.remaining <= 0) deps.throttles.splice(i, 1);
    return hit;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://provider.local');
    if (!url.pathname.startsWith(`${GRAPH_ROOT}/`) && url.pathname !== GRAPH_ROOT) return false;
    const method = (req.method ?? 'GET').toUpperCase();
    const text = await readBody(req);
    const relative = url.pathname.slice(GRAPH_ROOT.length);
    const where = userOf(relative);
    if (!where) {
      deps.violations.push({ method, path: url.pathname + url.search, operationId: null, errors: [{ message: 'no Graph mailbox path is served here' }] });
      send(res, graphError(404, 'ResourceNotFound', 'Resource not found for the segment.'));
      return true;
    }
    const subject = subjectOf(req);
    if (subject === null) {
      send(res, unauthorized());
      return true;
    }
    const mailbox = deps.mailboxOf(subject);
    if (where.user !== null && ![mailbox.id, mailbox.mail.toLowerCase(), mailbox.userPrincipalName.toLowerCase()].includes(where.user.toLowerCase())) {
      send(res, graphError(403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.'));
      return true;
    }

    const logCall = (operationId: string | null, status: number) => {
      mailbox.calls.push({ at: deps.state.now(), method, path: url.pathname, operationId, status });
      if (mailbox.calls.length > CALL_LOG_LIMIT) mailbox.calls.splice(0, mailbox.calls.length - CALL_LOG_LIMIT);
    };
    const record = (operationId: string | null, errors: unknown[]) => {
      deps.violations.push({ method, path: url.pathname + url.search, operationId, errors });
      logCall(operationId, 400);
    };

    let body: unknown;
    try {
      body = parseJson(text);
    } catch {
      record(null, [{ message: 'the request body is not JSON' }]);
      send(res, graphError(400, 'BadRequest', 'Unable to read JSON request payload.'));
      return true;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
    const request = { method, path: url.pathname, query: url.search.replace(/^\?/, ''), headers, body };
    let operationId: string | null;
    if (deps.contract) {
      const matched = deps.contract.matchOperation(request)?.operationId ?? null;
      if (matched === null) {
        record(null, [{ message: 'no operation of the contract matches' }]);
        send(res, graphError(400, 'BadRequest', `Resource not found for the segment '${relative.split('/').pop()}'.`));
        return true;
      }
      const result = deps.contract.validateRequest(request, matched);
      if (!result.valid) {
        record(matched, result.errors ?? []);
        send(res, { status: 400, body: { error: { code: 'BadRequest', message: 'The request does not follow the contract.', details: result.errors } } });
        return true;
      }
      operationId = matched.replace(/^me\./, '');
    } else operationId = deps.routes.byPath(method, where.rest)?.operationId ?? null;

    const answer = (a: Answer) => {
      logCall(operationId, a.status);
      send(res, a);
      return true;
    };
    const route = operationId ? deps.routes.byOperation(operationId) : null;
    if (!operationId || !route)
      return answer(graphError(501, 'NotImplemented', `The provider sandbox does not serve ${operationId ?? `${method} ${relative}`} yet.`));

    const throttle = takeThrottle(operationId);
    if (throttle) return answer(throttled(throttle.retryAfterS));
    const busy = inFlight.get(mailbox.id) ?? 0;
    if (busy >= deps.limits.concurrency) return answer(throttled(1));
    inFlight.set(mailbox.id, busy + 1);
    try {
      if (deps.faults.latencyMs > 0) await new Promise((r) => setTimeout(r, deps.faults.latencyMs));
      const failure = deps.faults.takeFailure(operationId);
      if (failure === 429) return answer(throttled(1));
      if (failure !== null) return answer(graphError(failure, 'ServiceNotAvailable', 'The service is temporarily unavailable.'));
      const call: GraphCall = {
        operationId,
        method,
        params: deps.routes.params(route, where.rest),
        query: url.searchParams,
        headers,
        body,
        mailbox,
        state: deps.state,
        now: deps.state.now(),
        graphUrl: `${deps.baseUrl()}${GRAPH_ROOT}`,
      };
      return answer(await route.handler(call));
    } finally {
      inFlight.set(mailbox.id, (inFlight.get(mailbox.id) ?? 1) - 1);
    }
  }

  /** The mailbox a bearer token opens (made when new), or null: the mail handlers' bearer check. */
  const mailboxOfToken = (token: string): GraphMailbox | null => {
    const subject = subjectOfToken(token);
    return subject === null ? null : deps.mailboxOf(subject);
  };

  return { handle, mailboxOfToken };
}
