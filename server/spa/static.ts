/**
 * Serves the built SPA (dist/) at `/`, `/sw.js` included, and answers deep links such as
 * /sheet/42 with index.html so the browser-side router can take over (history fallback).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodedPath } from '../brand/host';

/**
 * Vite's hashed files under assets/ never change, so browsers may keep them for a year; everything
 * else (index.html, sw.js, icons) is revalidated on each visit so a new build is picked up.
 */
function setCacheHeaders(res: { setHeader(name: string, value: string): void }, filePath: string): void {
  const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
  res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  // The same URL answers br, gzip or plain bytes by Accept-Encoding; caches must keep them apart.
  res.setHeader('vary', 'Accept-Encoding');
}

function wantsHtml(req: FastifyRequest): boolean {
  const accept = String(req.headers.accept ?? '');
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

function isSpaPath(url: string): boolean {
  const p = decodedPath(url);
  if (p === '/api' || p.startsWith('/api/')) return false;
  // A missing file with an extension (/assets/x.js) is a real 404, not a page of the app.
  return !path.posix.basename(p).includes('.');
}

/** Returns the not-found fallback (history API), or null when there is no build to serve. */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<((req: FastifyRequest, reply: FastifyReply) => Promise<boolean>) | null> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn(`No SPA build in ${distDir}; only the API is served.`);
    return null;
  }
  // preCompressed: a client that accepts br or gzip gets the .br/.gz the build wrote beside the
  // file (server/build/precompress.ts), index.html included; without one the file goes as it is.
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    preCompressed: true,
    setHeaders: setCacheHeaders,
  });
  return async (req, reply) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isSpaPath(req.url) || !wantsHtml(req)) return false;
    await reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
}
