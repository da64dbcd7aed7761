import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HOST, login, useTestApp } from '../test/helpers';
import { demoIds, jobCalls, type DemoIds } from './testKit';

const t = useTestApp();
const { req, create } = jobCalls(t);
let admin: string;
let ids: DemoIds;

beforeAll(async () => {
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
  ids = await demoIds(t.db);
});

describe('job create and numbering', () => {
  it('creates a numbered job with people and reads its details', async () => {
    const [dept] = ids.departments;
    const job = await create(admin, {
      de_id: dept.de_id,
      co_id: ids.clients[0],
      js_id: ids.sites[0],
      pm_id: ids.managers[0],
      jsc_id: ids.siteContacts[0],
      job_status: 'BOOKED',
      job_wopo: 'PO-77',
      job_desc: 'Leaking radiator valve',
      job_details: 'Bedroom 2',
      job_tags: ['NEEDTOCALL'],
      job_start: '2026-12-01 09:00:00',
      job_end: '2026-12-01 12:00:00',
      engineers: [{ us_id: ids.users.engineer, is_lead: true }],
      suppliers: [{ co_id: ids.suppliers[0] }],
      assigned: [ids.users.operator],
    });
    expect(job.job_number).toMatch(new RegExp(`^${dept.de_prefix}-\\d{6}$`));
    expect(job).toMatchObject({ job_status: 'BOOKED', job_start: '2026-12-01 09:00:00', net_quote: '0.00', remedial_flag: false, can_modify: true });
    expect(job.engineers).toEqual([expect.objectContaining({ us_id: ids.users.engineer, is_lead: true, locked: false })]);
    expect(job.assigned).toEqual([expect.objectContaining({ us_id: ids.users.operator })]);
    expect(job.suppliers).toEqual([expect.objectContaining({ co_id: ids.suppliers[0] })]);
    const history = await req('GET', `jobs/${job.job_id}/history`, admin);
    expect(history.json.jobs.data[0]).toMatchObject({ jh_action: 'create', fullname: 'Alice Morgan' });
  });

  it('a draft has no number; saving it without the flag numbers it', async () => {
    const draft = await create(admin, { de_id: ids.departments[1].de_id, job_is_draft: true, job_desc: 'Draft' });
    expect(draft.job_number).toBeNull();
    const saved = await req('PATCH', `jobs/${draft.job_id}`, admin, { job_desc: 'Saved' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.jobs.data.job_number).toMatch(new RegExp(`^${ids.departments[1].de_prefix}-`));
  });

  it('concurrent creates get distinct numbers', async () => {
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) => req('POST', 'jobs/create', admin, { de_id: ids.departments[2].de_id, job_desc: `Parallel ${i}` })),
    );
    for (const r of made) expect(r.status, r.text).toBe(201);
    const numbers = made.map((r) => r.json.jobs.data.job_number);
    expect(new Set(numbers).size).toBe(12);
  });

  it('changing the department renumbers the job', async () => {
    const job = await create(admin, { de_id: ids.departments[0].de_id, job_desc: 'Move me' });
    const moved = await req('PATCH', `jobs/${job.job_id}`, admin, { de_id: ids.departments[3].de_id });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.jobs.data.job_number).toMatch(new RegExp(`^${ids.departments[3].de_prefix}-`));
    expect(moved.json.jobs.data.job_number).not.toBe(job.job_number);
    const history = await req('GET', `jobs/${job.job_id}/history`, admin);
    expect(history.json.jobs.data[0].jh_changes).toMatchObject({ job_number: { from: job.job_number, to: moved.json.jobs.data.job_number } });
  });
});
