/**
 * The one HTTP helper under the thin provider clients (Xero, Google, Graph): a base URL, a timeout,
 * the bearer token from the token service, a lease of the shared budget around each call, the
 * allowance headers recorded, and every answer that is not a success turned into a typed error
 * (./errors.ts). It never sleeps or retries: a RateLimited or Unavailable carries when to try
 * again, and the job is rescheduled then.
 */
import type { RootDb } from '../../db/types';
import { block, recordAnswer, releaseLease, takeLease, type BudgetKey, type BudgetLimits } from '../budget/budget';
import { recordCall } from '../budget/history';
import { accessToken, forgetAccessToken, OAuthRefusedError } from '../oauth/grants';
import type { OAuthDb } from '../oauth/tables';
import type { ProviderName } from '../providerConfig';
import { AuthRefused, NotFound, RateLimited, Unavailable, UnexpectedAnswer, Validation } from './errors';

const DEFAULT_TIMEOUT_MS = 30_000;

export interface ProviderClientOptions {
  provider: ProviderName;
  baseUrl: string;
  /** Where the bearer token comes from: usually grantBearer(). */
  auth: BearerSource;
  /** The global-schema database the budget lives in, and the key and limits to lease against. */
  budget?: { root: RootDb; key: BudgetKey; limits: BudgetLimits } | null;
  timeoutMs?: number;
  clock?: () => number;
}

export interface CallOptions {
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface BearerSource {
  token(): Promise<string>;
  /** The provider answered 401 to `token` before its expiry (revoked, or expired early): forget it, the call is tried once more. */
  rejected?(token: string): Promise<void>;
}

/** The bearer of a stored grant, renewed by the token service when due. */
export function grantBearer(db: OAuthDb, grantId: number, clock?: () => number): BearerSource {
  return { token: () => accessToken(db, grantId, clock), rejected: (token) => forgetAccessToken(db, grantId, token) };
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 10.2.3); null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface ProviderClient {
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<Answer<T>>;
  /** As `call`, but a success's body is left unread, to be streamed on (a file download). */
  stream(method: string, path: string, options?: CallOptions): Promise<Answer<ReadableStream<Uint8Array> | null>>;
}

const GOOGLE_QUOTA_REASONS = new Set(['userRateLimitExceeded', 'rateLimitExceeded']);

/** Google answers a spent quota with 403 (reason userRateLimitExceeded) as often as with 429: both are a rate limit. */
function isGoogleQuota(status: number, body: unknown): boolean {
  if (status !== 403) return false;
  const errors = (body as { error?: { errors?: { reason?: string }[] } } | null)?.error?.errors ?? [];
  return errors.some((e) => GOOGLE_QUOTA_REASONS.has(e.reason ?? ''));
}

export function providerClient(o: ProviderClientOptions): ProviderClient {
  const clock = o.clock ?? Date.now;
  const base = o.baseUrl.replace(/\/+$/, '');

  async function send(method: string, path: string, c: CallOptions, token: string): Promise<Response> {
    const url = new URL(`${base}${path.startsWith('/') ? path : `/${path}`}`);
    for (const [k, v] of Object.entries(c.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { Accept: 'application/json', ...c.headers, Authorization: `Bearer ${token}` };
    if (c.body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      return await fetch(url, {
        method,
        headers,
        body: c.body === undefined ? undefined : JSON.stringify(c.body),
        signal: AbortSignal.timeout(o.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      // A timeout or a refused connection: nothing was answered, so it may pass.
      throw new Unavailable(o.provider, null, null, { cause: error });
    }
  }

  async function settle<T>(res: Response, raw = false): Promise<Answer<T>> {
    // A download is passed on as it comes, never held in memory.
    if (raw && res.ok) return { status: res.status, headers: res.headers, body: res.body as T };
    const body = await readBody(res);
    if (res.ok) return { status: res.status, headers: res.headers, body: body as T };
    const p = o.provider;
    const after = retryAfterSeconds(res.headers.get('retry-after'), clock());
    if (res.status === 429 || isGoogleQuota(res.status, body)) {
      const retryAt = o.budget ? await block(o.budget.root, o.budget.key, after, clock()) : new Date(clock() + (after ?? 60) * 1000);
      throw new RateLimited(p, res.status, retryAt, res.headers.get('x-rate-limit-problem'));
    }
    if (res.status === 503) throw new Unavailable(p, 503, after === null ? null : new Date(clock() + after * 1000));
    if (res.status === 401) throw new AuthRefused(p, `${p} refused the access token`, 401);
    if (res.status === 404) throw new NotFound(p, `${p}: not found`, 404);
    if (res.status === 400) throw new Validation(p, body);
    throw new UnexpectedAnswer(p, res.status, body);
  }

  async function bearer(): Promise<string> {
    try {
      return await o.auth.token();
    } catch (error) {
      if (error instanceof OAuthRefusedError) throw new AuthRefused(o.provider, error.message, null, { cause: error });
      throw error;
    }
  }

  async function attempt<T>(method: string, path: string, c: CallOptions, retried: boolean, raw = false): Promise<Answer<T>> {
    const b = o.budget;
    const lease = b ? await takeLease(b.root, b.key, b.limits, clock()) : null;
    if (lease && !lease.ok) throw new RateLimited(o.provider, null, lease.retryAt, 'budget');
    let token: string;
    let res: Response;
    try {
      token = await bearer();
      res = await send(method, path, c, token);
      // What is left, and the call in the dashboard's history (a 429 counted as throttled).
      if (b) await Promise.all([recordAnswer(b.root, b.key, res.headers, clock()), recordCall(b.root, b.key, res.status === 429, clock())]);
    } finally {
      if (b && lease?.ok) await releaseLease(b.root, b.key, lease.leaseId);
    }
    if (res.status === 401 && !retried && o.auth.rejected) {
      await o.auth.rejected(token);
      return attempt<T>(method, path, c, true, raw);
    }
    return settle<T>(res, raw);
  }

  return {
    call: (method, path, c = {}) => attempt(method, path, c, false),
    stream: (method, path, c = {}) => attempt<ReadableStream<Uint8Array> | null>(method, path, c, false, true),
  };
}
