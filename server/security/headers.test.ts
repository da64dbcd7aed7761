/**
 * Browser security headers and compression on every answer, through the real app (inject): the
 * SPA, a deep link, /sw.js, an asset, the API, /api/docs and /favicon.ico, served from a build
 * folder made here and compressed by the same step as `vite build` (server/build/precompress.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { precompressDir } from '../build/precompress';
import type { RootDb } from '../db/types';
import { DEMO_HOST, login, testApp, testDb } from '../test/helpers';

let db: RootDb;
let app: FastifyInstance;
let proxied: FastifyInstance;
let dist: string;
let admin: string;
const bundle = `console.log(${JSON.stringify('x'.repeat(5000))});\n`.repeat(4);

beforeAll(async () => {
  db = testDb();
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'dist-headers-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><title>SPA</title><div id="root"></div><script type="module" src="/assets/app-123.js"></script>${'<!-- padding -->'.repeat(100)}`,
  );
  await fs.writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  await fs.writeFile(path.join(dist, 'assets', 'app-123.js'), bundle);
  await fs.copyFile(path.resolve('public/favicon.ico'), path.join(dist, 'favicon.ico'));
  await precompressDir(dist);
  app = await testApp(db, { distDir: dist });
  proxied = await testApp(db, { distDir: dist, trustProxy: true });
  admin = await login(app, DEMO_HOST, 'admin@demo.test');
});
afterAll(async () => {
  await app.close();
  await proxied.close();
  await db.destroy();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, on = app) => on.inject({ url, headers: { host: DEMO_HOST, accept: 'text/html', ...headers } });

function directives(csp: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

describe('security headers', () => {
  const pages = [
    '/',
    '/data/departments/12',
    '/sw.js',
    '/assets/app-123.js',
    '/favicon.ico',
    '/api/brandsiteconfig',
    '/api/auth/whoami',
    '/api/nothing/here',
    '/api/docs',
    '/api/docs/json',
  ];

  it.each(pages)('%s carries the CSP without inline script, no framing, nosniff and a referrer policy', async (url) => {
    const res = await get(url);
    expect(res.statusCode, url).toBeLessThan(500);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS only when the request came over https', async () => {
    const https = await get('/', { 'x-forwarded-proto': 'https' }, proxied);
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const api = await get('/api/brandsiteconfig', { 'x-forwarded-proto': 'https' }, proxied);
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await get('/', {}, proxied)).headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a client cannot claim https.
    expect((await get('/', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('compression', () => {
  it('serves hashed assets precompressed at build time (brotli, gzip), cached immutable', async () => {
    const br = await get('/assets/app-123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['cache-control'])).toContain('immutable');
    expect(String(br.headers['content-type'])).toContain('javascript');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(bundle.length / 10);
    expect(br.rawPayload.equals(await fs.readFile(path.join(dist, 'assets', 'app-123.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);
    const gz = await get('/assets/app-123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(bundle);
    const plain = await get('/assets/app-123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it('serves index.html compressed at / and for deep links', async () => {
    for (const url of ['/', '/sheet/42']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('<title>SPA</title>');
    }
  });

  it('compresses API JSON of 1 KiB or more, and leaves small answers alone', async () => {
    const list = await get('/api/departments/list?limit=50', { cookie: admin, 'accept-encoding': 'br, gzip', accept: 'application/json' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    const json = JSON.parse(zlib.brotliDecompressSync(list.rawPayload).toString());
    expect(json.departments.data.length).toBeGreaterThan(0);
    const gz = await get('/api/departments/list?limit=50', { cookie: admin, 'accept-encoding': 'gzip', accept: 'application/json' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const small = await get('/api/auth/whoami', { 'accept-encoding': 'br, gzip', accept: 'application/json' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().auth.data.is_loggedin).toBe(false);
  });

  it('leaves the streamed .xlsx export alone', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/exportjobs/export',
      headers: { host: DEMO_HOST, cookie: admin, 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('answers /favicon.ico', async () => {
    const res = await get('/favicon.ico', { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/icon/);
    expect(res.rawPayload.readUInt16LE(2)).toBe(1); // ICO header: type 1 = icon
  });
});
