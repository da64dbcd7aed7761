import { beforeAll, describe, expect, it } from 'vitest';
import { allFeatures } from '../../core/brand/types';
import { DEMO_HOST, call, createTestBrand, login, useTestApp } from '../test/helpers';

const t = useTestApp();
let brand: Awaited<ReturnType<typeof createTestBrand>>;

beforeAll(async () => {
  brand = await createTestBrand(t.db);
});

const url = '/api/siteconfig/values';

describe('siteconfig/values', () => {
  it('answers the defaults to any staff member', async () => {
    for (const role of ['user', 'operator', 'admin']) {
      const cookie = await login(t.app, brand.host, `${role}@demo.test`);
      const res = await call(t.app, { url, cookie, host: brand.host });
      expect(res.status, role).toBe(200);
      expect(res.json.siteconfig.data).toEqual({
        quoteExpiryDays: 60,
        invoiceDueDays: 30,
        vatRate: 20,
        currency: 'GBP',
        jobNumberDigits: 6,
        dextEmail: '',
        salesAccountCode: '200',
      });
    }
  });

  it('an Admin changes only the keys named, in this brand only', async () => {
    const admin = await login(t.app, brand.host, 'admin@demo.test');
    const res = await call(t.app, { method: 'PATCH', url, cookie: admin, host: brand.host, body: { quoteExpiryDays: 45, currency: 'EUR' } });
    expect(res.status).toBe(200);
    expect(res.headers['x-show-snackbar']).toBe('1');
    expect(res.json.siteconfig.data).toMatchObject({ quoteExpiryDays: 45, currency: 'EUR', invoiceDueDays: 30 });
    const again = await call(t.app, { method: 'PATCH', url, cookie: admin, host: brand.host, body: { quoteExpiryDays: 50 } });
    expect(again.json.siteconfig.data).toMatchObject({ quoteExpiryDays: 50, currency: 'EUR' });
    const demo = await login(t.app, DEMO_HOST, 'user@demo.test');
    const other = await call(t.app, { url, cookie: demo });
    expect(other.json.siteconfig.data.currency).toBe('GBP');
  });

  it('gives the validation messages and changes nothing', async () => {
    const dev = await login(t.app, brand.host, 'developer@demo.test');
    const bad = await call(t.app, {
      method: 'PATCH',
      url,
      cookie: dev,
      host: brand.host,
      body: { invoiceDueDays: 'ten', vatRate: 101, currency: '', jobNumberDigits: 6.5, colour: 'red' },
    });
    expect(bad.status).toBe(400);
    const errors = bad.json.siteconfig.dbErrors.map((e: { details: string; primary: string }) => [e.details, e.primary]);
    expect(errors).toEqual(
      expect.arrayContaining([
        ['invoiceDueDays', 'Invalid number'],
        ['vatRate', 'Invalid value'],
        ['currency', 'Field is required!'],
        ['jobNumberDigits', 'Invalid number'],
        ['colour', 'Invalid value'],
      ]),
    );
    const now = await call(t.app, { url, cookie: dev, host: brand.host });
    expect(now.json.siteconfig.data.invoiceDueDays).toBe(30);
  });

  it('refuses by role and by feature', async () => {
    expect((await call(t.app, { url, host: brand.host })).status).toBe(401);
    const operator = await login(t.app, brand.host, 'operator@demo.test');
    const patch = await call(t.app, { method: 'PATCH', url, cookie: operator, host: brand.host, body: { vatRate: 5 } });
    expect(patch.status).toBe(403);
    expect(patch.json.siteconfig.dbErrors[0].general).toBe('role');
    const engineer = await login(t.app, brand.host, 'engineer@demo.test');
    expect((await call(t.app, { url, cookie: engineer, host: brand.host })).json.siteconfig.dbErrors[0].general).toBe('role');
    const features = allFeatures(true);
    features.job.enabled = false;
    const off = await createTestBrand(t.db, features);
    const admin = await login(t.app, off.host, 'admin@demo.test');
    const res = await call(t.app, { url, cookie: admin, host: off.host });
    expect(res.status).toBe(403);
    expect(res.json.siteconfig.dbErrors[0].general).toBe('feature');
  });
});
