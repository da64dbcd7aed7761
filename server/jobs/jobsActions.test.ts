import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HOST, login, useTestApp } from '../test/helpers';
import { brandJobDb, demoIds, jobCalls, type DemoIds } from './testKit';

const t = useTestApp();
const { req, create } = jobCalls(t);
let admin: string;
let ids: DemoIds;

beforeAll(async () => {
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
  ids = await demoIds(t.db);
});

describe('assignments', () => {
  it('assigns engineers, suppliers, operators and a customer, each replacing the list, with history', async () => {
    const job = await create(admin, { de_id: ids.departments[0].de_id, js_id: ids.sites[1] });
    const eng = await req('POST', `jobs/${job.job_id}/assignengineer`, admin, { _bulk: [{ us_id: ids.users.engineer, is_lead: true }] });
    expect(eng.status, eng.text).toBe(200);
    expect(eng.json.jobs.data.engineers).toEqual([expect.objectContaining({ us_id: ids.users.engineer, is_lead: true, fullname: 'Ethan Clarke' })]);
    const sup = await req('POST', `jobs/${job.job_id}/assignsupplier`, admin, { _bulk: [{ co_id: ids.suppliers[0] }, { co_id: ids.suppliers[1] }] });
    expect(sup.json.jobs.data.suppliers.map((s: { co_id: number }) => s.co_id).sort()).toEqual([ids.suppliers[0], ids.suppliers[1]].sort());
    const ops = await req('POST', `jobs/${job.job_id}/assignoperator`, admin, { _bulk: [{ us_id: ids.users.operator }] });
    expect(ops.json.jobs.data.assigned).toEqual([{ us_id: ids.users.operator, fullname: 'Oliver Bennett' }]);
    expect((await req('POST', `jobs/${job.job_id}/assignoperator`, admin, { _bulk: [{ us_id: ids.users.engineer }] })).status).toBe(400);
    expect((await req('POST', `jobs/${job.job_id}/assignengineer`, admin, { nope: [] })).json.jobs.dbErrors[0].details).toBe('_bulk');
    const cleared = await req('POST', `jobs/${job.job_id}/assignengineer`, admin, { _bulk: [] });
    expect(cleared.json.jobs.data.engineers).toEqual([]);
    const history = await req('GET', `jobs/${job.job_id}/history`, admin);
    const actions = history.json.jobs.data.map((h: { jh_action: string }) => h.jh_action);
    expect(actions).toEqual(['assign', 'assign', 'assign', 'assign', 'create']);
    expect(history.json.jobs.data[0].jh_changes.engineers.to).toEqual([]);
  });

  it("refuses a bad assignment body with the list's name and 'Invalid value', once per field", async () => {
    const job = await create(admin, { de_id: ids.departments[0].de_id, js_id: ids.sites[1] });
    const url = (name: string) => `jobs/${job.job_id}/${name}`;
    const errors = async (name: string, body: unknown) => {
      const res = await req('POST', url(name), admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.json.jobs.dbErrors.map((e: { details: string; primary: string }) => [e.details, e.primary]);
    };
    expect(await errors('assignengineer', {})).toEqual([['_bulk', 'Invalid value']]);
    expect(await errors('assignengineer', { _bulk: 'x' })).toEqual([['_bulk', 'Invalid value']]);
    expect(await errors('assignengineer', { _bulk: [{ us_id: 'x' }, { is_lead: true }, 5] })).toEqual([['engineers', 'Invalid value']]);
    expect(await errors('assignsupplier', { _bulk: [{ co_id: 0 }, 'x'] })).toEqual([['suppliers', 'Invalid value']]);
    expect(await errors('assignoperator', { _bulk: [1.5] })).toEqual([['assigned', 'Invalid value']]);
    expect(await errors('assigncustomer', {})).toEqual([['us_id', 'Invalid number']]);
    expect(await errors('assigncustomer', { us_id: 'x' })).toEqual([['us_id', 'Invalid number']]);
    expect(await errors('assigncustomer', { us_id: 0 })).toEqual([['us_id', 'Invalid number']]);
    const cleared = await req('POST', url('assigncustomer'), admin, { us_id: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.json.jobs.data.customer_us_id).toBeNull();
  });

  it('the engineer list shows the cost lock state', async () => {
    const job = await create(admin, { de_id: ids.departments[0].de_id, js_id: ids.sites[1], engineers: [{ us_id: ids.users.engineer, is_lead: true }] });
    const db = await brandJobDb(t.db);
    await db.insertInto('job_engineer_locks').values({ job_id: job.job_id, us_id: ids.users.engineer, locked: true }).execute();
    const details = await req('GET', `jobs/${job.job_id}/details`, admin);
    expect(details.json.jobs.data.engineers[0].locked).toBe(true);
  });
});

describe('copy, remedial, schedule, documents', () => {
  it('copies a saved job into a new numbered one; a draft must be saved first', async () => {
    const src = await create(admin, {
      de_id: ids.departments[1].de_id,
      js_id: ids.sites[2],
      co_id: ids.clients[1],
      job_desc: 'Original',
      job_tags: ['PLANNED'],
      engineers: [{ us_id: ids.users.engineer, is_lead: true }],
      assigned: [ids.users.admin],
    });
    const copy = await req('POST', `jobs/${src.job_id}/copy`, admin);
    expect(copy.status, copy.text).toBe(201);
    const c = copy.json.jobs.data;
    expect(c.job_id).not.toBe(src.job_id);
    expect(c.job_number).toMatch(new RegExp(`^${ids.departments[1].de_prefix}-`));
    expect(c.job_number).not.toBe(src.job_number);
    expect(c).toMatchObject({ job_desc: 'Original', job_tags: ['PLANNED'], js_id: ids.sites[2], co_id: ids.clients[1], net_quote: '0.00' });
    expect(c.engineers.map((e: { us_id: number }) => e.us_id)).toEqual([ids.users.engineer]);
    expect(c.assigned.map((a: { us_id: number }) => a.us_id)).toEqual([ids.users.admin]);
    const draft = await create(admin, { de_id: ids.departments[1].de_id, job_is_draft: true });
    // An assignment is not a save: the draft keeps no number.
    const assigned = await req('POST', `jobs/${draft.job_id}/assignoperator`, admin, { _bulk: [{ us_id: ids.users.admin }] });
    expect(assigned.json.jobs.data.job_number).toBeNull();
    const refused = await req('POST', `jobs/${draft.job_id}/copy`, admin);
    expect(refused.status).toBe(409);
    expect(refused.json.jobs.dbErrors[0].primary).toBe('Save the job before copying it.');
  });

  it('the remedial flag: remedial work and no site is flagged unless the check is skipped', async () => {
    const job = await create(admin, { de_id: ids.departments[0].de_id });
    const on = await req('POST', `jobs/${job.job_id}/remedial`, admin, { job_has_remedial: true });
    expect(on.json.jobs.data).toMatchObject({ job_has_remedial: true, remedial_flag: true });
    const skipped = await req('PATCH', `jobs/${job.job_id}`, admin, { skip_remedial_check: true });
    expect(skipped.json.jobs.data.remedial_flag).toBe(false);
    const sited = await req('PATCH', `jobs/${job.job_id}`, admin, { skip_remedial_check: false, js_id: ids.sites[0] });
    expect(sited.json.jobs.data.remedial_flag).toBe(false);
    expect((await req('POST', `jobs/${job.job_id}/remedial`, admin, { job_has_remedial: 'yes' })).status).toBe(400);
    const history = await req('GET', `jobs/${job.job_id}/history`, admin);
    expect(history.json.jobs.data.some((h: { jh_action: string }) => h.jh_action === 'remedial')).toBe(true);
  });

  it('schedules a job, lists it on the department calendar and notifies about the planning', async () => {
    const de_id = ids.departments[4].de_id;
    const job = await create(admin, {
      de_id,
      js_id: ids.sites[3],
      job_desc: 'Boiler service',
      assigned: [ids.users.operator],
      engineers: [{ us_id: ids.users.engineer, is_lead: true }],
    });
    const planned = await req('PATCH', `jobs/${job.job_id}`, admin, { job_start: '2027-03-10 08:00:00', job_end: '2027-03-10 16:00:00' });
    expect(planned.status, planned.text).toBe(200);
    const db = await brandJobDb(t.db);
    const notes = await db.selectFrom('notifications').select(['us_id', 'notif_type']).where('job_id', '=', job.job_id).execute();
    expect(notes).toEqual(
      expect.arrayContaining([
        { us_id: ids.users.operator, notif_type: 'JOB_PLANNED' },
        { us_id: ids.users.engineer, notif_type: 'JOB_PLANNED' },
      ]),
    );
    const cal = await req('GET', `jobs/calendar?de_id=${de_id}&from=2027-03-01 00:00:00&to=2027-03-31 23:59:59`, admin);
    expect(cal.status, cal.text).toBe(200);
    expect(cal.json.jobs.data).toContainEqual(
      expect.objectContaining({ job_id: job.job_id, job_start: '2027-03-10 08:00:00', job_end: '2027-03-10 16:00:00', js_address: expect.any(String) }),
    );
    const outside = await req('GET', `jobs/calendar?de_id=${de_id}&from=2027-04-01 00:00:00&to=2027-04-30 00:00:00`, admin);
    expect(outside.json.jobs.data.some((r: { job_id: number }) => r.job_id === job.job_id)).toBe(false);
    expect((await req('GET', `jobs/calendar?de_id=${de_id}`, admin)).json.jobs.dbErrors[0]).toMatchObject({ details: 'from', primary: 'Field is required!' });
  });

  it('a new job lists no documents; delete removes the job', async () => {
    const job = await create(admin, { de_id: ids.departments[0].de_id });
    const docs = await req('POST', `jobs/${job.job_id}/documents/filter?page=1&size=10`, admin, { f_grp_id: 'GENERALDOCUMENTS' });
    expect(docs.status).toBe(200);
    expect(docs.json.jobs).toMatchObject({ data: [], metadata: { totalCount: 0 } });
    expect((await req('DELETE', `jobs/${job.job_id}`, admin)).status).toBe(200);
    expect((await req('GET', `jobs/${job.job_id}`, admin)).status).toBe(404);
  });
});
