/**
 * Refuses state-changing API calls sent by a page of another host (CSRF). Browsers always send
 * Origin on cross-origin POST/PATCH/PUT/DELETE; a call without it (curl, server-to-server) cannot
 * carry a victim's cookie, so it is allowed. Host names are compared without port, as
 * CONTRACT-NOTES says, because a dev proxy may change the port but not the name.
 */
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../envelope/errors';
import { hostnameOf, needsBrand } from '../brand/host';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originHostname(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return null; // 'null' (sandboxed frames, file://) or garbage: not the same site
  }
}

export function registerOriginCheck(app: FastifyInstance): void {
  // A callback: nothing here waits (server/hooks/settle.ts says why that counts).
  app.addHook('onRequest', (req, _reply, done) => {
    if (STATE_CHANGING.has(req.method) && needsBrand(req.url)) {
      const origin = req.headers.origin;
      if (origin === undefined ? req.headers['sec-fetch-site'] === 'cross-site' : originHostname(String(origin)) !== hostnameOf(req)) throw forbidden('brand');
    }
    done();
  });
}
