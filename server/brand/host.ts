import type { FastifyRequest } from 'fastify';

/** The Host header's name without port, lower-case: 'LocalHost:3000' → 'localhost', '[::1]:3000' → '::1'. */
export function hostnameOf(req: FastifyRequest): string {
  const raw = String(req.headers.host ?? '').trim().toLowerCase();
  if (raw.startsWith('[')) return raw.slice(1, raw.indexOf(']') > 0 ? raw.indexOf(']') : undefined);
  return raw.replace(/:\d*$/, '').replace(/\.$/, '');
}

/** Routes bound to a brand: the API, except its documentation which any host may read. */
export function needsBrand(url: string): boolean {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (path !== '/api' && !path.startsWith('/api/')) return false;
  return !(path === '/api/docs' || path.startsWith('/api/docs/'));
}
