/** Shared test helpers: an app on the test database, requests as a browser would send them, brands made per test. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { allFeatures, DEFAULT_IMAGES, type BrandFeatures } from '../../core/brand/types';
import { buildApp, type BuildAppOptions } from '../app';
import { createBrand } from '../brand/create';
import { createDb } from '../db/kysely';
import type { RootDb } from '../db/types';
import { sha256Hex } from '../auth/password';
import { createDemoUsers } from '../seed/users';
import { DEMO_PASSWORD } from '../seed/people';
import { sandboxEnvironment } from '../integrations/providerConfig';
import { testFileStore } from '../files/s3TestKit';

export const DEMO_HOST = 'localhost:3000';
export const ACME_HOST = '127.0.0.1:3000';

export function testDb(): RootDb {
  return createDb(inject('databaseUrl'), 4);
}

/** Brand lookups are not cached in tests, so a changed config is seen at once. */
export async function testApp(db: RootDb, opts: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  const fileStore = opts.fileStore ?? (await testFileStore(opts.filesRoot));
  const app = await buildApp({ db, brandCacheMs: 0, distDir: '/nonexistent-dist', ...opts, fileStore });
  await app.ready();
  return app;
}

export interface TestContext {
  db: RootDb;
  app: FastifyInstance;
}

/** One app on the test database for a test file: built before its tests run, closed after them. */
export function useTestApp(opts: Partial<BuildAppOptions> = {}): TestContext {
  const t = {} as TestContext;
  beforeAll(async () => {
    t.db = testDb();
    t.app = await testApp(t.db, opts);
  });
  afterAll(async () => {
    await t.app?.close();
    await t.db?.destroy();
  });
  return t;
}

export interface Call {
  method?: InjectOptions['method'];
  url: string;
  host?: string;
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  text: string;
}

export async function call(app: FastifyInstance, c: Call): Promise<Answer> {
  const headers: Record<string, string> = { host: c.host ?? DEMO_HOST };
  if (c.body !== undefined) headers['content-type'] = 'application/json';
  if (c.cookie) headers.cookie = c.cookie;
  Object.assign(headers, c.headers);
  const res = await app.inject({
    method: c.method ?? 'GET',
    url: c.url,
    headers,
    payload: c.body === undefined ? undefined : typeof c.body === 'string' ? c.body : JSON.stringify(c.body),
    remoteAddress: c.remoteAddress,
  });
  let json: unknown = null;
  try {
    json = res.json();
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, headers: res.headers, json, text: res.body };
}

/** Logs in and returns the `sid=...` cookie to send back. */
export async function login(app: FastifyInstance, host: string, email: string, password = DEMO_PASSWORD, remoteAddress?: string): Promise<string> {
  const res = await call(app, { method: 'POST', url: '/api/auth/login', host, body: { email, password: sha256Hex(password) }, remoteAddress });
  if (res.status !== 200) throw new Error(`login ${email}@${host} failed: ${res.status} ${res.text}`);
  return sidCookie(res);
}

export function sidCookie(res: Answer): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [String(raw ?? '')];
  const sid = list.find((c) => c.startsWith('sid='));
  if (!sid) throw new Error('no sid cookie');
  return sid.split(';')[0];
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export type TestBrand = Awaited<ReturnType<typeof createTestBrand>>;

/** A brand of the file's own (createTestBrand) with its admin logged in, made before the file's tests. */
export function useTestBrand(t: TestContext): { brand: TestBrand; admin: string } {
  const own = {} as { brand: TestBrand; admin: string };
  beforeAll(async () => {
    own.brand = await createTestBrand(t.db);
    own.admin = await login(t.app, own.brand.host, 'admin@demo.test');
  });
  return own;
}

/** A brand of its own (random domain, role users `<role>@demo.test`), so a test can change it freely. */
export async function createTestBrand(db: RootDb, features: BrandFeatures = allFeatures(true)) {
  const domain = `${uniqueName('t')}.test`;
  const brand = await createBrand(db, {
    name: `Test ${domain}`,
    domain,
    config: { systemUrl: `http://${domain}`, apiUrl: '/api', customSettings: { visibleName: domain }, features, images: DEFAULT_IMAGES },
  });
  const users = await createDemoUsers(db, brand.schema);
  return { ...brand, domain, host: `${domain}:3000`, users };
}

/**
 * The run's local provider server (server/test/globalSetup.ts), with its environment applied in
 * this worker too: the workers inherit the global setup's, but a test that restored its own
 * environment (startTestAuthServer's close) may have dropped it.
 */
export function sandboxProviders(): string {
  const url = inject('providersUrl');
  Object.assign(process.env, sandboxEnvironment(url));
  return url;
}
