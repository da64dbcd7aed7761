import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_TYPES } from '../../core/enums';
import { DEMO_HOST, call, login, useTestApp } from '../test/helpers';

const t = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
});

describe('demo reference data', () => {
  it('has contacts of every type, about 40 in all', async () => {
    let total = 0;
    for (const type of CONTACT_TYPES) {
      const res = await call(t.app, { method: 'POST', url: '/api/contacts/filter?totalcount=1', cookie: admin, body: { co_type: type } });
      expect(res.json.contacts.metadata.totalCount, type).toBeGreaterThan(0);
      total += res.json.contacts.metadata.totalCount;
    }
    expect(total).toBeGreaterThanOrEqual(40);
  });

  it('has 30 UK sites, each with a lead client and property manager that link back', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/jobsites/filter?totalcount=1&limit=100', cookie: admin, body: { stext: 'bristol' } });
    expect(res.json.jobsites.metadata.totalCount).toBeGreaterThanOrEqual(3);
    const site = res.json.jobsites.data[0];
    expect(site.js_postcode).toMatch(/^[A-Z]{1,2}\d{1,2} \d[A-Z]{2}$/);
    const details = (await call(t.app, { url: `/api/jobsites/${site.js_id}/details`, cookie: admin })).json.jobsites.data;
    expect(details.clients[0]).toMatchObject({ is_lead: true });
    expect(details.propertymanagers.length).toBe(1);
    const back = await call(t.app, { method: 'POST', url: '/api/jobsites/filter?totalcount=1', cookie: admin, body: { co_id: details.clients[0].co_id } });
    expect(back.json.jobsites.data.map((s: { js_id: number }) => s.js_id)).toContain(site.js_id);
    const all = await call(t.app, { url: '/api/jobsites/list?totalcount=1', cookie: admin });
    expect(all.json.jobsites.metadata.totalCount).toBeGreaterThanOrEqual(30);
    expect(
      (await call(t.app, { url: '/api/propertymanagers/list?totalcount=1', cookie: admin })).json.propertymanagers.metadata.totalCount,
    ).toBeGreaterThanOrEqual(10);
    expect(
      (await call(t.app, { url: '/api/jobsitecontacts/list?totalcount=1', cookie: admin })).json.jobsitecontacts.metadata.totalCount,
    ).toBeGreaterThanOrEqual(10);
  });
});
