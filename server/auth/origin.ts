/**
 * Refuses state-changing API calls sent by a page of another origin (CSRF). Browsers always send
 * Origin on cross-origin POST/PATCH/PUT/DELETE; a call without it (curl, server-to-server) cannot
 * carry a victim's cookie, so it is allowed unless the browser says it came from another site
 * (Sec-Fetch-Site). The whole origin is compared, scheme, host and port: another port of the same
 * host is another origin (another program may listen there), and so is http beside https. The
 * request's own origin is its scheme (https directly, or X-Forwarded-Proto with TRUST_PROXY=1) and
 * its Host header; the Vite dev server's proxy keeps the browser's Host, so it passes as well.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../envelope/errors';
import { needsBrand } from '../brand/host';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** 'HTTP://LocalHost:80' → 'http://localhost'; 'null' (sandboxed frames, file://) or garbage → null. */
export function normalisedOrigin(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origin this request was sent to: its scheme and Host header (default port dropped). */
export function requestOrigin(req: FastifyRequest): string | null {
  const host = String(req.headers.host ?? '').trim();
  return host ? normalisedOrigin(`${req.protocol}://${host}`) : null;
}

/** Same origin as the request, by the Origin header or, without one, by Sec-Fetch-Site. */
export function isSameOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) {
    const site = req.headers['sec-fetch-site'];
    return site !== 'cross-site' && site !== 'same-site';
  }
  const own = requestOrigin(req);
  return own !== null && normalisedOrigin(String(origin)) === own;
}

export function registerOriginCheck(app: FastifyInstance): void {
  // A callback: nothing here waits (server/hooks/settle.ts says why that counts).
  app.addHook('onRequest', (req, _reply, done) => {
    if (STATE_CHANGING.has(req.method) && needsBrand(req.url) && !isSameOrigin(req)) throw forbidden('brand');
    done();
  });
}
