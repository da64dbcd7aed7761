import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, DEMO_HOST, login, useTestApp } from '../test/helpers';
import { brandJobDb, demoIds, jobCalls, type DemoIds } from './testKit';

const t = useTestApp();
const { req, create } = jobCalls(t);
let admin: string;
let operator: string;
let procurement: string;
let ids: DemoIds;

beforeAll(async () => {
  [admin, operator, procurement] = await Promise.all(['admin', 'operator', 'procurement'].map((r) => login(t.app, DEMO_HOST, `${r}@demo.test`)));
  ids = await demoIds(t.db);
});

const dbErrors = (res: { json: { jobs: { dbErrors: { details: string | null; primary: string }[] } } }) =>
  res.json.jobs.dbErrors.map((e) => [e.details, e.primary]);

describe('job validation', () => {
  it('names every bad field with the spec text', async () => {
    const res = await req('POST', 'jobs/create', admin, {
      job_wopo: 'x'.repeat(101),
      job_details: 'y'.repeat(3001),
      job_status: 'DONE',
      job_tags: ['NOPE'],
      co_id: 'abc',
      job_start: 'tomorrow',
      extra: 1,
    });
    expect(res.status).toBe(400);
    expect(dbErrors(res)).toEqual(
      expect.arrayContaining([
        ['de_id', 'Field is required!'],
        ['job_wopo', 'Max. 100 chars!'],
        ['job_details', 'Max. 3000 chars!'],
        ['job_status', 'Invalid value'],
        ['job_tags', 'Invalid value'],
        ['co_id', 'Invalid number'],
        ['job_start', 'Invalid value'],
        ['extra', 'Invalid value'],
      ]),
    );
  });

  it('ids must exist in this brand, people must have the right role', async () => {
    const res = await req('POST', 'jobs/create', admin, { de_id: 999999, js_id: 999999, assigned: [ids.users.customer] });
    expect(res.status).toBe(400);
    expect(dbErrors(res)).toEqual(
      expect.arrayContaining([
        ['de_id', 'Invalid value'],
        ['js_id', 'Invalid value'],
        ['assigned', 'Invalid value'],
      ]),
    );
    const engineerRole = await req('POST', 'jobs/create', admin, {
      de_id: ids.departments[0].de_id,
      js_id: ids.sites[0],
      engineers: [{ us_id: ids.users.operator, is_lead: true }],
    });
    expect(dbErrors(engineerRole)).toEqual([['engineers', 'Invalid value']]);
  });

  it('engineers need a site and exactly one lead; the end is not before the start', async () => {
    const de_id = ids.departments[0].de_id;
    const noSite = await req('POST', 'jobs/create', admin, { de_id, engineers: [{ us_id: ids.users.engineer, is_lead: true }] });
    expect(dbErrors(noSite)).toEqual([['engineers', 'Select a Site first!']]);
    const noLead = await req('POST', 'jobs/create', admin, { de_id, js_id: ids.sites[0], engineers: [{ us_id: ids.users.engineer, is_lead: false }] });
    expect(dbErrors(noLead)).toEqual([['engineers', 'Choose exactly one lead engineer.']]);
    const backwards = await req('POST', 'jobs/create', admin, { de_id, job_start: '2026-12-02 10:00:00', job_end: '2026-12-01 10:00:00' });
    expect(backwards.status).toBe(400);
    expect(dbErrors(backwards)).toEqual([['job_end', 'The end must not be before the start.']]);
    const job = await create(admin, { de_id, job_start: '2026-12-02 10:00:00' });
    const patchBack = await req('PATCH', `jobs/${job.job_id}`, admin, { job_end: '2026-12-01 10:00:00' });
    expect(patchBack.status).toBe(400);
  });
});

