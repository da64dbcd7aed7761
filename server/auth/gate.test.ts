import { describe, expect, it } from 'vitest';
import { allFeatures } from '../../core/brand/types';
import { globalDb } from '../db/types';
import { DEMO_HOST, call, createTestBrand, login, useTestApp } from '../test/helpers';

const t = useTestApp();

describe('route gates (departments: staff read, Admin/Developer/Operator write, job.enabled)', () => {
  it('401 AUTH_REQUIRED without a session', async () => {
    const res = await call(t.app, { url: '/api/departments/list' });
    expect(res.status).toBe(401);
    expect(res.json.departments.dbErrors[0]).toMatchObject({ error: 'AUTH_REQUIRED' });
  });

  it('403 role for roles outside the gate', async () => {
    for (const role of ['engineer', 'customer', 'sales']) {
      const cookie = await login(t.app, DEMO_HOST, `${role}@demo.test`);
      const res = await call(t.app, { url: '/api/departments/list', cookie });
      expect(res.status, role).toBe(403);
      expect(res.json.departments.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', general: 'role' });
      expect(res.json.departments.metadata.userData.isLogged).toBe(true);
    }
  });

  it('lets staff read but only write roles write', async () => {
    const user = await login(t.app, DEMO_HOST, 'user@demo.test');
    expect((await call(t.app, { url: '/api/departments/list', cookie: user })).status).toBe(200);
    const refused = await call(t.app, { method: 'POST', url: '/api/departments/create', cookie: user, body: { de_name: 'Nope', de_prefix: 'NOPE' } });
    expect(refused.status).toBe(403);
    expect(refused.json.departments.dbErrors[0].general).toBe('role');
    const del = await call(t.app, { method: 'DELETE', url: '/api/departments/1', cookie: user });
    expect(del.status).toBe(403);
  });

  it("403 feature when the brand's feature is off, and back on when switched on", async () => {
    const features = allFeatures(true);
    features.job.enabled = false;
    const brand = await createTestBrand(t.db, features);
    const cookie = await login(t.app, brand.host, 'admin@demo.test');
    const off = await call(t.app, { url: '/api/departments/list', host: brand.host, cookie });
    expect(off.status).toBe(403);
    expect(off.json.departments.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', general: 'feature' });

    await globalDb(t.db)
      .updateTable('sites')
      .set({ config: JSON.stringify({ features: allFeatures(true) }) })
      .where('s_id', '=', brand.s_id)
      .execute();
    const on = await call(t.app, { url: '/api/departments/list', host: brand.host, cookie });
    expect(on.status).toBe(200);
  });

  it('any logged-in role passes a login-only gate (globalparams)', async () => {
    const cookie = await login(t.app, DEMO_HOST, 'customer@demo.test');
    expect((await call(t.app, { url: '/api/globalparams/list', cookie })).status).toBe(200);
    expect((await call(t.app, { url: '/api/globalparams/list' })).status).toBe(401);
  });
});
