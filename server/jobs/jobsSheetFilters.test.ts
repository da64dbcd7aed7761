import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HOST, login, uniqueName, useTestApp } from '../test/helpers';
import { brandJobDb, demoIds, jobCalls, type DemoIds } from './testKit';

const t = useTestApp();
const { req, create } = jobCalls(t);
let admin: string;
let customer: string;
let ids: DemoIds;
let word: string;
const made: { job_id: number; job_number: string }[] = [];

beforeAll(async () => {
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
  customer = await login(t.app, DEMO_HOST, 'customer@demo.test');
  ids = await demoIds(t.db);
  word = uniqueName('Filterword').toLowerCase();
  // Created in this order so that the job id order differs from the status order of the hidden ones.
  const statuses = ['ON_HOLD', 'BOOKED', 'CANCELLED', 'QUOTED'];
  const db = await brandJobDb(t.db);
  for (const [i, status] of statuses.entries()) {
    const job = await create(admin, {
      de_id: ids.departments[0].de_id,
      job_status: status,
      job_desc: `${word} ${i}`,
      job_start: `2027-0${i + 1}-01 09:00:00`,
      job_end: `2027-0${i + 1}-20 17:00:00`,
    });
    await db
      .updateTable('jobs')
      .set({ net_quote: `${(i + 1) * 100}.50`, net_sales: `${(i + 1) * 10}.00`, customer_us_id: ids.users.customer })
      .where('job_id', '=', job.job_id)
      .execute();
    made.push(job);
  }
});

const sheet = async (cookie: string, body: unknown, query = 'limit=20&pagenumber=1&totalcount=1') => {
  const res = await req('POST', `jobs/filter?${query}`, cookie, body);
  expect(res.status, res.text).toBe(200);
  return (res.json.jobs.data as { job_id: number; job_status: string | null }[]).map((r) => r.job_id);
};
const exportAs = (cookie: string, body: unknown, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/exportjobs/export${query}`,
    headers: { host: DEMO_HOST, cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe('job sheet filters on number, end date, net quote and net sales', () => {
  it('finds a job by part of its number, any case', async () => {
    const number = made[2].job_number;
    expect(await sheet(admin, { job_number: number.toLowerCase() })).toEqual([made[2].job_id]);
    // Same shape, other value: the cached statement takes this request's value.
    expect(await sheet(admin, { job_number: made[1].job_number })).toEqual([made[1].job_id]);
    const tail = number.slice(number.indexOf('-'));
    expect(await sheet(admin, { stext: word, job_number: tail })).toContain(made[2].job_id);
    expect(await sheet(admin, { stext: word, job_number: '%' })).toEqual([]);
  });

  it('filters by end range and by net quote and net sales ranges, inclusive', async () => {
    const scope = { stext: word };
    expect(await sheet(admin, { ...scope, end_from: '2027-02-20 17:00:00', end_to: '2027-03-31 00:00:00' }, 'sort=job_end')).toEqual([
      made[1].job_id,
      made[2].job_id,
    ]);
    expect(await sheet(admin, { ...scope, net_quote_min: '200.50', net_quote_max: 300.5 }, 'sort=net_quote')).toEqual([made[1].job_id, made[2].job_id]);
    expect(await sheet(admin, { ...scope, net_sales_min: 30 }, 'sort=net_sales')).toEqual([made[2].job_id, made[3].job_id]);
    expect(await sheet(admin, { ...scope, net_sales_max: '10' })).toEqual([made[0].job_id]);
  });

  it('refuses bad values with the field named', async () => {
    const bad = async (body: unknown, field: string, primary: string) => {
      const res = await req('POST', 'jobs/filter', admin, body);
      expect(res.status, res.text).toBe(400);
      expect(res.json.jobs.dbErrors[0]).toMatchObject({ details: field, primary });
    };
    await bad({ net_quote_min: 'lots' }, 'net_quote_min', 'Invalid number');
    await bad({ net_sales_max: 1e30 }, 'net_sales_max', 'Invalid number');
    await bad({ end_to: 'tomorrow' }, 'end_to', 'Invalid value');
    await bad({ job_number: 12 }, 'job_number', 'Invalid value');
    await bad({ job_number: 'x'.repeat(101) }, 'job_number', 'Max. 100 chars!');
  });
});

describe('a customer never learns hidden statuses', () => {
  it('may filter on visible statuses only, on the sheet and the export', async () => {
    expect(await sheet(customer, { stext: word, job_status: ['QUOTED'] })).toEqual([made[3].job_id]);
    for (const status of ['ON_HOLD', 'CANCELLED', 'SIGNED_OFF']) {
      const res = await req('POST', 'jobs/filter', customer, { stext: word, job_status: [status] });
      expect(res.status).toBe(400);
      expect(res.json.jobs.dbErrors[0]).toMatchObject({ details: 'job_status', primary: 'Invalid value' });
      const file = await exportAs(customer, { stext: word, job_status: ['QUOTED', status] });
      expect(file.statusCode).toBe(400);
      expect(file.json().exportjobs.dbErrors[0]).toMatchObject({ details: 'job_status', primary: 'Invalid value' });
    }
    // Staff keep every status.
    expect(await sheet(admin, { stext: word, job_status: ['ON_HOLD'] })).toEqual([made[0].job_id]);
  });

  it('sorts hidden statuses as null (after the visible ones, by job id), so the order tells nothing', async () => {
    const hiddenLast = [made[1].job_id, made[3].job_id, made[0].job_id, made[2].job_id];
    expect(await sheet(customer, { stext: word }, 'sort=job_status')).toEqual(hiddenLast);
    expect(await sheet(customer, { stext: word }, 'sort=-job_status')).toEqual([made[2].job_id, made[0].job_id, made[3].job_id, made[1].job_id]);
    // Staff see the real order: BOOKED, CANCELLED, ON_HOLD, QUOTED.
    expect(await sheet(admin, { stext: word }, 'sort=job_status')).toEqual([made[1].job_id, made[2].job_id, made[0].job_id, made[3].job_id]);
    const file = await exportAs(customer, { stext: word }, '?sort=job_status');
    expect(file.statusCode, file.body).toBe(200);
  });
});

describe('job sheet free text of several words', () => {
  it('finds the words together and in the order typed', async () => {
    const phrase = uniqueName('Phraseword').toLowerCase();
    const [boilerService, serviceBoiler] = [
      await create(admin, { de_id: ids.departments[0].de_id, job_desc: `${phrase} boiler service` }),
      await create(admin, { de_id: ids.departments[0].de_id, job_desc: `${phrase} service boiler` }),
    ];
    expect(await sheet(admin, { stext: `${phrase} Boiler Service` })).toEqual([boilerService.job_id]);
    expect(await sheet(admin, { stext: `${phrase} service boiler` })).toEqual([serviceBoiler.job_id]);
    // 'boiler' stands between the two words in the first job's text.
    expect(await sheet(admin, { stext: `${phrase} service` })).toEqual([serviceBoiler.job_id]);
    expect((await sheet(admin, { stext: phrase })).sort((a, b) => a - b)).toEqual([boilerService.job_id, serviceBoiler.job_id]);
  });
});
