import { beforeAll, describe, expect, it } from 'vitest';
import { allFeatures } from '../../core/brand/types';
import { brandDb } from '../db/types';
import { jobDb, type JobDb } from '../jobs/tables';
import { call, createTestBrand, login, useTestApp } from '../test/helpers';

const t = useTestApp();
type Brand = Awaited<ReturnType<typeof createTestBrand>>;
let a: Brand;
let b: Brand;
let dbA: JobDb;
let dbB: JobDb;
let operator: string;
let jobId: number;
const ids: Record<string, number> = {};

async function makeJob(db: JobDb, number: string): Promise<number> {
  const de = await db
    .insertInto('departments')
    .values({ de_name: 'Plumbing', de_prefix: `P${number}` })
    .returning('de_id')
    .executeTakeFirstOrThrow();
  const job = await db.insertInto('jobs').values({ de_id: de.de_id, job_number: number, job_desc: 'Leak' }).returning('job_id').executeTakeFirstOrThrow();
  return job.job_id;
}

async function notify(db: JobDb, us_id: number, notif_type: string, job_id: number | null, created_by: number | null, params: Record<string, unknown> = {}) {
  const row = await db
    .insertInto('notifications')
    .values({ us_id, notif_type, job_id, created_by, notif_params: JSON.stringify(params) })
    .returning('notif_id')
    .executeTakeFirstOrThrow();
  return row.notif_id;
}

const post = (url: string, body: unknown, cookie = operator, host = a.host) => call(t.app, { method: 'POST', url, body, cookie, host });
const get = (url: string, cookie = operator, host = a.host) => call(t.app, { url, cookie, host });
const data = (res: { json: { notifications: { data: unknown } } }) => res.json.notifications.data;

beforeAll(async () => {
  [a, b] = await Promise.all([createTestBrand(t.db), createTestBrand(t.db)]);
  dbA = jobDb(brandDb(t.db, a.schema));
  dbB = jobDb(brandDb(t.db, b.schema));
  jobId = await makeJob(dbA, 'PL-0042');
  const op = a.users.Operator;
  ids.added = await notify(dbA, op, 'COST_ADDED', jobId, a.users.Admin, { cost: 'Copper pipe' });
  ids.planned = await notify(dbA, op, 'JOB_PLANNED', jobId, a.users.Admin);
  ids.general = await notify(dbA, op, 'GENERAL', null, null, { text: 'Quarterly review' });
  ids.others = await notify(dbA, a.users.Procurement, 'COST_REMOVED', jobId, a.users.Admin);
  const jobB = await makeJob(dbB, 'PL-0042');
  ids.brandB = await notify(dbB, b.users.Operator, 'COST_ADDED', jobB, null);
  operator = await login(t.app, a.host, 'operator@demo.test');
});

