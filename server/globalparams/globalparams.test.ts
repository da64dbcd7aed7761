/**
 * GET /api/globalparams/list on brands of this file's own (the seeded demo brands are shared with
 * other files, which add and change departments): the departments asserted on are made here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_TYPES, JOB_STATUSES, JOB_TAGS } from '../../core/enums';
import { ROLES } from '../../core/access/roles';
import { ACME_DEPARTMENTS, DEMO_DEPARTMENTS, createDepartments, type NewDepartment } from '../seed/departments';
import { call, createTestBrand, login, useTestApp, useTestBrand, type TestBrand } from '../test/helpers';

const t = useTestApp();
const own = useTestBrand(t);
let other: TestBrand;

/** The demo brand's departments, and an inactive one (existing jobs still need its name). */
const MINE: readonly NewDepartment[] = [...DEMO_DEPARTMENTS, { de_name: 'Asbestos (closed)', de_prefix: 'ASB', de_color: null, de_is_active: false }];

beforeAll(async () => {
  await createDepartments(t.db, own.brand.schema, MINE);
  other = await createTestBrand(t.db);
  await createDepartments(t.db, other.schema, ACME_DEPARTMENTS);
});

/** What the list answers for `list`: every department, by name. */
const expected = (list: readonly NewDepartment[]) =>
  [...list]
    .sort((a, b) => (a.de_name < b.de_name ? -1 : a.de_name > b.de_name ? 1 : 0))
    .map((d) => ({ de_id: expect.any(Number), de_name: d.de_name, de_prefix: d.de_prefix, de_color: d.de_color ?? null }));

describe('GET /api/globalparams/list', () => {
  it("gives the enumerations and the brand's departments", async () => {
    const cookie = await login(t.app, own.brand.host, 'operator@demo.test');
    const res = await call(t.app, { url: '/api/globalparams/list', host: own.brand.host, cookie });
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
    // Exactly the brand's departments, inactive ones too, by name, with these four fields only.
    expect(data.departments).toEqual(expected(MINE));
    expect(data.roles).toEqual([]);
  });

  it("lists only the host's brand's departments", async () => {
    const cookie = await login(t.app, other.host, 'admin@demo.test');
    const res = await call(t.app, { url: '/api/globalparams/list', host: other.host, cookie });
    expect(res.json.globalparams.data.departments).toEqual(expected(ACME_DEPARTMENTS));
    const prefixes = res.json.globalparams.data.departments.map((d: { de_prefix: string }) => d.de_prefix);
    expect(prefixes).toContain('CAR');
    expect(prefixes).not.toContain('ROF');
    const mine = await call(t.app, { url: '/api/globalparams/list', host: own.brand.host, cookie: own.admin });
    const minePrefixes = mine.json.globalparams.data.departments.map((d: { de_prefix: string }) => d.de_prefix);
    expect(minePrefixes).toContain('ROF');
    expect(minePrefixes).not.toContain('CAR');
  });

  it('gives the changeable roles: Admin all but Developer, Developer all', async () => {
    const host = own.brand.host;
    const admin = await call(t.app, { url: '/api/globalparams/list', host, cookie: own.admin });
    expect(admin.json.globalparams.data.roles).toEqual(ROLES.filter((r) => r !== 'Developer'));
    const dev = await call(t.app, { url: '/api/globalparams/list', host, cookie: await login(t.app, host, 'developer@demo.test') });
    expect(dev.json.globalparams.data.roles).toEqual([...ROLES]);
  });
});
