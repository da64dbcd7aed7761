import { beforeAll, describe, expect, it } from 'vitest';
import { globalDb } from '../db/types';
import { ACME_HOST, DEMO_HOST, call, createTestBrand, login, uniqueName, useTestApp } from '../test/helpers';

const t = useTestApp();
let dev: string;

beforeAll(async () => {
  dev = await login(t.app, DEMO_HOST, 'developer@demo.test');
});

describe('dev/sites gates', () => {
  it('refuses without a session, and for roles other than Sales and Developer', async () => {
    expect((await call(t.app, { url: '/api/dev/sites/list' })).status).toBe(401);
    const admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
    const res = await call(t.app, { url: '/api/dev/sites/list', cookie: admin });
    expect(res.status).toBe(403);
    expect(res.json.dev.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', general: 'role' });
    const sales = await login(t.app, DEMO_HOST, 'sales@demo.test');
    expect((await call(t.app, { url: '/api/dev/sites/list', cookie: sales })).status).toBe(200);
  });
});

describe('dev/sites', () => {
  it('lists every brand with its domains and searches by domain', async () => {
    const list = await call(t.app, { url: '/api/dev/sites/list?totalcount=1&sort=s_id', cookie: dev });
    expect(list.status).toBe(200);
    const names = list.json.dev.data.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Demo Maintenance', 'Acme Repairs']));
    expect(list.json.dev.metadata.totalCount).toBeGreaterThanOrEqual(2);
    const found = await call(t.app, { method: 'POST', url: '/api/dev/sites/filter', body: { stext: '127.0.0' }, cookie: dev });
    expect(found.json.dev.data.map((s: { name: string }) => s.name)).toContain('Acme Repairs');
    const short = await call(t.app, { method: 'POST', url: '/api/dev/sites/filter', body: { stext: 'ab' }, cookie: dev });
    expect(short.json.dev.dbErrors[0]).toMatchObject({ error: 'VALIDATION', details: 'stext', primary: 'At least 3 characters' });
  });

  it('creates a brand with its own schema and domains, ready on its host', async () => {
    const domain = `${uniqueName('new')}.test`;
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/dev/sites/create',
      cookie: dev,
      body: {
        name: 'Brand New',
        product_name: 'BN',
        domains: [{ d_type: 'primary', d_name: domain, d_enabled: true }],
        config: { features: { job: { enabled: true } } },
      },
    });
    expect(res.status).toBe(201);
    const site = res.json.dev.data;
    expect(site.schema_name).toBe(`site_${site.s_id}`);
    expect(site.domains).toHaveLength(1);
    const cfg = await call(t.app, { url: '/api/brandsiteconfig', host: domain });
    expect(cfg.json.brandsiteconfig.data[0].finalDomainConfig).toMatchObject({ name: 'Brand New', productName: 'BN' });
  });

  it("refuses a config that does not fit the BrandConfig shape and domains whose 'name and type' are wrong", async () => {
    const brand = await createTestBrand(t.db);
    const bad = await call(t.app, {
      method: 'PATCH',
      url: `/api/dev/sites/${brand.s_id}`,
      cookie: dev,
      body: { config: { features: { job: { xeroo: true } }, maxMailSizeMB: 'big' } },
    });
    expect(bad.status).toBe(400);
    const fields = bad.json.dev.dbErrors.map((e: { details: string }) => e.details);
    expect(fields).toEqual(expect.arrayContaining(['config.features.job.xeroo', 'config.maxMailSizeMB']));
    const dom = await call(t.app, {
      method: 'PATCH',
      url: `/api/dev/sites/${brand.s_id}`,
      cookie: dev,
      body: { domains: [{ d_type: 'main', d_name: 'Bad Name!', d_enabled: true }] },
    });
    expect(dom.status).toBe(400);
    expect(dom.json.dev.dbErrors[0]).toMatchObject({ error: 'VALIDATION', details: 'domains.0', primary: 'Brand domain: name and type must be valid.' });
  });

  it('makes a config and domain change live on the next request, without a restart', async () => {
    const cached = await (await import('../test/helpers')).testApp(t.db, { brandCacheMs: 60_000 });
    try {
      const brand = await createTestBrand(t.db);
      const before = await call(cached, { url: '/api/brandsiteconfig', host: brand.host });
      expect(before.json.brandsiteconfig.data[0].finalDomainConfig.features.mail.enabled).toBe(true);
      const devCookie = await login(cached, DEMO_HOST, 'developer@demo.test');
      const details = await call(cached, { url: `/api/dev/sites/${brand.s_id}/details`, cookie: devCookie });
      const domains = details.json.dev.data.domains.map((d: Record<string, unknown>) => ({
        d_id: d.d_id,
        d_type: d.d_type,
        d_name: d.d_name,
        d_enabled: d.d_enabled,
        d_config: d.d_config,
      }));
      const alias = `${uniqueName('alias')}.test`;
      domains.push({ d_type: 'alias', d_name: alias, d_enabled: true, d_config: { productName: 'Via alias' } });
      const patch = await call(cached, {
        method: 'PATCH',
        url: `/api/dev/sites/${brand.s_id}`,
        cookie: devCookie,
        body: {
          config: {
            ...details.json.dev.data.config,
            features: { ...details.json.dev.data.config.features, mail: { enabled: false, contactManager: false, finalDeleteIsAllowed: false } },
          },
          domains,
        },
      });
      expect(patch.status).toBe(200);
      expect(patch.headers['x-show-snackbar']).toBe('1');
      const after = await call(cached, { url: '/api/brandsiteconfig', host: brand.host });
      expect(after.json.brandsiteconfig.data[0].finalDomainConfig.features.mail.enabled).toBe(false);
      const viaAlias = await call(cached, { url: '/api/brandsiteconfig', host: alias });
      expect(viaAlias.json.brandsiteconfig.data[0].finalDomainConfig.productName).toBe('Via alias');
    } finally {
      await cached.close();
    }
  });

  it('refuses a domain another brand already uses, and deleting the brand one is signed in to', async () => {
    const brand = await createTestBrand(t.db);
    const res = await call(t.app, {
      method: 'PATCH',
      url: `/api/dev/sites/${brand.s_id}`,
      cookie: dev,
      body: { domains: [{ d_type: 'primary', d_name: '127.0.0.1', d_enabled: true }] },
    });
    expect(res.status).toBe(409);
    const demo = await globalDb(t.db).selectFrom('domains').select('s_id').where('d_name', '=', 'localhost').executeTakeFirstOrThrow();
    const own = await call(t.app, { method: 'DELETE', url: `/api/dev/sites/${demo.s_id}`, cookie: dev });
    expect(own.status).toBe(409);
  });

  it('deletes another brand with its schema', async () => {
    const brand = await createTestBrand(t.db);
    const res = await call(t.app, { method: 'DELETE', url: `/api/dev/sites/${brand.s_id}`, cookie: dev });
    expect(res.status).toBe(200);
    expect((await call(t.app, { url: '/api/brandsiteconfig', host: brand.host })).status).toBe(404);
    expect((await call(t.app, { url: '/api/dev/sites/list', host: ACME_HOST })).status).toBe(401);
  });
});
