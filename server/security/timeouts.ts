/**
 * Slow clients cannot hold the server: Fastify leaves Node's request timeout off (0) and sets no
 * socket timeout, so a client that sends half a request body and then nothing kept its connection
 * (and its parser, and a file descriptor) forever. These are the limits, from the environment
 * (README's configuration table):
 *
 * - REQUEST_TIMEOUT_S (default 300): the whole request, headers and body, must arrive within it
 *   (an upload of the largest allowed file on a slow line included); then Node answers 408 and
 *   closes the connection.
 * - HEADERS_TIMEOUT_S (default 30): the request's headers must arrive within it.
 * - CONNECTION_TIMEOUT_S (default 120): a connection on which nothing moves either way for that
 *   long is closed (a streamed export keeps writing, so it is not cut).
 * - KEEP_ALIVE_TIMEOUT_S (default 72, Fastify's own default): how long an idle keep-alive
 *   connection waits for its next request.
 *
 * Node checks the request and header limits every `connectionsCheckingInterval` (here 5 s, or a
 * quarter of the header limit when that is shorter), so a limit is enforced within that much of it.
 */
import type { FastifyServerOptions } from 'fastify';

export interface ServerTimeouts {
  /** Whole request (headers and body), ms; 0 = none. */
  requestMs: number;
  /** Request headers, ms. */
  headersMs: number;
  /** Socket inactivity, ms; 0 = none. */
  connectionMs: number;
  /** Idle keep-alive connection, ms. */
  keepAliveMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = { requestMs: 300_000, headersMs: 30_000, connectionMs: 120_000, keepAliveMs: 72_000 };

function seconds(env: NodeJS.ProcessEnv, name: string, fallbackMs: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallbackMs;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of seconds (0 or more), not '${raw}'`);
  return Math.round(value * 1000);
}

export function timeoutsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerTimeouts {
  return {
    requestMs: seconds(env, 'REQUEST_TIMEOUT_S', DEFAULT_TIMEOUTS.requestMs),
    headersMs: seconds(env, 'HEADERS_TIMEOUT_S', DEFAULT_TIMEOUTS.headersMs),
    connectionMs: seconds(env, 'CONNECTION_TIMEOUT_S', DEFAULT_TIMEOUTS.connectionMs),
    keepAliveMs: seconds(env, 'KEEP_ALIVE_TIMEOUT_S', DEFAULT_TIMEOUTS.keepAliveMs),
  };
}

/** Node wants headersTimeout ≤ requestTimeout (when the latter is on) and both checked on an interval. */
function normalised(t: ServerTimeouts): ServerTimeouts & { checkingMs: number } {
  const headersMs = t.requestMs > 0 ? Math.min(t.headersMs || t.requestMs, t.requestMs) : t.headersMs || DEFAULT_TIMEOUTS.headersMs;
  const shortest = Math.min(...[headersMs, t.requestMs].filter((ms) => ms > 0));
  const checkingMs = Math.max(50, Math.min(5_000, Math.floor(shortest / 4)));
  return { ...t, headersMs, keepAliveMs: t.keepAliveMs || 1, checkingMs };
}

/** The Fastify server options that carry the limits. */
export function fastifyTimeoutOptions(t: ServerTimeouts): Pick<FastifyServerOptions, 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout'> & {
  http: { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number };
} {
  const n = normalised(t);
  return {
    requestTimeout: n.requestMs,
    connectionTimeout: n.connectionMs,
    keepAliveTimeout: n.keepAliveMs,
    http: { headersTimeout: n.headersMs, requestTimeout: n.requestMs, connectionsCheckingInterval: n.checkingMs },
  };
}

/** Options for another http.Server that serves the same app (server/listen.ts: ::1 beside 127.0.0.1). */
export function httpServerOptions(t: ServerTimeouts): import('node:http').ServerOptions {
  const n = normalised(t);
  return { requestTimeout: n.requestMs, headersTimeout: n.headersMs, keepAliveTimeout: n.keepAliveMs, connectionsCheckingInterval: n.checkingMs };
}
