import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, useTestApp } from '../test/helpers';
import { userId } from '../jobs/sales/testJobs';
import { jpeg, upload } from '../files/testKit';
import { customerJob, makeCustomer, notificationsOf, type CustomerWorld } from './testKit';

const t = useTestApp({ filesRoot: path.join(os.tmpdir(), `customer-files-${randomUUID()}`) });
let me: CustomerWorld;
let other: CustomerWorld;
let cookie = '';
let staff = '';
let operatorId = 0;

const url = (p: string) => `/api/customerportal/${p}`;
const post = (p: string, body: unknown) => call(t.app, { method: 'POST', url: url(p), cookie, body });
const data = (res: { json: { customerportal: { data: unknown } } }) => res.json.customerportal.data;

beforeAll(async () => {
  operatorId = await userId(t.db, 'operator@demo.test');
  me = await makeCustomer(t.db, [operatorId]);
  other = await makeCustomer(t.db);
  cookie = await login(t.app, 'localhost', me.email);
  staff = await login(t.app, 'localhost', 'operator@demo.test');
});

describe('customer portal: sites, clients and managers', () => {
  it('lists the sites of the customer’s clients and managers only', async () => {
    const res = await post('jobsites?totalcount=1', {});
    expect(res.status, res.text).toBe(200);
    const ids = (data(res) as { js_id: number }[]).map((s) => s.js_id).sort((a, b) => a - b);
    expect(ids).toEqual([me.js_id, me.pm_js_id].sort((a, b) => a - b));
    expect((data(res) as { js_id: number; clients: { co_id: number }[] }[]).find((s) => s.js_id === me.js_id)?.clients).toEqual([
      expect.objectContaining({ co_id: me.co_id }),
    ]);
    const byClient = await post('relatedJobsites', { co_id: me.co_id });
    expect((data(byClient) as { js_id: number }[]).map((s) => s.js_id)).toEqual([me.js_id]);
    const byPm = await post('getRelatedJobSites', { pm_id: me.pm_id });
    expect((data(byPm) as { js_id: number }[]).map((s) => s.js_id)).toEqual([me.pm_js_id]);
    expect((await post('relatedJobsites', { co_id: other.co_id })).status).toBe(404);
    expect((await post('getRelatedJobSites', { pm_id: other.pm_id })).status).toBe(404);
  });

  it('shows an own site’s details and contacts, 404 for another’s', async () => {
    const res = await post('getJobSiteDetails', { js_id: me.js_id });
    expect(res.status, res.text).toBe(200);
    expect(data(res)).toMatchObject({ js_id: me.js_id, clients: [{ co_id: me.co_id }], propertymanagers: [], sitecontacts: [] });
    expect((await post('getJobSiteDetails', { js_id: other.js_id })).status).toBe(404);
    expect((await post('jobsitecontacts', { js_id: me.js_id })).status).toBe(200);
    expect((await post('jobsitecontacts', { js_id: other.js_id })).status).toBe(404);
  });

  it('creates a site for an own client, adds an own client to it, changes its address', async () => {
    const created = await post('createJobsite', { js_address: '9 New Lane', co_id: me.co_id, js_postcode: 'N1 9NL' });
    expect(created.status, created.text).toBe(201);
    const site = data(created) as { js_id: number; js_address: string; clients: { co_id: number }[] };
    expect(site).toMatchObject({ js_address: '9 New Lane', clients: [{ co_id: me.co_id }] });
    const listed = await post('jobsites', { stext: 'New Lane' });
    expect((data(listed) as { js_id: number }[]).map((s) => s.js_id)).toEqual([site.js_id]);

    expect((await post('createJobsite', { js_address: '9 New Lane', co_id: other.co_id })).status).toBe(404);
    const noAddress = await post('createJobsite', { js_address: '', co_id: me.co_id });
    expect(noAddress.status).toBe(400);
    expect(noAddress.json.customerportal.dbErrors[0]).toMatchObject({ details: 'js_address', primary: 'Field is required!' });
    const long = await post('createJobsite', { js_address: 'x'.repeat(101), co_id: me.co_id });
    expect(long.json.customerportal.dbErrors[0]).toMatchObject({ details: 'js_address', primary: 'Max. 100 chars!' });

    // The customer's manager site gets their client too; another's client or site is 404.
    const appended = await post('appendClientToJobsite', { js_id: me.pm_js_id, co_id: me.co_id });
    expect(appended.status, appended.text).toBe(200);
    expect((data(appended) as { clients: { co_id: number }[] }).clients).toEqual([expect.objectContaining({ co_id: me.co_id })]);
    expect((await post('appendClientToJobsite', { js_id: other.js_id, co_id: me.co_id })).status).toBe(404);
    expect((await post('appendClientToJobsite', { js_id: me.js_id, co_id: other.co_id })).status).toBe(404);

    const patched = await call(t.app, { method: 'PATCH', url: url('updateJobsite'), cookie, body: { js_id: site.js_id, js_city: 'London' } });
    expect(patched.status, patched.text).toBe(200);
    expect(data(patched)).toMatchObject({ js_city: 'London', js_address: '9 New Lane' });
    expect((await call(t.app, { method: 'PATCH', url: url('updateJobsite'), cookie, body: { js_id: other.js_id, js_city: 'X' } })).status).toBe(404);
  });

  it('lists the customer’s own client contacts and managers', async () => {
    expect((data(await post('relatedContacts', {})) as { co_id: number }[]).map((c) => c.co_id)).toEqual([me.co_id]);
    expect((data(await post('relatedPropertyManagers', {})) as { pm_id: number }[]).map((p) => p.pm_id)).toEqual([me.pm_id]);
    expect((await post('getContactDetails', { co_id: me.co_id })).status).toBe(200);
    expect((await post('getContactDetails', { co_id: other.co_id })).status).toBe(404);
  });
});