describe('reminders (notifications)', () => {
  it("the badge counts the user's own new notifications only", async () => {
    const res = await get('/api/notifications/getRoleRelatedNotifInfo');
    expect(res.status, res.text).toBe(200);
    expect(data(res)).toEqual({ count: 3, ids: [ids.general, ids.planned, ids.added] });
    const notRendered = await get('/api/notifications/getNotRenderedNotifs');
    expect((data(notRendered) as { notif_id: number }[]).map((r) => r.notif_id)).toEqual([ids.general, ids.planned, ids.added]);
  });

  it("filters by type, flag, job and text, with the job number and the creator's name joined", async () => {
    const all = await post('/api/notifications/filter?limit=2&pagenumber=1&sort=-notif_id&totalcount=1', {});
    expect(all.status, all.text).toBe(200);
    expect(all.json.notifications.metadata.totalCount).toBe(3);
    expect(data(all)).toMatchObject([
      { notif_id: ids.general, job_number: null, created_by_name: null, notif_params: { text: 'Quarterly review' } },
      { notif_id: ids.planned, notif_type: 'JOB_PLANNED', job_id: jobId, job_number: 'PL-0042', created_by_name: expect.any(String), is_flagged: false },
    ]);
    const page2 = await post('/api/notifications/filter?limit=2&pagenumber=2&sort=-notif_id', {});
    expect((data(page2) as { notif_id: number }[]).map((r) => r.notif_id)).toEqual([ids.added]);

    const byType = await post('/api/notifications/filter', { types: ['COST_ADDED', 'GENERAL'] });
    expect((data(byType) as { notif_id: number }[]).map((r) => r.notif_id).sort()).toEqual([ids.added, ids.general].sort());
    const byJob = await post('/api/notifications/filter', { job_id: jobId });
    expect(data(byJob)).toHaveLength(2);
    const byNumber = await post('/api/notifications/filter', { stext: 'pl-004' });
    expect(data(byNumber)).toHaveLength(2);
    const byNumberStart = await post('/api/notifications/filter', { job_number: 'pl-00' });
    expect((data(byNumberStart) as { notif_id: number }[]).map((r) => r.notif_id).sort()).toEqual([ids.added, ids.planned].sort());
    expect(data(await post('/api/notifications/filter', { job_number: '0042' }))).toHaveLength(0);
    expect(data(await post('/api/notifications/filter', { job_number: 'PL-0042', stext: 'copper', types: ['COST_ADDED'] }))).toMatchObject([
      { notif_id: ids.added },
    ]);
    const byParams = await post('/api/notifications/filter', { stext: 'quarterly' });
    expect((data(byParams) as { notif_id: number }[]).map((r) => r.notif_id)).toEqual([ids.general]);
  });

  it("refuses bad filters with the spec's texts", async () => {
    const short = await post('/api/notifications/filter', { stext: 'pl' });
    expect(short.status).toBe(400);
    expect(short.json.notifications.dbErrors[0]).toMatchObject({ error: 'VALIDATION', details: 'stext', primary: 'At least 3 characters' });
    const type = await post('/api/notifications/filter', { types: ['NOPE'] });
    expect(type.json.notifications.dbErrors[0]).toMatchObject({ details: 'types[0]', primary: 'Invalid value' });
    const sort = await post('/api/notifications/filter?sort=us_id', {});
    expect(sort.json.notifications.dbErrors[0]).toMatchObject({ details: 'sort', primary: 'Invalid value' });
    const number = await post('/api/notifications/filter', { job_number: 42 });
    expect(number.json.notifications.dbErrors[0]).toMatchObject({ details: 'job_number', primary: 'Invalid value' });
    const unknown = await post('/api/notifications/filter', { us_id: 1 });
    expect(unknown.status).toBe(400);
  });

  it("flags and unflags the user's own notification; someone else's is not found", async () => {
    const flag = await post(`/api/notifications/${ids.planned}/flaggedstatus`, { is_flagged: true });
    expect(flag.status, flag.text).toBe(200);
    expect(data(flag)).toMatchObject({ notif_id: ids.planned, is_flagged: true, job_number: 'PL-0042' });
    const flagged = await post('/api/notifications/filter', { flagged: true });
    expect((data(flagged) as { notif_id: number }[]).map((r) => r.notif_id)).toEqual([ids.planned]);
    const unflag = await post(`/api/notifications/${ids.planned}/flaggedstatus`, { is_flagged: false });
    expect(data(unflag)).toMatchObject({ is_flagged: false });

    const others = await post(`/api/notifications/${ids.others}/flaggedstatus`, { is_flagged: true });
    expect(others.status).toBe(404);
    const bad = await post(`/api/notifications/${ids.planned}/flaggedstatus`, { is_flagged: 'yes' });
    expect(bad.json.notifications.dbErrors[0]).toMatchObject({ details: 'is_flagged', primary: 'Invalid value' });
    const missing = await post(`/api/notifications/${ids.planned}/flaggedstatus`, {});
    expect(missing.json.notifications.dbErrors[0]).toMatchObject({ details: 'is_flagged', primary: 'Field is required!' });
    const stored = await dbA.selectFrom('notifications').select('is_flagged').where('notif_id', '=', ids.others).executeTakeFirstOrThrow();
    expect(stored.is_flagged).toBe(false);
  });

  it("marks rendered only the user's own ids", async () => {
    const res = await post('/api/notifications/markNotifsAsRendered', { notif_ids: [ids.added, ids.others, ids.brandB] });
    expect(res.status, res.text).toBe(200);
    expect(data(res)).toEqual({ updated: 1 });
    const badge = await get('/api/notifications/getRoleRelatedNotifInfo');
    expect(data(badge)).toEqual({ count: 2, ids: [ids.general, ids.planned] });
    const other = await dbA.selectFrom('notifications').select('is_rendered').where('notif_id', '=', ids.others).executeTakeFirstOrThrow();
    expect(other.is_rendered).toBe(false);
    const bad = await post('/api/notifications/markNotifsAsRendered', { notif_ids: ['x'] });
    expect(bad.json.notifications.dbErrors[0]).toMatchObject({ details: 'notif_ids[0]', primary: 'Invalid value' });
    const empty = await post('/api/notifications/markNotifsAsRendered', { notif_ids: [] });
    expect(empty.json.notifications.dbErrors[0]).toMatchObject({ details: 'notif_ids', primary: 'Field is required!' });
  });

  it("removes one or many of the user's own; another user's and another brand's ids are ignored", async () => {
    const one = await post('/api/notifications/removenotifications', { notif_ids: ids.general });
    expect(one.status, one.text).toBe(200);
    expect(one.headers['x-show-snackbar']).toBe('1');
    expect(data(one)).toEqual({ removed: 1 });
    const many = await post('/api/notifications/removenotifications', { notif_ids: [ids.added, ids.planned, ids.others, ids.brandB] });
    expect(data(many)).toEqual({ removed: 2 });
    const left = await post('/api/notifications/filter?totalcount=1', {});
    expect(left.json.notifications.metadata.totalCount).toBe(0);
    expect(await dbA.selectFrom('notifications').select('notif_id').where('notif_id', '=', ids.others).executeTakeFirst()).toBeTruthy();
    // Ids are numbered per brand, so brand B's row may share an id with one of A's: it stays untouched.
    const inB = await dbB.selectFrom('notifications').select(['is_flagged', 'is_rendered']).where('notif_id', '=', ids.brandB).executeTakeFirst();
    expect(inB).toEqual({ is_flagged: false, is_rendered: false });
    const operatorB = await login(t.app, b.host, 'operator@demo.test');
    const badgeB = await get('/api/notifications/getRoleRelatedNotifInfo', operatorB, b.host);
    expect(data(badgeB)).toEqual({ count: 1, ids: [ids.brandB] });
  });

  it('is open to the operator group, Admin and Developer only, and needs job.enabled', async () => {
    for (const role of ['engineer', 'user', 'customer', 'sales']) {
      const cookie = await login(t.app, a.host, `${role}@demo.test`);
      const res = await get('/api/notifications/getRoleRelatedNotifInfo', cookie);
      expect(res.status, role).toBe(403);
      expect(res.json.notifications.dbErrors[0].general).toBe('role');
    }
    const admin = await login(t.app, a.host, 'admin@demo.test');
    expect((await get('/api/notifications/getRoleRelatedNotifInfo', admin)).status).toBe(200);
    const anon = await get('/api/notifications/getRoleRelatedNotifInfo', '');
    expect(anon.status).toBe(401);

    const features = allFeatures(true);
    features.job.enabled = false;
    const off = await createTestBrand(t.db, features);
    const cookie = await login(t.app, off.host, 'operator@demo.test');
    const res = await get('/api/notifications/getRoleRelatedNotifInfo', cookie, off.host);
    expect(res.status).toBe(403);
    expect(res.json.notifications.dbErrors[0].general).toBe('feature');
  });
});
