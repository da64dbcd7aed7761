import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { JOB_STATUSES } from '../../core/enums';
import { brandJobDb, brandSchema } from '../jobs/testKit';
import { DEMO_HOST, call, login, useTestApp } from '../test/helpers';
import { DEMO_DEPARTMENTS } from './departments';
import { DEMO_JOB_COUNT, seededRandom } from './jobs';

const t = useTestApp();

describe('demo jobs', () => {
  it('cover every status and department, with engineers, operators, a customer, sales and costs', async () => {
    const db = await brandJobDb(t.db);
    // The seed's jobs are the brand's first ones (other test files add theirs later).
    const jobs = await db
      .selectFrom('jobs')
      .select(['job_id', 'job_status', 'de_id', 'job_number', 'customer_us_id', 'job_start'])
      .orderBy('job_id')
      .limit(DEMO_JOB_COUNT)
      .execute();
    const ids = jobs.map((j) => j.job_id);
    expect(jobs).toHaveLength(DEMO_JOB_COUNT);
    expect(new Set(jobs.map((j) => j.job_status))).toEqual(new Set(JOB_STATUSES));
    const departments = await db
      .selectFrom('departments')
      .select('de_id')
      .where(
        'de_prefix',
        'in',
        DEMO_DEPARTMENTS.map((d) => d.de_prefix),
      )
      .execute();
    expect(new Set(jobs.map((j) => j.de_id))).toEqual(new Set(departments.map((d) => d.de_id)));
    expect(jobs.some((j) => j.job_number === null)).toBe(true);
    const starts = jobs.map((j) => j.job_start?.getTime()).filter((v): v is number => !!v);
    expect(Math.min(...starts)).toBeLessThan(Date.now() - 14 * 86_400_000);
    expect(Math.max(...starts)).toBeGreaterThan(Date.now() + 14 * 86_400_000);

    const users = await db.selectFrom('users').select(['us_id', 'email']).execute();
    const id = (email: string) => users.find((u) => u.email === email)!.us_id;
    const onEngineer = await db.selectFrom('job_engineers').select('job_id').where('us_id', '=', id('engineer@demo.test')).where('job_id', 'in', ids).execute();
    expect(onEngineer.length).toBeGreaterThan(5);
    const engineers = await db.selectFrom('job_engineers').select('us_id').distinct().where('job_id', 'in', ids).execute();
    expect(engineers.length).toBeGreaterThan(1);
    const withOperator = await db
      .selectFrom('job_assigned_users')
      .select('job_id')
      .where('us_id', '=', id('operator@demo.test'))
      .where('job_id', 'in', ids)
      .execute();
    expect(withOperator.length).toBeGreaterThan(3);
    expect(withOperator.length).toBeLessThan(jobs.length / 2);
    expect(jobs.filter((j) => j.customer_us_id === id('customer@demo.test')).length).toBeGreaterThanOrEqual(3);
    for (const table of ['job_sales_sections', 'job_sales_items', 'job_costs', 'notifications', 'engineer_reports'] as const) {
      const { n } = await db
        .selectFrom(table)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n), table).toBeGreaterThan(2);
    }
  });

  it('net quote and net sales agree with the sales rows', async () => {
    const db = await brandJobDb(t.db);
    const schema = await brandSchema(t.db);
    const tbl = (name: string) => sql.table(`${schema}.${name}`);
    const seeded = await db.selectFrom('jobs').select('job_id').orderBy('job_id').limit(DEMO_JOB_COUNT).execute();
    const lastSeeded = seeded.at(-1)!.job_id;
    const off = await sql<{ job_id: number }>`
      select j.job_id from ${tbl('jobs')} j
      left join lateral (
        select coalesce(sum(i.net_amount) filter (where s.jss_invoice_type = 'QUOTE'), 0) as quote,
               coalesce(sum(case s.jss_invoice_type when 'INVOICE' then i.net_amount when 'ADVANCE_PAYMENT' then i.net_amount when 'CREDIT_NOTE' then -i.net_amount else 0 end), 0) as sales
        from ${tbl('job_sales_sections')} s join ${tbl('job_sales_items')} i on i.jss_id = s.jss_id where s.job_id = j.job_id) t on true
      where j.job_id <= ${lastSeeded} and (j.net_quote <> t.quote or j.net_sales <> t.sales)`.execute(t.db);
    expect(off.rows).toEqual([]);
    const { n } = await db
      .selectFrom('jobs')
      .select(sql<number>`count(*)`.as('n'))
      .where('net_quote', '>', 0)
      .where('job_id', '<=', lastSeeded)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBeGreaterThan(20);
  });

  it('the seeded generator repeats itself', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect(Array.from({ length: 5 }, a)).toEqual(Array.from({ length: 5 }, b));
  });

  it('the customer sees their jobs on the sheet', async () => {
    const customer = await login(t.app, DEMO_HOST, 'customer@demo.test');
    const res = await call(t.app, { method: 'POST', url: '/api/jobs/filter?totalcount=1', cookie: customer, body: {} });
    expect(res.status).toBe(200);
    expect(res.json.jobs.metadata.totalCount).toBeGreaterThanOrEqual(3);
  });
});
