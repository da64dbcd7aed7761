import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, useTestApp } from '../test/helpers';
import { brandJobs, makeJob, makeUser, userId } from '../jobs/sales/testJobs';

const t = useTestApp();
let engineer = '';
let engineerId = 0;
let otherId = 0;
let operator = '';

/** A notification straight in the demo brand, as the job events raise them. */
async function notify(us_id: number, job_id: number | null, notif_type = 'JOB_PLANNED'): Promise<number> {
  const row = await brandJobs(t.db)
    .insertInto('notifications')
    .values({ us_id, job_id, notif_type, notif_params: JSON.stringify({ seq: 1 }), created_by: null })
    .returning('notif_id')
    .executeTakeFirstOrThrow();
  return row.notif_id;
}

beforeAll(async () => {
  engineer = await login(t.app, 'localhost', 'engineer@demo.test');
  engineerId = await userId(t.db, 'engineer@demo.test');
  otherId = (await makeUser(t.db, 'Engineer')).us_id;
  operator = await login(t.app, 'localhost', 'operator@demo.test');
});

describe('engineer portal notifications', () => {
  it('lists only the engineer’s own notifications, newest first, 10 a page', async () => {
    // A fresh engineer: no other test's job events can reach them, so the count is exact.
    const fresh = await makeUser(t.db, 'Engineer');
    const cookie = await login(t.app, 'localhost', fresh.email);
    const job = await makeJob(t.db, { engineers: [fresh.us_id] });
    const mine: number[] = [];
    for (let i = 0; i < 11; i++) mine.push(await notify(fresh.us_id, job));
    const theirs = await notify(otherId, job);

    const page = await call(t.app, { url: '/api/engineerportal/notifications?totalcount=1', cookie });
    expect(page.status, page.text).toBe(200);
    const rows = page.json.engineerportal.data as { notif_id: number; notif_type: string; job_number: string; notif_params: unknown }[];
    expect(rows).toHaveLength(10);
    expect(page.json.engineerportal.metadata.totalCount).toBe(11);
    expect(rows[0]).toMatchObject({ notif_id: mine[10], notif_type: 'JOB_PLANNED', notif_params: { seq: 1 } });
    expect(rows[0].job_number).toBeTruthy();
    const second = await call(t.app, { url: '/api/engineerportal/notifications?pagenumber=2', cookie });
    expect(second.json.engineerportal.data.map((r: { notif_id: number }) => r.notif_id)).toEqual([mine[0]]);
    expect(rows.some((r) => r.notif_id === theirs)).toBe(false);
    expect((await call(t.app, { url: '/api/engineerportal/notifications?sort=nope', cookie })).status).toBe(400);
  });

  it('removes one of the engineer’s own notifications and refuses others, bad ids and other roles', async () => {
    const mine = await notify(engineerId, null, 'GENERAL');
    const theirs = await notify(otherId, null, 'GENERAL');
    const removed = await call(t.app, { method: 'POST', url: '/api/engineerportal/removenotification', cookie: engineer, body: { notif_id: mine } });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.engineerportal.data).toEqual({ notif_id: mine });
    expect(await brandJobs(t.db).selectFrom('notifications').select('notif_id').where('notif_id', 'in', [mine, theirs]).execute()).toEqual([
      { notif_id: theirs },
    ]);

    const again = await call(t.app, { method: 'POST', url: '/api/engineerportal/removenotification', cookie: engineer, body: { notif_id: mine } });
    expect(again.status).toBe(404);
    const foreign = await call(t.app, { method: 'POST', url: '/api/engineerportal/removenotification', cookie: engineer, body: { notif_id: theirs } });
    expect(foreign.status).toBe(404);
    const missing = await call(t.app, { method: 'POST', url: '/api/engineerportal/removenotification', cookie: engineer, body: {} });
    expect(missing.json.engineerportal.dbErrors[0]).toMatchObject({ details: 'notif_id', primary: 'Field is required!' });
    const bad = await call(t.app, { method: 'POST', url: '/api/engineerportal/removenotification', cookie: engineer, body: { notif_id: 'x' } });
    expect(bad.json.engineerportal.dbErrors[0]).toMatchObject({ details: 'notif_id', primary: 'Invalid value' });

    const byOperator = await call(t.app, { method: 'POST', url: '/api/engineerportal/removenotification', cookie: operator, body: { notif_id: theirs } });
    expect(byOperator.status).toBe(403);
    expect((await call(t.app, { url: '/api/engineerportal/notifications', cookie: operator })).json.engineerportal.dbErrors[0].general).toBe('role');
    expect(await brandJobs(t.db).selectFrom('notifications').select('notif_id').where('notif_id', '=', theirs).execute()).toHaveLength(1);
  });
});
