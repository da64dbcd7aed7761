import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobCalls } from '../jobs/testKit';
import { call, uniqueName, useTestApp, useTestBrand } from '../test/helpers';

// A brand of its own: the table sizes and the version are this file's alone.
const t = useTestApp();
const own = useTestBrand(t);
const word = uniqueName('Pagingword')
  .toLowerCase()
  .replace(/[^a-z0-9]/g, '');
const MATCHES = 600;
const OTHERS = 1000;
const matchName = (i: number) => `Zed ${word} ${String(i).padStart(4, '0')}`;
const table = (name: string) => sql.id(own.brand.schema, name);

beforeAll(async () => {
  // Every match sorts after every other contact by name: walking the name index from the start
  // finds no match for a thousand rows, walking it from the end finds only matches.
  await sql`insert into ${table('contacts')} (co_name, co_type) select 'Abe Other ' || lpad(i::text, 4, '0'), 'CLIENT' from generate_series(1, ${OTHERS}) i`.execute(
    t.db,
  );
  await sql`insert into ${table('contacts')} (co_name, co_type) select 'Zed ' || ${word}::text || ' ' || lpad(i::text, 4, '0'), 'CLIENT' from generate_series(1, ${MATCHES}) i`.execute(
    t.db,
  );
  await sql`analyze ${table('contacts')}`.execute(t.db);
});

const page = async (pagenumber: number, sort: string, stext = word) => {
  const res = await call(t.app, {
    method: 'POST',
    url: `/api/contacts/filter?limit=20&pagenumber=${pagenumber}&sort=${sort}&totalcount=1`,
    body: { stext },
    cookie: own.admin,
    host: own.brand.host,
  });
  expect(res.status, res.text).toBe(200);
  return { names: (res.json.contacts.data as { co_name: string }[]).map((c) => c.co_name), total: res.json.contacts.metadata.totalCount as number };
};

/** The names of the matches numbered `from`..`to` (both included), in the order asked. */
const names = (numbers: number[]) => numbers.map(matchName);
const range = (from: number, to: number) => Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from <= to ? from + i : from - i));

describe('the pages of a search that matches many records', () => {
  it('are the same rows and total every time they are asked, sorted either way', async () => {
    for (let round = 0; round < 3; round++) {
      for (const [pagenumber, first] of [
        [1, 1],
        [2, 21],
        [3, 41],
        [29, 561],
        [30, 581],
      ]) {
        expect(await page(pagenumber, 'co_name')).toEqual({ names: names(range(first, first + 19)), total: MATCHES });
        expect(await page(pagenumber, '-co_name')).toEqual({ names: names(range(MATCHES + 1 - first, MATCHES - first - 18)), total: MATCHES });
      }
    }
  });

  it('count a change committed by any connection at once: added, renamed away, deleted', async () => {
    await page(2, '-co_name');
    await sql`insert into ${table('contacts')} (co_name, co_type) values (${matchName(9999)}, 'CLIENT')`.execute(t.db);
    expect(await page(1, '-co_name')).toEqual({ names: names([9999, ...range(600, 582)]), total: MATCHES + 1 });
    expect(await page(2, '-co_name')).toEqual({ names: names(range(581, 562)), total: MATCHES + 1 });

    await sql`update ${table('contacts')} set co_name = 'Abe Renamed' where co_name = ${matchName(9999)}`.execute(t.db);
    expect(await page(2, '-co_name')).toEqual({ names: names(range(580, 561)), total: MATCHES });

    await sql`delete from ${table('contacts')} where co_name in (${matchName(600)}, ${matchName(599)})`.execute(t.db);
    expect(await page(2, '-co_name')).toEqual({ names: names(range(578, 559)), total: MATCHES - 2 });
    expect(await page(1, 'co_name')).toEqual({ names: names(range(1, 20)), total: MATCHES - 2 });
    await sql`insert into ${table('contacts')} (co_name, co_type) values (${matchName(600)}, 'CLIENT'), (${matchName(599)}, 'CLIENT')`.execute(t.db);
    expect(await page(2, '-co_name')).toEqual({ names: names(range(580, 561)), total: MATCHES });
  });

  it('do not count a change before it is committed, and count it once it is', async () => {
    await page(3, '-co_name');
    await t.db.transaction().execute(async (trx) => {
      await sql`insert into ${table('contacts')} (co_name, co_type) values (${matchName(9998)}, 'CLIENT')`.execute(trx);
      expect(await page(3, '-co_name')).toEqual({ names: names(range(560, 541)), total: MATCHES });
    });
    expect(await page(3, '-co_name')).toEqual({ names: names(range(561, 542)), total: MATCHES + 1 });
    await sql`delete from ${table('contacts')} where co_name = ${matchName(9998)}`.execute(t.db);
    expect(await page(3, '-co_name')).toEqual({ names: names(range(560, 541)), total: MATCHES });
  });
});

describe('the job sheet paged through a search', () => {
  const { req, create } = jobCalls(t, () => own.brand.host);
  const jobWord = `${word}job`;
  const made: number[] = [];

  beforeAll(async () => {
    const client = await req('POST', 'contacts/create', own.admin, { co_name: `Client ${word}`, co_type: 'CLIENT' });
    const department = await req('POST', 'departments/create', own.admin, { de_name: `Dept ${word}`, de_prefix: 'PG' });
    for (let i = 0; i < 25; i++) {
      made.push(
        (
          await create(own.admin, {
            de_id: department.json.departments.data.de_id,
            co_id: client.json.contacts.data.co_id,
            job_status: 'BOOKED',
            job_desc: `${jobWord} ${i}`,
          })
        ).job_id,
      );
    }
  });

  const sheet = async (pagenumber: number, sort = '-job_number') => {
    const res = await req('POST', `jobs/filter?limit=5&pagenumber=${pagenumber}&totalcount=1&sort=${sort}`, own.admin, { stext: jobWord });
    expect(res.status, res.text).toBe(200);
    return { ids: (res.json.jobs.data as { job_id: number }[]).map((r) => r.job_id), total: res.json.jobs.metadata.totalCount as number };
  };

  it('gives every page the same jobs and total however often it is asked, and counts a new or changed job at once', async () => {
    const newest = [...made].reverse();
    for (let round = 0; round < 3; round++) {
      for (let p = 1; p <= 5; p++) expect(await sheet(p)).toEqual({ ids: newest.slice((p - 1) * 5, p * 5), total: 25 });
      expect(await sheet(2, 'job_number')).toEqual({ ids: made.slice(5, 10), total: 25 });
    }

    const added = (
      await create(own.admin, {
        de_id: (await req('GET', `jobs/${made[0]}`, own.admin)).json.jobs.data.de_id,
        job_status: 'BOOKED',
        job_desc: `${jobWord} added`,
      })
    ).job_id;
    expect(await sheet(1)).toEqual({ ids: [added, ...newest.slice(0, 4)], total: 26 });
    expect(await sheet(2)).toEqual({ ids: newest.slice(4, 9), total: 26 });

    const changed = await req('PATCH', `jobs/${added}`, own.admin, { job_desc: 'something else' });
    expect(changed.status, changed.text).toBe(200);
    expect(await sheet(2)).toEqual({ ids: newest.slice(5, 10), total: 25 });
  });
});
