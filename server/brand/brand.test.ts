import { describe, expect, it } from 'vitest';
import { globalDb } from '../db/types';
import { ACME_HOST, DEMO_HOST, call, createTestBrand, useTestApp } from '../test/helpers';

const t = useTestApp();

describe('GET /api/brandsiteconfig', () => {
  it('answers each host with its own brand and features', async () => {
    const demo = await call(t.app, { url: '/api/brandsiteconfig', host: DEMO_HOST });
    const acme = await call(t.app, { url: '/api/brandsiteconfig', host: ACME_HOST });
    expect(demo.status).toBe(200);
    expect(acme.status).toBe(200);
    const demoCfg = demo.json.brandsiteconfig.data[0].finalDomainConfig;
    const acmeCfg = acme.json.brandsiteconfig.data[0].finalDomainConfig;
    expect(demoCfg.name).toBe('Demo Maintenance');
    expect(acmeCfg.name).toBe('Acme Repairs');
    expect(demoCfg.features.mail.enabled).toBe(true);
    expect(acmeCfg.features.mail.enabled).toBe(false);
    expect(acmeCfg.features.job.xero).toBe(false);
    expect(acmeCfg.features.google).toEqual({ tasks: false, drive: false });
    expect(acmeCfg.features.microsoft.emails).toBe(false);
    expect(acmeCfg.features.job.enabled).toBe(true);
    expect(typeof demo.json.brandsiteconfig.data[0].d_id).toBe('number');
    expect(demo.json.brandsiteconfig.data[0].d_id).not.toBe(acme.json.brandsiteconfig.data[0].d_id);
  });

  it('gives every BrandConfig field', async () => {
    const res = await call(t.app, { url: '/api/brandsiteconfig', host: DEMO_HOST });
    const cfg = res.json.brandsiteconfig.data[0].finalDomainConfig;
    for (const key of [
      'name',
      'systemUrl',
      'apiUrl',
      'productName',
      'inlineImagesMailsize',
      'maxMailSizeMB',
      'maxUploadSizeMB',
      'customSettings',
      'features',
      'images',
    ]) {
      expect(cfg, key).toHaveProperty(key);
    }
    expect(cfg.apiUrl).toBe('/api');
    expect(cfg.inlineImagesMailsize).toBe(5000);
    expect(cfg.maxMailSizeMB).toBe(25);
    expect(cfg.maxUploadSizeMB).toBe(20);
    expect(Object.keys(cfg.customSettings).sort()).toEqual(['logoUrl', 'visibleName', 'wcfFormUrl']);
    expect(cfg.images.thumbs.sizes).toEqual([150, 400, 1600]);
    expect(res.json.brandsiteconfig.metadata.server_datetime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(res.json.brandsiteconfig.metadata.userData).toEqual({ isLogged: false });
    expect(res.json.brandsiteconfig.dbErrors).toBeNull();
    expect(res.json.brandsiteconfig.warning).toBeNull();
  });

  it('ignores the port and the case of the host name', async () => {
    const res = await call(t.app, { url: '/api/brandsiteconfig', host: 'LocalHost:5173' });
    expect(res.json.brandsiteconfig.data[0].finalDomainConfig.name).toBe('Demo Maintenance');
  });

  it('answers 404 NOT_FOUND for a host without a brand', async () => {
    const res = await call(t.app, { url: '/api/brandsiteconfig', host: 'nobody.example:3000' });
    expect(res.status).toBe(404);
    expect(res.json.brandsiteconfig.data).toBeNull();
    expect(res.json.brandsiteconfig.dbErrors[0]).toMatchObject({ error: 'NOT_FOUND', primary: 'This site is not available.' });
  });

  it('refuses every API call of an unknown host, with the group as key', async () => {
    const res = await call(t.app, { url: '/api/departments/list', host: 'nobody.example' });
    expect(res.status).toBe(404);
    expect(res.json.departments.dbErrors[0].primary).toBe('This site is not available.');
  });

  it('merges the domain overrides over the site config, and shows a change on the next request', async () => {
    const brand = await createTestBrand(t.db);
    const g = globalDb(t.db);
    await g
      .updateTable('domains')
      .set({ d_config: JSON.stringify({ productName: 'Overridden', features: { job: { dext: false } } }) })
      .where('d_id', '=', brand.d_id)
      .execute();
    const res = await call(t.app, { url: '/api/brandsiteconfig', host: brand.host });
    const cfg = res.json.brandsiteconfig.data[0].finalDomainConfig;
    expect(cfg.productName).toBe('Overridden');
    expect(cfg.features.job).toEqual({ enabled: true, xero: true, wcfFormUrl: true, dext: false });

    await g.updateTable('domains').set({ d_enabled: false }).where('d_id', '=', brand.d_id).execute();
    const off = await call(t.app, { url: '/api/brandsiteconfig', host: brand.host });
    expect(off.status).toBe(404);
  });
});