describe('customer portal: documents', () => {
  it('uploads a work order visible to the client, tells the office, and serves only visible files', async () => {
    const job = await customerJob(t.db, me);
    const photo = await jpeg(40, 30);
    const up = await upload(t.app, { url: url(`${job}/workorders`), cookie, files: [{ name: 'order.jpg', data: photo, type: 'image/jpeg' }] });
    expect(up.status, up.text).toBe(201);
    const [file] = (up.json as { customerportal: { data: { file_id: number; download_name: string; f_grp_id: string; fxj_visible_to_client: boolean }[] } })
      .customerportal.data;
    expect(file).toMatchObject({ f_grp_id: 'WORKORDERS', fxj_visible_to_client: true });
    // Nobody is assigned to the job: every operator hears of it, never the customer.
    const sent = await notificationsOf(t.db, job, 'CUSTOMER_NEW_FILE');
    expect(sent.map((n) => n.us_id)).toEqual(expect.arrayContaining([operatorId]));
    expect(sent.map((n) => n.us_id)).not.toContain(me.us_id);
    expect(sent[0].notif_params).toMatchObject({ group: 'WORKORDERS', names: ['order.jpg'] });

    // A staff file not shown to the client stays out of the customer's list and downloads.
    const hidden = await upload(t.app, {
      url: `/api/jobs/${job}/generaldocuments`,
      cookie: staff,
      files: [{ name: 'internal.jpg', data: await jpeg(20, 20, '#ff0000'), type: 'image/jpeg' }],
    });
    expect(hidden.status, hidden.text).toBe(201);
    const hiddenFile = (hidden.json as { jobs: { data: { file_id: number; download_name: string }[] } }).jobs.data[0];

    const list = await post(`${job}/documents/filter`, {});
    expect((data(list) as { file_id: number }[]).map((f) => f.file_id)).toEqual([file.file_id]);
    const orders = await post(`${job}/documents/filter`, { f_grp_id: 'GENERALDOCUMENTS' });
    expect(data(orders)).toEqual([]);

    const got = await call(t.app, { url: url(`download/${file.download_name}`), cookie });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect((await call(t.app, { url: url(`download/${hiddenFile.download_name}`), cookie })).status).toBe(404);
    const link = await call(t.app, { url: url(`url/${file.file_id}`), cookie });
    expect(link.status).toBe(200);
    expect(data(link)).toMatchObject({ url: expect.stringContaining(`/customerportal/download/${file.download_name}`) });
    expect((await call(t.app, { url: url(`url/${hiddenFile.file_id}`), cookie })).status).toBe(404);
  });

  it('refuses uploads to another customer’s job, a site field, and a disguised file', async () => {
    const theirs = await customerJob(t.db, other);
    const photo = await jpeg(10, 10);
    expect((await upload(t.app, { url: url(`${theirs}/generaldocuments`), cookie, files: [{ name: 'a.jpg', data: photo }] })).status).toBe(404);
    expect((await post(`${theirs}/documents/filter`, {})).status).toBe(404);
    const job = await customerJob(t.db, me);
    const site = await upload(t.app, {
      url: url(`${job}/generaldocuments`),
      cookie,
      files: [{ name: 'a.jpg', data: photo }],
      fields: { js_id: String(other.js_id) },
    });
    expect(site.status).toBe(400);
    const disguised = await upload(t.app, { url: url(`${job}/generaldocuments`), cookie, files: [{ name: 'invoice.pdf', data: photo }] });
    expect(disguised.status).toBe(400);
    expect(data(await post(`${job}/documents/filter`, {}))).toEqual([]);
    expect(await notificationsOf(t.db, job, 'CUSTOMER_NEW_FILE')).toEqual([]);
  });
});
