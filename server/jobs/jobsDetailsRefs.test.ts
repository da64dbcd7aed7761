import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HOST, login, uniqueName, useTestApp } from '../test/helpers';
import type { JobDb } from './tables';
import { brandJobDb, demoIds, jobCalls, type DemoIds } from './testKit';

const t = useTestApp();
const { req, create } = jobCalls(t);
let admin: string;
let ids: DemoIds;
let db: JobDb;
const site: Record<'a' | 'b', { js_id: number; js_address: string }> = {} as never;
const contact: Record<'a' | 'b', { jsc_id: number; jsc_name: string }> = {} as never;

beforeAll(async () => {
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
  ids = await demoIds(t.db);
  db = await brandJobDb(t.db);
  for (const k of ['a', 'b'] as const) {
    site[k] = await db
      .insertInto('jobsites')
      .values({ js_address: uniqueName(`Site ${k}`) })
      .returning(['js_id', 'js_address'])
      .executeTakeFirstOrThrow();
    contact[k] = await db
      .insertInto('jobsitecontacts')
      .values({ jsc_name: uniqueName(`Contact ${k}`) })
      .returning(['jsc_id', 'jsc_name'])
      .executeTakeFirstOrThrow();
    await db.insertInto('jobsite_sitecontacts').values({ js_id: site[k].js_id, jsc_id: contact[k].jsc_id, is_lead: true }).execute();
  }
});

const invalidContact = { error: 'VALIDATION', details: 'jsc_id', primary: 'Invalid value' };

describe("a job's site contact belongs to the job's site", () => {
  it('refuses a contact of another site, or a contact without a site, on create', async () => {
    const de_id = ids.departments[0].de_id;
    const other = await req('POST', 'jobs/create', admin, { de_id, js_id: site.a.js_id, jsc_id: contact.b.jsc_id });
    expect(other.status, other.text).toBe(400);
    expect(other.json.jobs.dbErrors[0]).toMatchObject(invalidContact);
    const noSite = await req('POST', 'jobs/create', admin, { de_id, jsc_id: contact.a.jsc_id });
    expect(noSite.status, noSite.text).toBe(400);
    expect(noSite.json.jobs.dbErrors[0]).toMatchObject(invalidContact);
  });

  it('refuses a change of site that leaves a foreign contact, and accepts the contact of the new site', async () => {
    const job = await create(admin, { de_id: ids.departments[0].de_id, js_id: site.a.js_id, jsc_id: contact.a.jsc_id, job_desc: 'Contact check' });
    const moved = await req('PATCH', `jobs/${job.job_id}`, admin, { js_id: site.b.js_id });
    expect(moved.status, moved.text).toBe(400);
    expect(moved.json.jobs.dbErrors[0]).toMatchObject(invalidContact);
    const foreign = await req('PATCH', `jobs/${job.job_id}`, admin, { jsc_id: contact.b.jsc_id });
    expect(foreign.status, foreign.text).toBe(400);
    const stored = await db.selectFrom('jobs').select(['js_id', 'jsc_id']).where('job_id', '=', job.job_id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ js_id: site.a.js_id, jsc_id: contact.a.jsc_id });

    const ok = await req('PATCH', `jobs/${job.job_id}`, admin, { js_id: site.b.js_id, jsc_id: contact.b.jsc_id });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.jobs.data).toMatchObject({ js_id: site.b.js_id, jsc_id: contact.b.jsc_id, jsc_name: contact.b.jsc_name });
    const cleared = await req('PATCH', `jobs/${job.job_id}`, admin, { js_id: null, jsc_id: null });
    expect(cleared.status, cleared.text).toBe(200);
  });
});

