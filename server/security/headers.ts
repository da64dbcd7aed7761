/**
 * Browser security headers on every answer (the SPA, deep links, /sw.js, the API, /api/docs) through
 * @fastify/helmet, and compression of what is served dynamically through @fastify/compress.
 *
 * The SPA loads only its own files: Vite's build puts no inline script in index.html, so
 * script-src is 'self' alone; MUI's emotion injects <style> elements, so style-src allows inline
 * styles. A mail body is shown in a sandboxed srcdoc frame, which inherits this policy, and its
 * own CSP then narrows images to what the user allowed: so img-src here allows remote images
 * (and a brand's logo may live elsewhere). No page may frame the app (frame-ancestors 'none',
 * X-Frame-Options DENY). HSTS is sent only when the request came over https (directly or, with
 * TRUST_PROXY=1, through the proxy's X-Forwarded-Proto): over plain http browsers ignore it, and a
 * development machine on http://localhost must not be told to insist on https.
 *
 * Downloads set their own, stricter CSP (sandbox) in server/files/download.ts; a header set by a
 * handler replaces the one set here.
 */
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Text worth compressing. @fastify/compress's default list also takes application/octet-stream,
 * which is every download (already compressed more often than not, and sent with its length).
 */
const COMPRESSIBLE =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|^application\/(?:javascript|x-javascript)(?:;|$)|^image\/svg\+xml(?:;|$)/u;

/** Answers under this many bytes go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY } },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
    // Cross-origin isolation would stop remote images in mails and a brand's logo elsewhere.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}

/**
 * Compresses JSON and text answers of 1 KiB or more for clients that accept it (brotli at quality
 * 4, gzip, in that order of preference). Must be registered before any route: it attaches itself
 * to each route as the route is declared. The SPA's hashed assets are compressed at build time
 * (server/build/precompress.ts) and served as they are (@fastify/static, preCompressed); an answer
 * that already has a Content-Encoding is left alone. Request bodies are never decompressed.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    customTypes: COMPRESSIBLE,
  });
}
