import { beforeAll, describe, expect, it } from 'vitest';
import { linkToJobFilter, type FigureCount, type HomeFigures } from '../../../core/jobs/home/figures';
import { DEMO_HOST, login, uniqueName, useTestApp } from '../../test/helpers';
import { brandJobDb, demoIds, jobCalls, type DemoIds } from '../testKit';
import type { JobDb } from '../tables';

const t = useTestApp();
const { req, create } = jobCalls(t);
let admin: string;
let engineer: string;
let ids: DemoIds;
let db: JobDb;
let deId: number;

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function figures(cookie = admin): Promise<HomeFigures> {
  const res = await req('GET', 'jobs/home', cookie);
  expect(res.status, res.text).toBe(200);
  return res.json.jobs.data as HomeFigures;
}

/** The sheet's total for a figure's link, as the home page's link opens it. */
async function sheetTotal(f: FigureCount): Promise<number> {
  const res = await req('POST', 'jobs/filter?limit=20&pagenumber=1&totalcount=1', admin, linkToJobFilter(f.link));
  expect(res.status, res.text).toBe(200);
  return res.json.jobs.metadata.totalCount as number;
}

beforeAll(async () => {
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
  engineer = await login(t.app, DEMO_HOST, 'engineer@demo.test');
  ids = await demoIds(t.db);
  db = await brandJobDb(t.db);
  const name = uniqueName('Home dept');
  const dept = await db
    .insertInto('departments')
    .values({ de_name: name, de_prefix: name.replace(/\W/g, '').slice(-8).toUpperCase() })
    .returning('de_id')
    .executeTakeFirstOrThrow();
  deId = dept.de_id;
});

describe('GET jobs/home', () => {
  it('counts the jobs the test makes in each figure, and each count is the total of the sheet behind its link', async () => {
    const before = await figures();
    const today = `${day(0)} 00:00:00`;
    const quoted = await create(admin, { de_id: deId, job_status: 'QUOTED', job_desc: 'Home quote' });
    const unbilled = await create(admin, { de_id: deId, job_status: 'COMPLETED', job_desc: 'Home unbilled', job_end: today });
    const billed = await create(admin, { de_id: deId, job_status: 'COMPLETED', job_desc: 'Home billed', job_end: today });
    const late = await create(admin, {
      de_id: ids.departments[0].de_id,
      job_status: 'BOOKED',
      job_desc: 'Home late',
      js_id: ids.sites[0],
      job_start: `${day(-2)} 08:00:00`,
      job_end: `${day(-1)} 10:00:00`,
      engineers: [{ us_id: ids.users.engineer, is_lead: true }],
    });
    await db.updateTable('jobs').set({ net_quote: '100.00' }).where('job_id', '=', quoted.job_id).execute();
    await db.updateTable('jobs').set({ net_quote: '50.25' }).where('job_id', '=', unbilled.job_id).execute();
    await db.updateTable('jobs').set({ net_sales: '300.00' }).where('job_id', '=', billed.job_id).execute();
    await db
      .insertInto('job_costs')
      .values({ job_id: billed.job_id, us_id: ids.users.engineer, jc_item: 'Labour', jc_qty_operator: '2', jc_net_price_operator: '35.00' })
      .execute();

    const after = await figures();
    expect(after.quotesAwaiting.count).toBe(before.quotesAwaiting.count + 1);
    expect(Number(after.quotesAwaiting.value) - Number(before.quotesAwaiting.value)).toBeCloseTo(100, 2);
    expect(after.unbilled.count).toBe(before.unbilled.count + 1);
    expect(Number(after.unbilled.value) - Number(before.unbilled.value)).toBeCloseTo(50.25, 2);
    expect(after.overdue.count).toBe(before.overdue.count + 1);
    const booked = (f: HomeFigures) => f.byStatus.find((s) => s.status === 'BOOKED')!.count;
    expect(booked(after)).toBe(booked(before) + 1);
    const missing = (f: HomeFigures) => f.notReported.find((e) => e.us_id === ids.users.engineer)?.missing ?? 0;
    expect(missing(after)).toBe(missing(before) + 1);

    // The new department ends two jobs this month: sales 300.00, costs 2 × 35.00, margin 230.00.
    expect(after.marginByDepartment.find((d) => d.de_id === deId)).toMatchObject({ count: 2, sales: '300.00', costs: '70.00', margin: '230.00' });

    const figuresBehindLinks: FigureCount[] = [
      after.unbooked,
      after.overdue,
      after.quotesAwaiting,
      after.unbilled,
      ...after.byStatus,
      ...after.notReported,
      ...after.marginByDepartment,
    ];
    for (const f of figuresBehindLinks) expect({ link: f.link, total: await sheetTotal(f) }).toEqual({ link: f.link, total: f.count });

    // The engineer's report takes the job off their missing reports.
    await db.insertInto('engineer_reports').values({ job_id: late.job_id, us_id: ids.users.engineer, er_text: 'Done' }).execute();
    expect(missing(await figures())).toBe(missing(after) - 1);
  });

  it('answers office staff only', async () => {
    const res = await req('GET', 'jobs/home', engineer);
    expect(res.status).toBe(403);
  });
});
