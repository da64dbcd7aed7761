import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, login, useTestApp } from '../test/helpers';
import { brandJobs, makeJob, makeUser, supplierId, userId } from '../jobs/sales/testJobs';

const t = useTestApp();
let engineer = '';
let engineerId = 0;
let otherEngineer = { us_id: 0, email: '' };
let operator = '';

const base = (job: number) => `/api/engineerportal/${job}`;

beforeAll(async () => {
  engineer = await login(t.app, 'localhost', 'engineer@demo.test');
  engineerId = await userId(t.db, 'engineer@demo.test');
  otherEngineer = await makeUser(t.db, 'Engineer');
  operator = await login(t.app, 'localhost', 'operator@demo.test');
});

describe('engineer portal', () => {
  it('lists only the jobs the engineer is on, 10 a page, with filters', async () => {
    const tag = `EPF${Date.now()}`;
    const mine: number[] = [];
    for (let i = 0; i < 12; i++) mine.push(await makeJob(t.db, { engineers: [engineerId], status: i % 2 ? 'BOOKED' : 'QUOTED' }));
    const theirs = await makeJob(t.db, { engineers: [otherEngineer.us_id] });
    const db = brandJobs(t.db);
    await db
      .updateTable('jobs')
      .set({ job_number: `${tag}-1` })
      .where('job_id', '=', mine[0])
      .execute();
    await db
      .updateTable('jobs')
      .set({ job_number: `${tag}-2` })
      .where('job_id', '=', theirs)
      .execute();

    const page = await call(t.app, { method: 'POST', url: '/api/engineerportal/filter?totalcount=1', cookie: engineer, body: {} });
    expect(page.status, page.text).toBe(200);
    expect(page.json.engineerportal.data).toHaveLength(10);
    expect(page.json.engineerportal.metadata.totalCount).toBeGreaterThanOrEqual(12);
    const found = await call(t.app, { method: 'POST', url: '/api/engineerportal/filter?totalcount=1', cookie: engineer, body: { job_number: tag } });
    expect(found.json.engineerportal.data.map((r: { job_id: number }) => r.job_id)).toEqual([mine[0]]);
    const booked = await call(t.app, { method: 'POST', url: '/api/engineerportal/filter?limit=100', cookie: engineer, body: { job_status_ids: ['BOOKED'] } });
    const bookedRows = booked.json.engineerportal.data as { job_id: number; job_status: string }[];
    // Non-empty (the engineer's six booked jobs are in it), so `every` has rows to hold for.
    expect(bookedRows.map((r) => r.job_id)).toEqual(expect.arrayContaining(mine.filter((_, i) => i % 2 === 1)));
    expect(bookedRows.every((r) => r.job_status === 'BOOKED')).toBe(true);
    expect(bookedRows.map((r) => r.job_id)).not.toContain(mine[0]);
    const bad = await call(t.app, { method: 'POST', url: '/api/engineerportal/filter', cookie: engineer, body: { job_status_ids: ['NOPE'] } });
    expect(bad.status).toBe(400);

    expect((await call(t.app, { url: `${base(mine[0])}/details`, cookie: engineer })).status).toBe(200);
    expect((await call(t.app, { url: `${base(theirs)}/details`, cookie: engineer })).status).toBe(404);
    expect((await call(t.app, { url: `${base(theirs)}/costs`, cookie: engineer })).status).toBe(404);
  });

  it('shows and changes only the engineer’s own costs; locked costs are refused', async () => {
    const job = await makeJob(t.db, { engineers: [engineerId, otherEngineer.us_id] });
    const supplier = await supplierId(t.db);
    await call(t.app, {
      method: 'POST',
      url: `/api/jobs/${job}/costs`,
      cookie: operator,
      body: {
        _bulk: [
          { us_id: otherEngineer.us_id, jc_item: 'Theirs' },
          { co_id: supplier, jc_item: 'Supplier' },
        ],
      },
    });
    const theirRow = await brandJobs(t.db)
      .selectFrom('job_costs')
      .select('jc_id')
      .where('job_id', '=', job)
      .where('jc_item', '=', 'Theirs')
      .executeTakeFirstOrThrow();

    const add = await call(t.app, {
      method: 'POST',
      url: `${base(job)}/costs`,
      cookie: engineer,
      body: { _bulk: [{ jc_item: 'Mine', jc_desc_engineer: 'fitted', jc_qty_engineer: 3, jc_net_price_engineer: '19.99' }] },
    });
    expect(add.status, add.text).toBe(200);
    const costs = add.json.engineerportal.data;
    expect(costs.rows.map((r: { jc_item: string }) => r.jc_item)).toEqual(['Mine']);
    expect(costs.total).toBe('59.97');
    expect(costs.locked).toBe(false);

    const foreign = await call(t.app, {
      method: 'POST',
      url: `${base(job)}/costs`,
      cookie: engineer,
      body: { _bulk: [{ jc_id: theirRow.jc_id, jc_desc_engineer: 'x' }] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.engineerportal.dbErrors[0].details).toBe('_bulk.0.jc_id');
    const operatorField = await call(t.app, {
      method: 'POST',
      url: `${base(job)}/costs`,
      cookie: engineer,
      body: { _bulk: [{ jc_item: 'x', jc_paid_amount: 5 }] },
    });
    expect(operatorField.status).toBe(400);

    expect((await call(t.app, { method: 'PATCH', url: `${base(job)}/costdesc`, cookie: engineer, body: { costdesc: 'Two visits' } })).status).toBe(200);
    expect((await call(t.app, { url: `${base(job)}/costdesc`, cookie: engineer })).json.engineerportal.data.costdesc).toBe('Two visits');

    const lock = await call(t.app, { method: 'POST', url: `${base(job)}/lockcosts`, cookie: engineer });
    expect(lock.status).toBe(200);
    expect(lock.json.engineerportal.data.locked).toBe(true);
    const mine = lock.json.engineerportal.data.rows[0];
    expect(mine.jc_locked).toBe(true);

    const before = await brandJobs(t.db).selectFrom('job_costs').selectAll().where('job_id', '=', job).orderBy('jc_id').execute();
    for (const attempt of [
      { method: 'POST' as const, url: `${base(job)}/costs`, body: { _bulk: [{ jc_id: mine.jc_id, jc_qty_engineer: 9 }] } },
      { method: 'POST' as const, url: `${base(job)}/costs`, body: { _bulk: [{ jc_item: 'new' }] } },
      { method: 'POST' as const, url: `${base(job)}/costs`, body: { _bulk: [{ jc_id: mine.jc_id, _delete: true }] } },
      { method: 'PATCH' as const, url: `${base(job)}/costdesc`, body: { costdesc: 'changed' } },
    ]) {
      const res = await call(t.app, { ...attempt, cookie: engineer });
      expect(res.status, attempt.url).toBe(403);
      expect(res.json.engineerportal.dbErrors[0]).toMatchObject({ primary: 'Your costs are locked!', general: 'record' });
    }
    expect(await brandJobs(t.db).selectFrom('job_costs').selectAll().where('job_id', '=', job).orderBy('jc_id').execute()).toEqual(before);

    // The office unlocks: the engineer may change again.
    await call(t.app, { method: 'POST', url: `/api/jobs/${job}/engineerlockedstatus`, cookie: operator, body: { us_id: engineerId, locked: false } });
    const again = await call(t.app, {
      method: 'POST',
      url: `${base(job)}/costs`,
      cookie: engineer,
      body: { _bulk: [{ jc_id: mine.jc_id, jc_qty_engineer: 1 }] },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.json.engineerportal.data.total).toBe('19.99');
  });

  it('shows a row the office entered for the engineer with its text and figures, read-only', async () => {
    const job = await makeJob(t.db, { engineers: [engineerId] });
    const office = await call(t.app, {
      method: 'POST',
      url: `/api/jobs/${job}/costs`,
      cookie: operator,
      body: { _bulk: [{ us_id: engineerId, jc_item: 'Labour', jc_desc_operator: 'Two hours on site', jc_qty_operator: 2, jc_net_price_operator: '35.00' }] },
    });
    expect(office.status, office.text).toBe(200);
    await call(t.app, {
      method: 'POST',
      url: `${base(job)}/costs`,
      cookie: engineer,
      body: { _bulk: [{ jc_item: 'Parking', jc_qty_engineer: 1, jc_net_price_engineer: '4.50' }] },
    });
    const costs = (await call(t.app, { url: `${base(job)}/costs`, cookie: engineer })).json.engineerportal.data;
    expect(costs.rows).toEqual([
      expect.objectContaining({
        jc_item: 'Labour',
        entered_by_office: true,
        jc_desc_operator: 'Two hours on site',
        jc_qty_operator: '2',
        jc_net_price_operator: '35.00',
        jc_net_total: '70.00',
      }),
      expect.objectContaining({ jc_item: 'Parking', entered_by_office: false, jc_desc_operator: null, jc_net_price_operator: null, jc_net_total: '4.50' }),
    ]);
    expect(costs.total).toBe('74.50');

    const officeRow = costs.rows[0].jc_id;
    const before = await brandJobs(t.db).selectFrom('job_costs').selectAll().where('jc_id', '=', officeRow).execute();
    for (const write of [
      { jc_id: officeRow, jc_qty_engineer: 9 },
      { jc_id: officeRow, _delete: true },
    ]) {
      const res = await call(t.app, { method: 'POST', url: `${base(job)}/costs`, cookie: engineer, body: { _bulk: [write] } });
      expect(res.status).toBe(400);
      expect(res.json.engineerportal.dbErrors[0].details).toBe('_bulk.0.jc_id');
    }
    expect(await brandJobs(t.db).selectFrom('job_costs').selectAll().where('jc_id', '=', officeRow).execute()).toEqual(before);
  });

  it('takes reports and refuses other roles and brands', async () => {
    const job = await makeJob(t.db, { engineers: [engineerId] });
    const report = await call(t.app, {
      method: 'POST',
      url: `${base(job)}/reports`,
      cookie: engineer,
      body: { er_text: 'Replaced the valve', er_hours: '1.5' },
    });
    expect(report.status, report.text).toBe(201);
    expect(report.json.engineerportal.data).toMatchObject({ job_id: job, us_id: engineerId, er_text: 'Replaced the valve' });
    const empty = await call(t.app, { method: 'POST', url: `${base(job)}/reports`, cookie: engineer, body: { er_text: '' } });
    expect(empty.status).toBe(400);
    expect(empty.json.engineerportal.dbErrors[0]).toMatchObject({ details: 'er_text', primary: 'Field is required!' });
    const errors = async (url: string, body: unknown, method: 'POST' | 'PATCH' = 'POST') => {
      const res = await call(t.app, { method, url, cookie: engineer, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.json.engineerportal.dbErrors.map((e: { details: string; primary: string }) => [e.details, e.primary]);
    };
    expect(await errors(`${base(job)}/reports`, { er_text: '   ' })).toEqual([['er_text', 'Field is required!']]);
    expect(await errors(`${base(job)}/reports`, { er_text: 'x', er_hours: true })).toEqual([['er_hours', 'Invalid number']]);
    expect(await errors(`${base(job)}/reports`, { er_text: 'x', er_hours: 'soon' })).toEqual([['er_hours', 'Invalid number']]);
    expect(await errors(`${base(job)}/reports`, { er_text: 'x', er_hours: 10000 })).toEqual([['er_hours', 'Invalid value']]);
    expect(await errors(`${base(job)}/reports`, { er_text: 'x', er_id: 5 })).toEqual([['er_id', 'Invalid value']]);
    expect(await errors(`${base(job)}/costdesc`, { costdesc: 5 }, 'PATCH')).toEqual([['costdesc', 'Invalid value']]);
    expect(await errors(`${base(job)}/costdesc`, { costdesc: 'x'.repeat(3001) }, 'PATCH')).toEqual([['costdesc', 'Max. 3000 chars!']]);
    expect(await errors('/api/engineerportal/jobsitedetails', { js_id: 'x' })).toEqual([['js_id', 'Invalid value']]);

    const op = await call(t.app, { method: 'POST', url: '/api/engineerportal/filter', cookie: operator, body: {} });
    expect(op.status).toBe(403);
    expect(op.json.engineerportal.dbErrors[0].general).toBe('role');
    const acme = await login(t.app, ACME_HOST, 'engineer@demo.test');
    expect((await call(t.app, { url: `${base(job)}/details`, host: ACME_HOST, cookie: acme })).status).toBe(404);
    const acmeList = await call(t.app, { method: 'POST', url: '/api/engineerportal/filter', host: ACME_HOST, cookie: acme, body: {} });
    expect(acmeList.json.engineerportal.data.some((r: { job_id: number }) => r.job_id === job)).toBe(false);
  });
});
