import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HOST, login, uniqueName, useTestApp } from '../test/helpers';
import { brandJobDb, demoIds, jobCalls, type DemoIds } from './testKit';

const t = useTestApp();
const { req, create } = jobCalls(t);
let admin: string;
let ids: DemoIds;
let word: string;
const made: { job_id: number; job_number: string }[] = [];

beforeAll(async () => {
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
  ids = await demoIds(t.db);
  word = uniqueName('Sheetword').toLowerCase();
  const statuses = ['BOOKED', 'QUOTED', 'BOOKED', 'COMPLETED', 'BOOKED'];
  for (const [i, status] of statuses.entries()) {
    made.push(
      await create(admin, {
        de_id: ids.departments[i % 2].de_id,
        js_id: ids.sites[i],
        co_id: ids.clients[i],
        job_status: status,
        job_desc: `${word} job ${i}`,
        job_tags: i === 0 ? ['NEEDMATERIALS'] : [],
        job_start: `2027-0${i + 1}-15 09:00:00`,
        assigned: i < 2 ? [ids.users.operator] : [],
        engineers: i === 4 ? [{ us_id: ids.users.engineer, is_lead: true }] : undefined,
      }),
    );
  }
  await create(admin, { de_id: ids.departments[0].de_id, job_desc: `${word} draft`, job_is_draft: true });
});

const sheet = async (body: unknown, query = 'limit=20&pagenumber=1&totalcount=1') => {
  const res = await req('POST', `jobs/filter?${query}`, admin, body);
  expect(res.status, res.text).toBe(200);
  return { rows: res.json.jobs.data as Record<string, unknown>[], total: res.json.jobs.metadata.totalCount as number };
};

describe('the job sheet', () => {
  it('free text finds jobs by description, number, client and site; drafts only when asked', async () => {
    const found = await sheet({ stext: word.toUpperCase() });
    expect(found.total).toBe(5);
    expect(found.rows[0]).toMatchObject({
      de_name: expect.any(String),
      co_name: expect.any(String),
      js_address: expect.any(String),
      net_quote: '0.00',
      net_sales: '0.00',
      // The money columns' currency, so the sheet formats them like the Sales tab (site config default).
      currency: 'GBP',
    });
    // A sheet row is the list row and its currency, nothing more: no customer id, no column the search's own statement carried.
    const listRowKeys = [
      'job_id',
      'job_number',
      'job_status',
      'job_wopo',
      'job_desc',
      'de_id',
      'de_name',
      'co_id',
      'co_name',
      'js_id',
      'js_address',
      'pm_id',
      'pm_name',
      'job_start',
      'job_end',
      'job_tags',
      'net_quote',
      'net_sales',
      'currency',
      'created_at',
      'updated_at',
      'assigned',
    ];
    for (const row of found.rows) expect(Object.keys(row).sort()).toEqual([...listRowKeys].sort());
    expect(found.rows[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await sheet({ stext: word, drafts: true })).total).toBe(6);
    expect((await sheet({ stext: made[2].job_number.toLowerCase() })).rows.map((r) => r.job_id)).toEqual([made[2].job_id]);
    const db = await brandJobDb(t.db);
    const site = await db.selectFrom('jobsites').select(['js_address', 'js_postcode']).where('js_id', '=', ids.sites[3]).executeTakeFirstOrThrow();
    const bySite = await sheet({ stext: site.js_address, job_status: ['COMPLETED'] });
    expect(bySite.rows.map((r) => r.job_id)).toContain(made[3].job_id);
  });

  it('a renamed client is found under its new name', async () => {
    const db = await brandJobDb(t.db);
    const newName = uniqueName('Renamed Client');
    const co = await db
      .insertInto('contacts')
      .values({ co_type: 'CLIENT', co_name: uniqueName('Old Client') })
      .returning('co_id')
      .executeTakeFirstOrThrow();
    const job = await create(admin, { de_id: ids.departments[0].de_id, co_id: co.co_id });
    await db.updateTable('contacts').set({ co_name: newName }).where('co_id', '=', co.co_id).execute();
    expect((await sheet({ stext: newName })).rows.map((r) => r.job_id)).toEqual([job.job_id]);
  });

  it('filters by status, department, tags, assigned user, engineer and start range', async () => {
    const scope = { stext: word };
    expect((await sheet({ ...scope, job_status: ['BOOKED'] })).total).toBe(3);
    // Same shape, other values: the cached statement takes this request's values.
    expect((await sheet({ ...scope, job_status: ['QUOTED'] })).total).toBe(1);
    expect((await sheet({ stext: made[0].job_number, job_status: ['BOOKED'] })).rows.map((r) => r.job_id)).toEqual([made[0].job_id]);
    expect((await sheet({ ...scope, de_id: [ids.departments[1].de_id] })).total).toBe(2);
    expect((await sheet({ ...scope, job_tags: ['NEEDMATERIALS'] })).rows.map((r) => r.job_id)).toEqual([made[0].job_id]);
    expect((await sheet({ ...scope, assigned: [ids.users.operator] })).total).toBe(2);
    expect((await sheet({ ...scope, engineer: [ids.users.engineer] })).rows.map((r) => r.job_id)).toEqual([made[4].job_id]);
    expect((await sheet({ ...scope, start_from: '2027-02-01 00:00:00', start_to: '2027-03-31 00:00:00' })).total).toBe(2);
    expect((await sheet({ ...scope, co_id: ids.clients[1] })).rows.map((r) => r.job_id)).toEqual([made[1].job_id]);
    // Without free text the total comes from a count beside the page.
    const noText = await sheet({ js_id: ids.sites[2], job_status: ['BOOKED'] });
    expect(noText.rows.map((r) => r.job_id)).toContain(made[2].job_id);
    expect(noText.total).toBe(noText.rows.length);
  });

  it('sorts, pages and reports the total', async () => {
    const asc = await sheet({ stext: word }, 'limit=2&pagenumber=1&sort=job_start&totalcount=1');
    expect(asc.rows.map((r) => r.job_id)).toEqual([made[0].job_id, made[1].job_id]);
    expect(asc.total).toBe(5);
    const page3 = await sheet({ stext: word }, 'limit=2&pagenumber=3&sort=job_start&totalcount=1');
    expect(page3.rows.map((r) => r.job_id)).toEqual([made[4].job_id]);
    const past = await sheet({ stext: word }, 'limit=2&pagenumber=9&sort=job_start&totalcount=1');
    expect(past).toEqual({ rows: [], total: 5 });
    const desc = await sheet({ stext: word }, 'sort=-job_start');
    expect(desc.rows[0].job_id).toBe(made[4].job_id);
    const byClient = await sheet({ stext: word }, 'sort=co_name,-job_number');
    const names = byClient.rows.map((r) => String(r.co_name).toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('refuses short free text, unknown fields and sorts', async () => {
    const short = await req('POST', 'jobs/filter', admin, { stext: 'ab' });
    expect(short.status).toBe(400);
    expect(short.json.jobs.dbErrors[0]).toMatchObject({ details: 'stext', primary: 'At least 3 characters' });
    expect((await req('POST', 'jobs/filter?sort=job_desc', admin, {})).json.jobs.dbErrors[0].details).toBe('sort');
    expect((await req('POST', 'jobs/filter', admin, { colour: 'red' })).json.jobs.dbErrors[0].details).toBe('colour');
    expect((await req('POST', 'jobs/filter', admin, { job_status: ['DONE'] })).status).toBe(400);
  });
});
