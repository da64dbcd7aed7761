import { describe, expect, it } from 'vitest';
import { CONTACT_TYPES, JOB_STATUSES, JOB_TAGS } from '../../src/enums';
import { ROLES } from '../../src/access/roles';
import { ACME_HOST, DEMO_HOST, call, login, useTestApp } from '../test/helpers';

const t = useTestApp();


describe('GET /api/globalparams/list', () => {
  it("gives the enumerations and the brand's departments", async () => {
    const cookie = await login(t.app, DEMO_HOST, 'operator@demo.test');
    const res = await call(t.app, { url: '/api/globalparams/list', cookie });
    expect(res.status).toBe(200);
    const data = res.json.globalparams.data;
    expect(data.job_statuses).toEqual([...JOB_STATUSES]);
    expect(data.job_tags).toEqual([...JOB_TAGS]);
    expect(data.contact_types).toEqual([...CONTACT_TYPES]);
    for (const key of ['material_types', 'cost_types', 'invoice_types', 'file_groups', 'notification_types', 'site_contact_types', 'mail_date_groups']) {
      expect(Array.isArray(data[key]), key).toBe(true);
      expect(data[key].length, key).toBeGreaterThan(0);
    }
    const prefixes = data.departments.map((d: { de_prefix: string }) => d.de_prefix);
    expect(prefixes).toEqual(expect.arrayContaining(['PLB', 'ELE', 'ROF', 'GEN', 'HTG']));
    expect(data.departments[0]).toEqual({ de_id: expect.any(Number), de_name: expect.any(String), de_prefix: expect.any(String), de_color: expect.anything() });
    expect(data.roles).toEqual([]);
  });

  it('lists only the Acme departments on the Acme host', async () => {
    const cookie = await login(t.app, ACME_HOST, 'admin@demo.test');
    const res = await call(t.app, { url: '/api/globalparams/list', host: ACME_HOST, cookie });
    const prefixes = res.json.globalparams.data.departments.map((d: { de_prefix: string }) => d.de_prefix);
    expect(prefixes).toContain('CAR');
    expect(prefixes).not.toContain('ROF');
  });

  it('gives the changeable roles: Admin all but Developer, Developer all', async () => {
    const admin = await call(t.app, { url: '/api/globalparams/list', cookie: await login(t.app, DEMO_HOST, 'admin@demo.test') });
    expect(admin.json.globalparams.data.roles).toEqual(ROLES.filter((r) => r !== 'Developer'));
    const dev = await call(t.app, { url: '/api/globalparams/list', cookie: await login(t.app, DEMO_HOST, 'developer@demo.test') });
    expect(dev.json.globalparams.data.roles).toEqual([...ROLES]);
  });
});
