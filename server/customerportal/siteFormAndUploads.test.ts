import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, useTestApp } from '../test/helpers';
import { brandJobs } from '../jobs/sales/testJobs';
import { jpeg, storeTree, upload } from '../files/testKit';
import { customerJob, makeCustomer, notificationsOf, type CustomerWorld } from './testKit';

const root = path.join(os.tmpdir(), `customer-form-${randomUUID()}`);
const t = useTestApp({ filesRoot: root });
let me: CustomerWorld;
let other: CustomerWorld;
let cookie = '';

const url = (p: string) => `/api/customerportal/${p}`;
const post = (p: string, body: unknown) => call(t.app, { method: 'POST', url: url(p), cookie, body });
const data = (res: { json: { customerportal: { data: unknown } } }) => res.json.customerportal.data;
const siteRow = (jsId: number) => brandJobs(t.db).selectFrom('jobsites').select(['js_address', 'js_city']).where('js_id', '=', jsId).executeTakeFirstOrThrow();
const clientsOn = async (jsId: number) =>
  (await brandJobs(t.db).selectFrom('jobsite_clients').select('co_id').where('js_id', '=', jsId).orderBy('co_id').execute()).map((r) => r.co_id);

beforeAll(async () => {
  me = await makeCustomer(t.db);
  other = await makeCustomer(t.db);
  cookie = await login(t.app, 'localhost', me.email);
});

describe('customer portal: createUpdateJobsite', () => {
  it('creates a site for an own client without js_id, and changes an own site with it', async () => {
    const created = await post('createUpdateJobsite', { js_address: '4 Form Row', co_id: me.co_id });
    expect(created.status, created.text).toBe(200);
    const site = data(created) as { js_id: number };
    expect(data(created)).toMatchObject({ js_address: '4 Form Row', clients: [{ co_id: me.co_id }] });

    const changed = await post('createUpdateJobsite', { js_id: site.js_id, js_address: '4a Form Row', js_city: 'Bath' });
    expect(changed.status, changed.text).toBe(200);
    expect(data(changed)).toMatchObject({ js_id: site.js_id, js_address: '4a Form Row', js_city: 'Bath' });
  });

  it('saves a site form sent whole: the client beside js_id is theirs and joins the site', async () => {
    // Their manager's site has none of their clients yet.
    const saved = await post('createUpdateJobsite', { js_id: me.pm_js_id, js_city: 'Leeds', co_id: me.co_id });
    expect(saved.status, saved.text).toBe(200);
    expect(data(saved)).toMatchObject({ js_id: me.pm_js_id, js_city: 'Leeds', clients: [{ co_id: me.co_id }] });
    expect(await clientsOn(me.pm_js_id)).toEqual([me.co_id]);
  });

  it('answers 404 for another customer’s site or client and writes nothing', async () => {
    const before = await siteRow(other.js_id);
    expect((await post('createUpdateJobsite', { js_id: other.js_id, js_city: 'Nowhere' })).status).toBe(404);
    expect((await post('createUpdateJobsite', { js_id: other.js_id, js_city: 'Nowhere', co_id: me.co_id })).status).toBe(404);
    expect(await siteRow(other.js_id)).toEqual(before);
    expect(await clientsOn(other.js_id)).toEqual([other.co_id]);

    const mine = await siteRow(me.js_id);
    expect((await post('createUpdateJobsite', { js_id: me.js_id, js_city: 'Nowhere', co_id: other.co_id })).status).toBe(404);
    expect((await post('createUpdateJobsite', { js_address: '5 Not Mine', co_id: other.co_id })).status).toBe(404);
    expect(await siteRow(me.js_id)).toEqual(mine);
    expect(await clientsOn(me.js_id)).toEqual([me.co_id]);
  });

  it('refuses a bad body with the field named, writing nothing', async () => {
    const mine = await siteRow(me.js_id);
    const noClient = await post('createUpdateJobsite', { js_address: '6 Lost Lane' });
    expect(noClient.status).toBe(400);
    expect(noClient.json.customerportal.dbErrors[0]).toMatchObject({ details: 'co_id', primary: 'Field is required!' });
    const badClient = await post('createUpdateJobsite', { js_id: me.js_id, js_city: 'Nowhere', co_id: 'abc' });
    expect(badClient.status).toBe(400);
    expect(badClient.json.customerportal.dbErrors[0]).toMatchObject({ details: 'co_id' });
    const longCity = await post('createUpdateJobsite', { js_id: me.js_id, js_city: 'x'.repeat(101), co_id: me.co_id });
    expect(longCity.status).toBe(400);
    expect(longCity.json.customerportal.dbErrors[0]).toMatchObject({ details: 'js_city', primary: 'Max. 100 chars!' });
    const staffField = await post('createUpdateJobsite', { js_id: me.js_id, js_other_notes: 'mine now' });
    expect(staffField.status).toBe(400);
    expect(await siteRow(me.js_id)).toEqual(mine);
  });
});

describe('customer portal: work orders', () => {
  it('refuses a work order on another customer’s job (404) and an oversized one (413), keeping nothing', async () => {
    const theirs = await customerJob(t.db, other);
    const job = await customerJob(t.db, me);
    const before = await storeTree(t.app.fileStore, root);
    const photo = await jpeg(10, 10);
    const refused = await upload(t.app, { url: url(`${theirs}/workorders`), cookie, files: [{ name: 'order.jpg', data: photo }] });
    expect(refused.status).toBe(404);

    // Over the demo brand's 20 MB limit.
    const big = await upload(t.app, { url: url(`${job}/workorders`), cookie, files: [{ name: 'order.bin', data: Buffer.alloc(21 * 1024 * 1024, 1) }] });
    expect(big.status).toBe(413);
    expect(big.json.customerportal.dbErrors[0]).toMatchObject({ primary: 'Max upload limit reached.' });

    expect(await storeTree(t.app.fileStore, root)).toEqual(before);
    expect(data(await post(`${job}/documents/filter`, { f_grp_id: 'WORKORDERS' }))).toEqual([]);
    expect(await notificationsOf(t.db, job, 'CUSTOMER_NEW_FILE')).toEqual([]);
    expect(await notificationsOf(t.db, theirs, 'CUSTOMER_NEW_FILE')).toEqual([]);
  });
});
