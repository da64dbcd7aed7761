import type { FastifyRequest } from 'fastify';

/** The Host header's name without port, lower-case: 'LocalHost:3000' → 'localhost', '[::1]:3000' → '::1'. */
export function hostnameOf(req: FastifyRequest): string {
  const raw = String(req.headers.host ?? '')
    .trim()
    .toLowerCase();
  if (raw.startsWith('[')) return raw.slice(1, raw.indexOf(']') > 0 ? raw.indexOf(']') : undefined);
  return raw.replace(/:\d*$/, '').replace(/\.$/, '');
}

/**
 * The URL's path as the router sees it: percent-escapes decoded, so `/%61pi/auth/login` is
 * `/api/auth/login` here too (the router matched it to that route; the hooks must not take it for
 * a path outside the API). A path that does not decode is kept as it is (the router refuses it).
 * An encoded '/' stays `%2F`, as the router keeps it.
 */
export function decodedPath(url: string): string {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (!path.includes('%')) return path;
  try {
    // An encoded '/' stays encoded, as the router keeps it: it never makes a new path segment.
    return decodeURIComponent(path.replace(/%2f/gi, '%252F'));
  } catch {
    return path;
  }
}

/** Routes bound to a brand: the API, except its documentation which any host may read. */
export function needsBrand(url: string): boolean {
  const path = decodedPath(url);
  if (path !== '/api' && !path.startsWith('/api/')) return false;
  return !(path === '/api/docs' || path.startsWith('/api/docs/'));
}
