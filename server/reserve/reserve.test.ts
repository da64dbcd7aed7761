import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allFeatures } from '../../core/brand/types';
import { sha256Hex } from '../auth/password';
import { globalDb } from '../db/types';
import { DEMO_HOST, call, createTestBrand, login, uniqueName, useTestApp } from '../test/helpers';

const t = useTestApp();

// The run's other files make brands of their own: room is counted from the sites there are now (a test about
// the limit sets its own).
beforeEach(async () => {
  const { n } = await globalDb(t.db)
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  process.env.RESERVE_MAX_BRANDS = String(Number(n) + 20);
});
afterEach(() => {
  delete process.env.RESERVE_MAX_BRANDS;
});

function reservation(overrides: Record<string, unknown> = {}) {
  const password = sha256Hex('s3cret-pass');
  return {
    company: 'Fresh Fixers',
    subdomain: uniqueName('fresh'),
    email: 'boss@fresh.test',
    firstname: 'Bo',
    surname: 'Ss',
    password,
    password_again: password,
    accept_terms: true,
    ...overrides,
  };
}

const reserve = (body: unknown, host = DEMO_HOST) => call(t.app, { method: 'POST', url: '/api/auth/reserveSchema', host, body });

describe('/reserve', () => {
  it('reserves a brand: own schema, domain and first admin, ready to log in', async () => {
    const before = await call(t.app, { url: '/api/auth/getAvailableSchemasCount' });
    expect(before.status).toBe(200);
    const body = reservation();
    const res = await reserve(body);
    expect(res.status).toBe(201);
    const made = res.json.auth.data;
    expect(made.domain).toBe(`${body.subdomain}.localhost`);
    expect(made.schema).toBe(`site_${made.s_id}`);
    expect(made.loginUrl).toBe(`http://${body.subdomain}.localhost:3000/login`);
    const host = `${made.domain}:3000`;
    const cfg = await call(t.app, { url: '/api/brandsiteconfig', host });
    expect(cfg.json.brandsiteconfig.data[0].finalDomainConfig).toMatchObject({
      name: 'Fresh Fixers',
      features: { job: { enabled: true }, mail: { enabled: false } },
    });
    const cookie = await login(t.app, host, 'boss@fresh.test', 's3cret-pass');
    const who = await call(t.app, { url: '/api/auth/whoami', host, cookie });
    expect(who.json.auth.data).toMatchObject({ is_loggedin: true, role: 'Admin', fullname: 'Bo Ss' });
    const migrations = await t.db.withSchema(made.schema).selectFrom('kysely_migration').select('name').execute();
    expect(migrations.map((m) => m.name)).toContain('0001_init');
    const after = await call(t.app, { url: '/api/auth/getAvailableSchemasCount' });
    expect(after.json.auth.data).toBe(before.json.auth.data - 1);
    const reserved = await call(t.app, { url: '/api/auth/getReservedBrands' });
    expect(reserved.json.auth.data.reserved).toContain(body.subdomain);
    // The admin of the new brand is unknown on the brand it was reserved from.
    await expect(login(t.app, DEMO_HOST, 'boss@fresh.test', 's3cret-pass')).rejects.toThrow(/401/);
  });

  it('refuses mismatched passwords, unaccepted terms and a bad subdomain', async () => {
    const res = await reserve(reservation({ password_again: sha256Hex('other'), accept_terms: false, subdomain: 'Not Valid' }));
    expect(res.status).toBe(400);
    const byField = Object.fromEntries(res.json.auth.dbErrors.map((e: { details: string; primary: string }) => [e.details, e.primary]));
    expect(byField).toMatchObject({
      password_again: 'Passwords must match!',
      accept_terms: 'You need to accept the license and terms first!',
      subdomain: 'Invalid value',
    });
  });

  it('is refused on a brand without public registration', async () => {
    const brand = await createTestBrand(t.db, {
      ...allFeatures(true),
      auth: { publicRegistration: false, passwordReset: true, preLogin: true, userDelete: true },
    });
    for (const url of ['/api/auth/getAvailableSchemasCount', '/api/auth/getReservedBrands']) {
      const res = await call(t.app, { url, host: brand.host });
      expect(res.status).toBe(403);
      expect(res.json.auth.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', general: 'feature' });
    }
    expect((await reserve(reservation(), brand.host)).status).toBe(403);
  });

  it('gives two reservations at the same moment different schemas, and one subdomain only once', async () => {
    const [a, b] = await Promise.all([reserve(reservation()), reserve(reservation())]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.json.auth.data.schema).not.toBe(b.json.auth.data.schema);
    const same = reservation();
    const results = await Promise.all([reserve(same), reserve({ ...same })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('hands the last free site to exactly one of two racing reservations', async () => {
    const { n } = await globalDb(t.db)
      .selectFrom('sites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    process.env.RESERVE_MAX_BRANDS = String(Number(n) + 1);
    const results = await Promise.all([reserve(reservation()), reserve(reservation())]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.json.auth.dbErrors[0].primary).toBe('There is no free site left. Please conctact the support team.');
    expect((await call(t.app, { url: '/api/auth/getAvailableSchemasCount' })).json.auth.data).toBe(0);
  });

  it('answers more reservations at the same moment than the database pool has connections', async () => {
    const { n } = await globalDb(t.db)
      .selectFrom('sites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    process.env.RESERVE_MAX_BRANDS = String(Number(n) + 1);
    // The test pool has 4 connections (testDb).
    const results = await Promise.all(Array.from({ length: 6 }, () => reserve(reservation())));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  }, 60_000);
});
