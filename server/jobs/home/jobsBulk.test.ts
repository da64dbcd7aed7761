import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HOST, login, useTestApp } from '../../test/helpers';
import { brandJobDb, demoIds, jobCalls, type DemoIds } from '../testKit';
import type { JobDb } from '../tables';

const t = useTestApp();
const { req, create } = jobCalls(t);
let admin: string;
let operator: string;
let customer: string;
let ids: DemoIds;
let db: JobDb;

beforeAll(async () => {
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
  operator = await login(t.app, DEMO_HOST, 'operator@demo.test');
  customer = await login(t.app, DEMO_HOST, 'customer@demo.test');
  ids = await demoIds(t.db);
  db = await brandJobDb(t.db);
});

const makeJobs = async (n: number, extra: Record<string, unknown> = {}) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++)
    out.push((await create(admin, { de_id: ids.departments[0].de_id, job_status: 'QUOTED', job_desc: `Bulk ${i}`, ...extra })).job_id);
  return out;
};
const jobRows = (jobIds: number[]) =>
  db.selectFrom('jobs').select(['job_id', 'job_status', 'job_tags']).where('job_id', 'in', jobIds).orderBy('job_id').execute();

describe('POST jobs/bulk', () => {
  it('changes the status of every selected job, with each job’s history', async () => {
    const jobs = await makeJobs(3);
    const res = await req('POST', 'jobs/bulk', operator, { job_ids: jobs, action: 'status', job_status: 'BOOKED' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.jobs.data).toEqual({ changed: jobs, refused: [] });
    expect((await jobRows(jobs)).map((r) => r.job_status)).toEqual(['BOOKED', 'BOOKED', 'BOOKED']);
    const history = await db.selectFrom('job_history').select('job_id').where('job_id', 'in', jobs).where('jh_action', '=', 'bulk').execute();
    expect(history).toHaveLength(3);
  });

  it('adds and removes a tag, keeping the other tags', async () => {
    const jobs = await makeJobs(2, { job_tags: ['PLANNED'] });
    expect((await req('POST', 'jobs/bulk', admin, { job_ids: jobs, action: 'addTag', job_tag: 'NEEDTOCALL' })).status).toBe(200);
    expect((await jobRows(jobs)).map((r) => [...r.job_tags].sort())).toEqual([
      ['NEEDTOCALL', 'PLANNED'],
      ['NEEDTOCALL', 'PLANNED'],
    ]);
    expect((await req('POST', 'jobs/bulk', admin, { job_ids: jobs, action: 'removeTag', job_tag: 'PLANNED' })).status).toBe(200);
    expect((await jobRows(jobs)).map((r) => r.job_tags)).toEqual([['NEEDTOCALL'], ['NEEDTOCALL']]);
  });

  it('assigns an operator on top of the assigned users; a job the operator may not change is refused alone', async () => {
    const [open] = await makeJobs(1);
    const [others] = await makeJobs(1, { assigned: [ids.users.admin] });
    const res = await req('POST', 'jobs/bulk', operator, { job_ids: [open, others], action: 'assignOperator', us_id: ids.users.operator });
    expect(res.status, res.text).toBe(200);
    expect(res.json.jobs.data.changed).toEqual([open]);
    expect(res.json.jobs.data.refused).toEqual([{ job_id: others, message: expect.any(String) }]);
    const assigned = await db.selectFrom('job_assigned_users').select(['job_id', 'us_id']).where('job_id', 'in', [open, others]).orderBy('job_id').execute();
    expect(assigned).toEqual([
      { job_id: open, us_id: ids.users.operator },
      { job_id: others, us_id: ids.users.admin },
    ]);
  });

  it('refuses a missing value, an unknown job as refused, and anyone but staff', async () => {
    const [job] = await makeJobs(1);
    const missing = await req('POST', 'jobs/bulk', admin, { job_ids: [job], action: 'status' });
    expect(missing.status).toBe(400);
    expect(missing.json.jobs.dbErrors[0]).toMatchObject({ details: 'job_status' });
    const unknown = await req('POST', 'jobs/bulk', admin, { job_ids: [2147483000], action: 'status', job_status: 'BOOKED' });
    expect(unknown.json.jobs.data.refused).toEqual([{ job_id: 2147483000, message: expect.any(String) }]);
    expect((await req('POST', 'jobs/bulk', customer, { job_ids: [job], action: 'status', job_status: 'BOOKED' })).status).toBe(403);
    expect((await jobRows([job]))[0].job_status).toBe('QUOTED');
  });
});
