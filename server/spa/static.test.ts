import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RootDb } from '../db/types';
import { call, testApp, testDb } from '../test/helpers';

let db: RootDb;
let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  db = testDb();
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
  await fs.writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  await fs.writeFile(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  app = await testApp(db, { distDir: dist });
});
afterAll(async () => {
  await app.close();
  await db.destroy();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('static SPA', () => {
  it('serves index.html at /', async () => {
    const res = await call(app, { url: '/', headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>SPA</title>');
  });

  it('answers a deep link with index.html (history fallback), on any host', async () => {
    const res = await call(app, { url: '/data/department/12?x=1', host: 'whatever.example', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/html');
    expect(res.text).toContain('<title>SPA</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves /sw.js and assets, and 404s a missing asset', async () => {
    const sw = await call(app, { url: '/sw.js' });
    expect(sw.status).toBe(200);
    expect(String(sw.headers['content-type'])).toContain('javascript');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const asset = await call(app, { url: '/assets/app-123.js' });
    expect(asset.status).toBe(200);
    expect(String(asset.headers['cache-control'])).toContain('immutable');
    const missing = await call(app, { url: '/assets/missing-456.js', headers: { accept: '*/*' } });
    expect(missing.status).toBe(404);
  });

  it('keeps unknown API paths as 404 envelopes', async () => {
    const res = await call(app, { url: '/api/unknown/path', headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.json.unknown.dbErrors[0].error).toBe('NOT_FOUND');
  });
});