describe('who may change a job', () => {
  it('a user who removes themselves from the assigned list can no longer modify the job', async () => {
    const job = await create(operator, { de_id: ids.departments[0].de_id, assigned: [ids.users.operator, ids.users.procurement] });
    const removed = await req('PATCH', `jobs/${job.job_id}`, operator, { assigned: [ids.users.procurement] });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.jobs.data.can_modify).toBe(false);
    const again = await req('PATCH', `jobs/${job.job_id}`, operator, { job_desc: 'Still mine?' });
    expect(again.status).toBe(403);
    expect(again.json.jobs.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', primary: 'You are not allowed to modify this job.', general: 'record' });
    // Still readable, and the others on the list (and Admin) still change it.
    expect((await req('GET', `jobs/${job.job_id}/details`, operator)).status).toBe(200);
    expect((await req('PATCH', `jobs/${job.job_id}`, procurement, { job_desc: 'Mine' })).status).toBe(200);
    expect((await req('PATCH', `jobs/${job.job_id}`, admin, { job_desc: 'Admin' })).status).toBe(200);
    expect((await req('DELETE', `jobs/${job.job_id}`, operator)).status).toBe(403);
  });

  it('engineers and sales users cannot use the job sheet', async () => {
    const job = await create(admin, { de_id: ids.departments[0].de_id });
    for (const role of ['engineer', 'sales']) {
      const cookie = await login(t.app, DEMO_HOST, `${role}@demo.test`);
      expect((await req('POST', 'jobs/filter', cookie, {})).status, role).toBe(403);
      expect((await req('POST', 'jobs/create', cookie, { de_id: ids.departments[0].de_id })).status, role).toBe(403);
      expect((await req('PATCH', `jobs/${job.job_id}`, cookie, { job_desc: 'x' })).status, role).toBe(403);
      expect((await req('GET', `jobs/${job.job_id}/details`, cookie)).status, role).toBe(403);
    }
  });

  it("another brand cannot see the demo brand's jobs", async () => {
    const job = await create(admin, { de_id: ids.departments[0].de_id, job_desc: 'Demo only' });
    const acme = await login(t.app, ACME_HOST, 'admin@demo.test');
    expect((await req('GET', `jobs/${job.job_id}/details`, acme, undefined, ACME_HOST)).status).not.toBe(200);
    const list = await req('POST', 'jobs/filter?limit=500', acme, { stext: 'Demo only' }, ACME_HOST);
    expect(list.status).toBe(200);
    expect(list.json.jobs.data).toEqual([]);
  });
});

describe('customers', () => {
  it('see and change only the texts of their own jobs, never the status', async () => {
    const customer = await login(t.app, DEMO_HOST, 'customer@demo.test');
    const own = await create(admin, { de_id: ids.departments[0].de_id, job_status: 'SIGNED_OFF', job_desc: 'Customer job' });
    const other = await create(admin, { de_id: ids.departments[0].de_id, job_status: 'BOOKED' });
    const set = await req('POST', `jobs/${own.job_id}/assigncustomer`, admin, { us_id: ids.users.customer });
    expect(set.status, set.text).toBe(200);
    expect((await req('POST', `jobs/${other.job_id}/assigncustomer`, admin, { us_id: ids.users.operator })).status).toBe(400);

    const details = await req('GET', `jobs/${own.job_id}/details`, customer);
    expect(details.status).toBe(200);
    expect(details.json.jobs.data).toMatchObject({ job_status: null, can_modify: true });
    expect((await req('GET', `jobs/${other.job_id}/details`, customer)).status).toBe(404);
    const list = await req('POST', 'jobs/filter?limit=500&totalcount=1', customer, {});
    expect(list.json.jobs.data.every((j: { job_id: number }) => j.job_id !== other.job_id)).toBe(true);
    expect(list.json.jobs.data.find((j: { job_id: number }) => j.job_id === own.job_id).job_status).toBeNull();

    const withStatus = await req('PATCH', `jobs/${own.job_id}`, customer, { job_desc: 'Changed', job_status: 'COMPLETED' });
    expect(withStatus.status).toBe(403);
    expect(withStatus.json.jobs.dbErrors[0].primary).toBe('You are not allowed to modify this job.');
    const db = await brandJobDb(t.db);
    const stored = await db.selectFrom('jobs').select(['job_status', 'job_desc']).where('job_id', '=', own.job_id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ job_status: 'SIGNED_OFF', job_desc: 'Customer job' });
    expect((await req('PATCH', `jobs/${own.job_id}`, customer, { de_id: ids.departments[1].de_id })).status).toBe(403);

    const texts = await req('PATCH', `jobs/${own.job_id}`, customer, {
      job_desc: 'Please call first',
      job_wopo: 'C-1',
      job_details: 'Gate code 1234',
      job_number: own.job_number,
    });
    expect(texts.status, texts.text).toBe(200);
    expect(texts.json.jobs.data).toMatchObject({ job_desc: 'Please call first', job_wopo: 'C-1', job_status: null });
    expect((await req('PATCH', `jobs/${other.job_id}`, customer, { job_desc: 'Not mine' })).status).toBe(404);
    expect((await req('POST', 'jobs/create', customer, { de_id: ids.departments[0].de_id })).status).toBe(403);
  });
});