describe('the history names the records it mentions', () => {
  it('answers names for the ids of changes and of created values', async () => {
    const [dept] = ids.departments;
    const job = await create(admin, {
      de_id: dept.de_id,
      co_id: ids.clients[0],
      js_id: site.a.js_id,
      jsc_id: contact.a.jsc_id,
      pm_id: ids.managers[0],
      job_status: 'QUOTED',
      engineers: [{ us_id: ids.users.engineer, is_lead: true }],
      suppliers: [{ co_id: ids.suppliers[0] }],
      assigned: [ids.users.operator],
    });
    await req('PATCH', `jobs/${job.job_id}`, admin, { js_id: site.b.js_id, jsc_id: contact.b.jsc_id, job_status: 'BOOKED' });
    const res = await req('GET', `jobs/${job.job_id}/history`, admin);
    expect(res.status, res.text).toBe(200);
    const [update, created] = res.json.jobs.data as { jh_action: string; jh_changes: Record<string, unknown>; jh_names: Record<string, string> }[];
    expect(update.jh_changes).toMatchObject({
      js_id: { from: site.a.js_id, to: site.b.js_id },
      jsc_id: { from: contact.a.jsc_id, to: contact.b.jsc_id },
      job_status: { from: 'QUOTED', to: 'BOOKED' },
    });
    expect(update.jh_names).toEqual({
      [`site:${site.a.js_id}`]: site.a.js_address,
      [`site:${site.b.js_id}`]: site.b.js_address,
      [`sitecontact:${contact.a.jsc_id}`]: contact.a.jsc_name,
      [`sitecontact:${contact.b.jsc_id}`]: contact.b.jsc_name,
    });

    expect(created.jh_action).toBe('create');
    const names = await Promise.all([
      db.selectFrom('departments').select('de_name').where('de_id', '=', dept.de_id).executeTakeFirstOrThrow(),
      db.selectFrom('contacts').select('co_name').where('co_id', '=', ids.clients[0]).executeTakeFirstOrThrow(),
      db.selectFrom('contacts').select('co_name').where('co_id', '=', ids.suppliers[0]).executeTakeFirstOrThrow(),
      db.selectFrom('propertymanagers').select('pm_name').where('pm_id', '=', ids.managers[0]).executeTakeFirstOrThrow(),
      db.selectFrom('users').select('fullname').where('us_id', '=', ids.users.engineer).executeTakeFirstOrThrow(),
      db.selectFrom('users').select('fullname').where('us_id', '=', ids.users.operator).executeTakeFirstOrThrow(),
    ]);
    expect(created.jh_names).toMatchObject({
      [`department:${dept.de_id}`]: names[0].de_name,
      [`contact:${ids.clients[0]}`]: names[1].co_name,
      [`contact:${ids.suppliers[0]}`]: names[2].co_name,
      [`pm:${ids.managers[0]}`]: names[3].pm_name,
      [`site:${site.a.js_id}`]: site.a.js_address,
      [`sitecontact:${contact.a.jsc_id}`]: contact.a.jsc_name,
      [`user:${ids.users.engineer}`]: names[4].fullname,
      [`user:${ids.users.operator}`]: names[5].fullname,
    });
  });

  it('names the sections and rows of a reorder', async () => {
    const job = await create(admin, { de_id: ids.departments[0].de_id, job_desc: 'Reorder names' });
    const url = (p: string) => `jobs/${job.job_id}/${p}`;
    await req('POST', url('sales'), admin, {
      jss_title: 'First',
      items: [
        { sales_kind: 'sales', item_code: 'Boiler', qty: 1 },
        { sales_kind: 'sales', description: 'Flue kit', qty: 1 },
      ],
    });
    const both = await req('POST', url('sales'), admin, { jss_title: 'Second' });
    const sections = both.json.jobs.data.sections as { jss_id: number; items: { sales_id: number }[] }[];
    await req('PATCH', url('salessections'), admin, { order: [sections[1].jss_id, sections[0].jss_id] });
    const rows = sections[0].items.map((i) => i.sales_id);
    await req('PATCH', url('salessectionitems'), admin, { jss_id: sections[0].jss_id, order: [rows[1], rows[0]] });
    const history = (await req('GET', `jobs/${job.job_id}/history`, admin)).json.jobs.data as {
      jh_changes: Record<string, unknown>;
      jh_names: Record<string, string>;
    }[];
    expect(history[0].jh_changes).toEqual({ sales_ids: { from: rows, to: [rows[1], rows[0]] } });
    expect(history[0].jh_names).toEqual({ [`salesitem:${rows[0]}`]: 'Boiler', [`salesitem:${rows[1]}`]: 'Flue kit' });
    expect(history[1].jh_names).toEqual({ [`section:${sections[0].jss_id}`]: 'First', [`section:${sections[1].jss_id}`]: 'Second' });
  });
});
