import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_HOST, call, login, uniqueName, useTestApp } from '../test/helpers';
import { brandJobDb, brandSchema, demoIds, jobCalls, type DemoIds } from '../jobs/testKit';

const t = useTestApp();
const { create } = jobCalls(t);
let admin: string;
let ids: DemoIds;

beforeAll(async () => {
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
  ids = await demoIds(t.db);
});

async function download(cookie: string, body: unknown, query = '') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/exportjobs/export${query}`,
    headers: { host: DEMO_HOST, cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return res;
}

async function sheetRows(payload: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('exportjobs/export', () => {
  it('streams every row of the filter (no paging) in the sheet order', async () => {
    const word = uniqueName('Exportword').toLowerCase();
    const jobs = [];
    for (let i = 0; i < 25; i++) {
      jobs.push(
        await create(admin, {
          de_id: ids.departments[i % 3].de_id,
          co_id: ids.clients[0],
          job_status: i % 5 === 0 ? 'QUOTED' : 'BOOKED',
          job_desc: `${word} ${String(i).padStart(2, '0')}`,
          job_start: '2027-05-01 10:00:00',
          assigned: [ids.users.operator],
        }),
      );
    }
    const res = await download(admin, { stext: word, job_status: ['BOOKED'] }, '?sort=job_number');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="jobs-.*\.xlsx"$/);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['Number', 'Status', 'Client', 'Net quote']));
    const expected = jobs
      .filter((_, i) => i % 5 !== 0)
      .map((j) => j.job_number)
      .sort();
    expect(rows.slice(1).map((r) => r[0])).toEqual(expected);
    const first = rows[1];
    expect(first[1]).toBe('Booked');
    expect(first[6]).toBeInstanceOf(Date);
    expect((first[6] as Date).toISOString()).toBe('2027-05-01T10:00:00.000Z');
    expect(first[9]).toBe('Oliver Bennett');
    expect(first[12]).toBe(0);
  });

  it('reads several cursor batches: every row once, in order', async () => {
    const word = uniqueName('Bulkexport').toLowerCase();
    const db = await brandJobDb(t.db);
    const n = 1234;
    await db
      .insertInto('jobs')
      .values(
        Array.from({ length: n }, (_, i) => ({
          job_number: `${word}-${String(i).padStart(5, '0')}`,
          de_id: ids.departments[0].de_id,
          job_desc: `${word} row`,
        })),
      )
      .execute();
    const res = await download(admin, { stext: word }, '?sort=job_number');
    expect(res.statusCode).toBe(200);
    const numbers = (await sheetRows(res.rawPayload)).slice(1).map((r) => r[0]);
    expect(numbers).toHaveLength(n);
    expect(numbers[0]).toBe(`${word}-00000`);
    expect(numbers.at(-1)).toBe(`${word}-01233`);
    expect(new Set(numbers).size).toBe(n);
  });

  it('an empty result is a file with the header only; bad filters answer the envelope', async () => {
    const empty = await download(admin, { stext: uniqueName('nothing-matches') });
    expect(empty.statusCode).toBe(200);
    expect(await sheetRows(empty.rawPayload)).toHaveLength(1);
    const bad = await call(t.app, { method: 'POST', url: '/api/exportjobs/export', cookie: admin, body: { stext: 'ab' } });
    expect(bad.status).toBe(400);
    expect(bad.json.exportjobs.dbErrors[0]).toMatchObject({ details: 'stext', primary: 'At least 3 characters' });
    const badSort = await call(t.app, { method: 'POST', url: '/api/exportjobs/export?sort=nope', cookie: admin, body: {} });
    expect(badSort.json.exportjobs.dbErrors[0].details).toBe('sort');
  });

  it('a customer exports only their own jobs; an engineer may not export', async () => {
    const word = uniqueName('Custexport').toLowerCase();
    const own = await create(admin, { de_id: ids.departments[0].de_id, job_desc: `${word} own`, job_status: 'ON_HOLD' });
    await create(admin, { de_id: ids.departments[0].de_id, job_desc: `${word} other` });
    await call(t.app, { method: 'POST', url: `/api/jobs/${own.job_id}/assigncustomer`, cookie: admin, body: { us_id: ids.users.customer } });
    const customer = await login(t.app, DEMO_HOST, 'customer@demo.test');
    const rows = await sheetRows((await download(customer, { stext: word })).rawPayload);
    expect(rows.slice(1).map((r) => [r[0], r[1] ?? null])).toEqual([[own.job_number, null]]);
    const engineer = await login(t.app, DEMO_HOST, 'engineer@demo.test');
    const refused = await call(t.app, { method: 'POST', url: '/api/exportjobs/export', cookie: engineer, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.json.exportjobs.dbErrors[0].general).toBe('role');
  });

  it('a failure before the first byte answers 500 with the export message', async () => {
    const spy = vi.spyOn(ExcelJS.stream.xlsx, 'WorkbookWriter').mockImplementationOnce(function () {
      throw new Error('disk full');
    });
    try {
      const res = await call(t.app, { method: 'POST', url: '/api/exportjobs/export', cookie: admin, body: {} });
      expect(res.status).toBe(500);
      expect(res.json.exportjobs.dbErrors[0]).toMatchObject({ error: 'INTERNAL', primary: 'Unexpected error during the export to file.' });
    } finally {
      spy.mockRestore();
    }
  });

  it('a download the browser abandons while the server waits for it to read ends there and gives its database connection back', async () => {
    const word = uniqueName('Abandoned').toLowerCase();
    const schema = await brandSchema(t.db);
    // Random text that does not compress: about 15 MB of cells, more than the loopback socket buffers hold for a reader that stopped reading.
    // It goes in one long tag a row, which the tag index keeps as one key, not in the description, whose every trigram the search index
    // would keep; and in a few thousand wide rows rather than many narrow ones, since each job row runs the search trigger.
    const n = 8_000;
    await sql`insert into ${sql.id(schema, 'jobs')} (job_number, de_id, job_desc, job_tags)
      select ${word} || '-' || i, ${ids.departments[0].de_id}, ${word} || ' row',
        array[(select string_agg(md5(random()::text || i || g), '') from generate_series(1, 60) g)]
      from generate_series(1, ${n}) i`.execute(t.db);
    // The export's transaction, idle while its response waits for the reader.
    const waiting = async () =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from pg_stat_activity where state = 'idle in transaction' and now() - state_change > interval '300 milliseconds'`.execute(
          t.db,
        )
      ).rows[0].n;
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const req = request({
        port,
        method: 'POST',
        path: '/api/exportjobs/export',
        headers: { host: DEMO_HOST, cookie: admin, 'content-type': 'application/json' },
      });
      req.on('error', () => undefined);
      const res = await new Promise<IncomingMessage>((resolve) => req.on('response', resolve).end(JSON.stringify({ stext: word })));
      expect(res.statusCode).toBe(200);
      res.pause();
      await expect.poll(waiting, { timeout: 20_000 }).toBe(1);
      req.destroy();
      await expect.poll(waiting, { timeout: 5_000 }).toBe(0);
      const sheet = await call(t.app, { method: 'POST', url: '/api/jobs/filter?limit=20&pagenumber=1&totalcount=1', cookie: admin, body: { stext: word } });
      expect(sheet.json.jobs.metadata.totalCount).toBe(n);
    } finally {
      await sql`delete from ${sql.id(schema, 'jobs')} where job_desc = ${`${word} row`}`.execute(t.db);
    }
  }, 60_000);
});
