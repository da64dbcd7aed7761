import { beforeAll, describe, expect, it } from 'vitest';
import { brandDb } from '../db/types';
import { jobDb, type JobDb } from '../jobs/tables';
import { call, createTestBrand, login, useTestApp } from '../test/helpers';
import { parseReportIds } from './index';

const t = useTestApp();
type Brand = Awaited<ReturnType<typeof createTestBrand>>;
let a: Brand;
let b: Brand;
let dbA: JobDb;
let dbB: JobDb;
let operator: string;
const reports: number[] = [];
let reportB: number;

async function seedReports(brand: Brand, db: JobDb, count: number): Promise<number[]> {
  const de = await db.insertInto('departments').values({ de_name: 'Electrics', de_prefix: 'EL' }).returning('de_id').executeTakeFirstOrThrow();
  const job = await db.insertInto('jobs').values({ de_id: de.de_id, job_number: 'EL-0007' }).returning('job_id').executeTakeFirstOrThrow();
  const made: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = await db
      .insertInto('engineer_reports')
      .values({ job_id: job.job_id, us_id: brand.users.Engineer, er_text: `Visit ${i + 1}`, er_hours: '1.50', created_at: new Date(Date.UTC(2026, 0, 10 + i)) })
      .returning('er_id')
      .executeTakeFirstOrThrow();
    made.push(row.er_id);
  }
  return made;
}

const post = (url: string, body: unknown, cookie = operator, host = a.host) => call(t.app, { method: 'POST', url, body, cookie, host });

beforeAll(async () => {
  [a, b] = await Promise.all([createTestBrand(t.db), createTestBrand(t.db)]);
  dbA = jobDb(brandDb(t.db, a.schema));
  dbB = jobDb(brandDb(t.db, b.schema));
  reports.push(...(await seedReports(a, dbA, 4)));
  [reportB] = await seedReports(b, dbB, 1);
  operator = await login(t.app, a.host, 'operator@demo.test');
});

describe('engineer reports', () => {
  it('lists newest first with the job number and the engineer, paged with a total', async () => {
    const res = await call(t.app, { url: '/api/engineerreports/list?limit=3&pagenumber=1&totalcount=1', cookie: operator, host: a.host });
    expect(res.status, res.text).toBe(200);
    const body = res.json.engineerreports;
    expect(body.metadata.totalCount).toBe(4);
    expect(body.data.map((r: { er_id: number }) => r.er_id)).toEqual([reports[3], reports[2], reports[1]]);
    expect(body.data[0]).toMatchObject({
      job_number: 'EL-0007',
      engineer_name: 'Ethan Clarke',
      er_text: 'Visit 4',
      er_hours: '1.50',
      created_at: '2026-01-13 00:00:00',
    });
    const page2 = await call(t.app, { url: '/api/engineerreports/list?limit=3&pagenumber=2', cookie: operator, host: a.host });
    expect(page2.json.engineerreports.data.map((r: { er_id: number }) => r.er_id)).toEqual([reports[0]]);
  });

  it('checks each id of the comma-separated list', async () => {
    for (const er_ids of ['1,x', '', '1,,2', '-1', '1.5', 'abc', '99999999999']) {
      const res = await post('/api/engineerreports/removereports', { er_ids });
      expect(res.status, er_ids).toBe(400);
      expect(res.json.engineerreports.dbErrors[0]).toMatchObject({ error: 'VALIDATION', details: 'er_ids' });
    }
    const bad = await post('/api/engineerreports/removereports', { er_ids: '1,x' });
    expect(bad.json.engineerreports.dbErrors[0].primary).toBe('Invalid value');
    const missing = await post('/api/engineerreports/removereports', {});
    expect(missing.json.engineerreports.dbErrors[0]).toMatchObject({ details: 'er_ids', primary: 'Field is required!' });
    expect(parseReportIds({ er_ids: ' 3, 1 ,3' })).toEqual([3, 1]);
    expect(await dbA.selectFrom('engineer_reports').select('er_id').execute()).toHaveLength(4);
  });

  it("removes in bulk only this brand's reports", async () => {
    const res = await post('/api/engineerreports/removereports', { er_ids: `${reports[0]},${reports[1]},${reports[2]}` });
    expect(res.status, res.text).toBe(200);
    expect(res.headers['x-show-snackbar']).toBe('1');
    expect(res.json.engineerreports.data).toEqual({ removed: 3 });
    const left = await dbA.selectFrom('engineer_reports').select('er_id').execute();
    expect(left.map((r) => r.er_id)).toEqual([reports[3]]);
    // Brand B's report (its ids are numbered separately) is still there.
    expect(await dbB.selectFrom('engineer_reports').select('er_id').where('er_id', '=', reportB).executeTakeFirst()).toBeTruthy();
  });

  it('is refused to other roles', async () => {
    for (const role of ['engineer', 'customer', 'user']) {
      const cookie = await login(t.app, a.host, `${role}@demo.test`);
      const list = await call(t.app, { url: '/api/engineerreports/list', cookie, host: a.host });
      expect(list.status, role).toBe(403);
      const remove = await post('/api/engineerreports/removereports', { er_ids: String(reports[3]) }, cookie);
      expect(remove.status, role).toBe(403);
    }
    expect(await dbA.selectFrom('engineer_reports').select('er_id').execute()).toHaveLength(1);
  });
});
