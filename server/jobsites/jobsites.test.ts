import { beforeAll, describe, expect, it } from 'vitest';
import { allFeatures } from '../../core/brand/types';
import { DEMO_HOST, call, createTestBrand, login, uniqueName, useTestApp } from '../test/helpers';

const t = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
});

const ROW_RULE = 'Select a property manager, site contact, operator or contact in each row, or delete the empty row';
const post = (url: string, body: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, { method: 'POST', url, body, cookie, host });
const idOf = async (url: string, body: unknown, key: string, idField: string) => {
  const res = await post(url, body);
  expect(res.status, res.text).toBe(201);
  return res.json[key].data[idField] as number;
};

async function people() {
  const co = await idOf('/api/contacts/create', { co_name: uniqueName('Client'), co_type: 'CLIENT' }, 'contacts', 'co_id');
  const pm = await idOf('/api/propertymanagers/create', { pm_name: uniqueName('Manager'), pm_email: 'pm@example.co.uk' }, 'propertymanagers', 'pm_id');
  const jsc = await idOf('/api/jobsitecontacts/create', { jsc_name: uniqueName('Tenant'), jsc_type: 'TENANT' }, 'jobsitecontacts', 'jsc_id');
  return { co, pm, jsc };
}

describe('job sites', () => {
  it('creates a site with clients, property managers and site contacts, and reads them back', async () => {
    const { co, pm, jsc } = await people();
    const address = uniqueName('14 Wharf Road');
    const made = await post('/api/jobsites/create', {
      js_address: address,
      js_city: 'Bristol',
      js_postcode: 'BS1 4RN',
      js_other_notes: '',
      clients: [{ co_id: co, is_lead: true }],
      propertymanagers: [{ pm_id: pm }],
      sitecontacts: [{ jsc_id: jsc, is_lead: true }],
    });
    expect(made.status, made.text).toBe(201);
    const site = made.json.jobsites.data;
    expect(site).toMatchObject({
      js_address: address,
      js_other_notes: null,
      clients: [{ co_id: co, is_lead: true }],
      propertymanagers: [{ pm_id: pm, is_lead: false }],
      sitecontacts: [{ jsc_id: jsc, is_lead: true }],
    });

    const details = await call(t.app, { url: `/api/jobsites/${site.js_id}/details`, cookie: admin });
    expect(details.json.jobsites.data.clients).toEqual([{ co_id: co, is_lead: true }]);

    // A contact shows its sites; a manager and a site contact too (filter by the linked id).
    for (const body of [{ co_id: co }, { pm_id: pm }, { jsc_id: jsc }]) {
      const sites = await post('/api/jobsites/filter?totalcount=1', body);
      expect(
        sites.json.jobsites.data.map((s: { js_id: number }) => s.js_id),
        JSON.stringify(body),
      ).toEqual([site.js_id]);
    }
    const found = await post('/api/jobsites/filter?totalcount=1', { stext: address.slice(-8).toUpperCase() });
    expect(found.json.jobsites.metadata.totalCount).toBe(1);
    // The list shows each site's clients and managers by name.
    expect(found.json.jobsites.data[0]).toMatchObject({
      clients_names: expect.stringMatching(/^Client-/),
      propertymanagers_names: expect.stringMatching(/^Manager-/),
    });
    const plain = await post('/api/jobsites/filter', { pm_id: pm });
    expect(plain.json.jobsites.data[0].propertymanagers_names).toMatch(/^Manager-/);

    // A PATCH without a block leaves it alone; with one it replaces it.
    const patched = await call(t.app, { method: 'PATCH', url: `/api/jobsites/${site.js_id}`, cookie: admin, body: { js_city: 'Bath', propertymanagers: [] } });
    expect(patched.json.jobsites.data).toMatchObject({ js_city: 'Bath', clients: [{ co_id: co, is_lead: true }], propertymanagers: [] });
  });

  it('each row needs a selection; a bad row changes nothing', async () => {
    const { co } = await people();
    const res = await post('/api/jobsites/create', {
      js_address: uniqueName('Empty rows'),
      clients: [{ co_id: co }, { co_id: null }],
      sitecontacts: [{ is_lead: true }],
    });
    expect(res.status).toBe(400);
    const errors = res.json.jobsites.dbErrors.map((e: { details: string; primary: string }) => [e.details, e.primary]);
    expect(errors).toEqual([
      ['clients[1].co_id', ROW_RULE],
      ['sitecontacts[0].jsc_id', ROW_RULE],
    ]);

    const unknown = await post('/api/jobsites/create', { js_address: uniqueName('Unknown client'), clients: [{ co_id: 2147483000 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.jobsites.dbErrors[0]).toMatchObject({ error: 'VALIDATION', details: 'co_id' });
    const none = await post('/api/jobsites/filter?totalcount=1', { stext: 'Unknown client' });
    expect(none.json.jobsites.data.filter((s: { js_address: string }) => s.js_address.includes('Unknown client'))).toEqual([]);
  });

  it('the named actions replace one block: assingclients, assingpropertymanager, assingjobsitescontacts', async () => {
    const { co, pm, jsc } = await people();
    const js = await idOf('/api/jobsites/create', { js_address: uniqueName('2 Mill Lane') }, 'jobsites', 'js_id');
    const clients = await post(`/api/jobsites/${js}/assingclients`, { _bulk: [{ co_id: co, is_lead: true }, { co_id: co }] });
    expect(clients.status).toBe(200);
    expect(clients.headers['x-show-snackbar']).toBe('1');
    expect(clients.json.jobsites.data).toEqual([{ co_id: co, is_lead: true }]);
    expect((await post(`/api/jobsites/${js}/assingpropertymanager`, { _bulk: [{ pm_id: pm }] })).json.jobsites.data).toEqual([{ pm_id: pm, is_lead: false }]);
    expect((await post(`/api/jobsites/${js}/assingjobsitescontacts`, { _bulk: [{ jsc_id: jsc, is_lead: true }] })).status).toBe(200);
    const bad = await post(`/api/jobsites/${js}/assingclients`, { _bulk: [{}] });
    expect(bad.status).toBe(400);
    expect(bad.json.jobsites.dbErrors[0]).toMatchObject({ details: '_bulk[0].co_id', primary: ROW_RULE });
    expect((await post('/api/jobsites/2147483000/assingclients', { _bulk: [] })).status).toBe(404);
    const details = await call(t.app, { url: `/api/jobsites/${js}/details`, cookie: admin });
    expect(details.json.jobsites.data).toMatchObject({
      clients: [{ co_id: co }],
      propertymanagers: [{ pm_id: pm }],
      sitecontacts: [{ jsc_id: jsc, is_lead: true }],
    });
  });

  it('refuses to delete a contact, manager or site contact a site uses, with a clear message', async () => {
    const { co, pm, jsc } = await people();
    const js = await idOf(
      '/api/jobsites/create',
      { js_address: uniqueName('In use'), clients: [{ co_id: co }], propertymanagers: [{ pm_id: pm }], sitecontacts: [{ jsc_id: jsc }] },
      'jobsites',
      'js_id',
    );
    for (const [url, key] of [
      [`/api/contacts/${co}`, 'contacts'],
      [`/api/propertymanagers/${pm}`, 'propertymanagers'],
      [`/api/jobsitecontacts/${jsc}`, 'jobsitecontacts'],
    ]) {
      const res = await call(t.app, { method: 'DELETE', url, cookie: admin });
      expect(res.status, url).toBe(409);
      expect(res.json[key].dbErrors[0]).toMatchObject({ error: 'CONFLICT', primary: 'This record is in use and cannot be deleted.' });
    }
    // Deleting the site takes its links and notes with it; then the contact can go.
    await post(`/api/jobsites/jobsitenotes?js_id=${js}`, { jsn_note: 'Key with the concierge' });
    expect((await call(t.app, { method: 'DELETE', url: `/api/jobsites/${js}`, cookie: admin })).status).toBe(200);
    expect((await call(t.app, { method: 'DELETE', url: `/api/contacts/${co}`, cookie: admin })).status).toBe(200);
  });

  it('site notes: add, list, edit and delete by js_id; other notes', async () => {
    const js = await idOf('/api/jobsites/create', { js_address: uniqueName('Notes') }, 'jobsites', 'js_id');
    const added = await post(`/api/jobsites/jobsitenotes?js_id=${js}`, { jsn_note: 'Parking at the rear' });
    expect(added.status).toBe(201);
    const note = added.json.jobsites.data;
    expect(note).toMatchObject({ js_id: js, jsn_note: 'Parking at the rear', author: expect.any(String) });
    expect((await post(`/api/jobsites/jobsitenotes?js_id=${js}`, { jsn_note: '' })).json.jobsites.dbErrors[0]).toMatchObject({
      details: 'jsn_note',
      primary: 'Field is required!',
    });
    expect((await post(`/api/jobsites/jobsitenotes?js_id=${js}`, { jsn_note: 'x'.repeat(3001) })).json.jobsites.dbErrors[0].primary).toBe('Max. 3000 chars!');
    const noteErrors = async (body: unknown) =>
      (await post(`/api/jobsites/jobsitenotes?js_id=${js}`, body)).json.jobsites.dbErrors.map((e: { details: string; primary: string }) => [
        e.details,
        e.primary,
      ]);
    expect(await noteErrors({ jsn_note: '  \n ' })).toEqual([['jsn_note', 'Field is required!']]);
    expect(await noteErrors({})).toEqual([['jsn_note', 'Field is required!']]);
    expect(await noteErrors({ jsn_note: 5 })).toEqual([['jsn_note', 'Invalid value']]);

    const edited = await call(t.app, {
      method: 'PATCH',
      url: `/api/jobsites/jobsitenotes/${note.jsn_id}?js_id=${js}`,
      cookie: admin,
      body: { jsn_note: 'Parking at the front' },
    });
    expect(edited.json.jobsites.data.jsn_note).toBe('Parking at the front');
    const wrongSite = await call(t.app, {
      method: 'PATCH',
      url: `/api/jobsites/jobsitenotes/${note.jsn_id}?js_id=${js + 100000}`,
      cookie: admin,
      body: { jsn_note: 'x' },
    });
    expect(wrongSite.status).toBe(404);
    const list = await call(t.app, { url: `/api/jobsites/jobsitenotes?js_id=${js}`, cookie: admin });
    expect(list.json.jobsites.data.map((n: { jsn_note: string }) => n.jsn_note)).toEqual(['Parking at the front']);
    expect((await call(t.app, { method: 'DELETE', url: `/api/jobsites/jobsitenotes/${note.jsn_id}?js_id=${js}`, cookie: admin })).status).toBe(200);
    expect((await call(t.app, { url: `/api/jobsites/jobsitenotes?js_id=${js}`, cookie: admin })).json.jobsites.data).toEqual([]);
    expect((await call(t.app, { url: '/api/jobsites/jobsitenotes?js_id=2147483000', cookie: admin })).status).toBe(404);

    const other = await call(t.app, {
      method: 'PATCH',
      url: `/api/jobsites/${js}/updateOtherNotes`,
      cookie: admin,
      body: { js_other_notes: 'Alarm code with the office' },
    });
    expect(other.json.jobsites.data).toEqual({ js_id: js, js_other_notes: 'Alarm code with the office' });
    expect(
      (await call(t.app, { method: 'PATCH', url: `/api/jobsites/${js}/updateOtherNotes`, cookie: admin, body: { js_other_notes: 'x'.repeat(3001) } })).status,
    ).toBe(400);
    const blank = await call(t.app, { method: 'PATCH', url: `/api/jobsites/${js}/updateOtherNotes`, cookie: admin, body: { js_other_notes: '   ' } });
    expect(blank.json.jobsites.data).toEqual({ js_id: js, js_other_notes: null });
    const notText = await call(t.app, { method: 'PATCH', url: `/api/jobsites/${js}/updateOtherNotes`, cookie: admin, body: { js_other_notes: 5 } });
    expect(notText.json.jobsites.dbErrors).toEqual([{ error: 'VALIDATION', primary: 'Invalid value', details: 'js_other_notes', general: null }]);
  });

  it('validates the plain fields of sites, managers and site contacts', async () => {
    const site = await post('/api/jobsites/create', { js_address: '', js_city: 'x'.repeat(101) });
    expect(site.json.jobsites.dbErrors.map((e: { details: string; primary: string }) => [e.details, e.primary])).toEqual([
      ['js_address', 'Field is required!'],
      ['js_city', 'Max. 100 chars!'],
    ]);
    const pm = await post('/api/propertymanagers/create', { pm_name: 'Ann', pm_email: 'nope', pm_notes: 'x'.repeat(3001) });
    expect(pm.json.propertymanagers.dbErrors.map((e: { primary: string }) => e.primary)).toEqual(['Invalid email', 'Max. 3000 chars!']);
    const jsc = await post('/api/jobsitecontacts/create', { jsc_name: 'Bo', jsc_type: 'LANDLORD' });
    expect(jsc.json.jobsitecontacts.dbErrors[0]).toMatchObject({ details: 'jsc_type', primary: 'Invalid value' });
    const sort = await call(t.app, { url: '/api/propertymanagers/list?sort=pm_notes', cookie: admin });
    expect(sort.status).toBe(400);
  });

  it('role gates on every endpoint, and no other brand reaches a site or its notes', async () => {
    const js = await idOf('/api/jobsites/create', { js_address: uniqueName('Gated') }, 'jobsites', 'js_id');
    const engineer = await login(t.app, DEMO_HOST, 'engineer@demo.test');
    const user = await login(t.app, DEMO_HOST, 'user@demo.test');
    const routes = [
      ['GET', '/api/jobsites/list'],
      ['GET', '/api/propertymanagers/list'],
      ['GET', '/api/jobsitecontacts/list'],
      ['GET', `/api/jobsites/jobsitenotes?js_id=${js}`],
      ['POST', `/api/jobsites/${js}/assingclients`],
      ['PATCH', `/api/jobsites/${js}/updateOtherNotes`],
      ['POST', `/api/jobsites/jobsitenotes?js_id=${js}`],
      ['POST', '/api/contacts/suppliers'],
    ] as const;
    for (const [method, url] of routes) {
      const res = await call(t.app, { method, url, cookie: engineer, body: method === 'GET' ? undefined : {} });
      expect(res.status, url).toBe(403);
      expect(Object.values(res.json as Record<string, { dbErrors: { general: string }[] }>)[0].dbErrors[0].general).toBe('role');
    }
    for (const [method, url] of routes.slice(4, 7)) {
      expect((await call(t.app, { method, url, cookie: user, body: { _bulk: [], jsn_note: 'x' } })).status, url).toBe(403);
    }
    const noJob = await createTestBrand(t.db, undefined);
    const other = await login(t.app, noJob.host, 'admin@demo.test');
    expect((await call(t.app, { url: `/api/jobsites/${js}/details`, cookie: other, host: noJob.host })).status).toBe(404);
    expect((await call(t.app, { url: `/api/jobsites/jobsitenotes?js_id=${js}`, cookie: other, host: noJob.host })).status).toBe(404);
    expect((await call(t.app, { method: 'POST', url: `/api/jobsites/${js}/assingclients`, cookie: other, host: noJob.host, body: { _bulk: [] } })).status).toBe(
      404,
    );

    const features = allFeatures(true);
    features.job.enabled = false;
    const off = await createTestBrand(t.db, features);
    const offAdmin = await login(t.app, off.host, 'admin@demo.test');
    for (const url of [
      '/api/jobsites/list',
      '/api/propertymanagers/list',
      '/api/jobsitecontacts/list',
      '/api/contacts/list',
      `/api/jobsites/jobsitenotes?js_id=${js}`,
    ]) {
      const res = await call(t.app, { url, cookie: offAdmin, host: off.host });
      expect(res.status, url).toBe(403);
      expect(Object.values(res.json as Record<string, { dbErrors: { general: string }[] }>)[0].dbErrors[0].general).toBe('feature');
    }
    expect((await call(t.app, { url: '/api/jobsites/list' })).status).toBe(401);
  });
});
