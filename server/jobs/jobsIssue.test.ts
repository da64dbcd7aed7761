import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HOST, login, useTestApp } from '../test/helpers';
import { demoIds, jobCalls, type DemoIds } from './testKit';

const t = useTestApp();
const { req, create } = jobCalls(t);
let admin: string;
let operator: string;
let ids: DemoIds;

beforeAll(async () => {
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
  operator = await login(t.app, DEMO_HOST, 'operator@demo.test');
  ids = await demoIds(t.db);
});

describe('POST jobs/{id}/issue', () => {
  it('sets and clears the issue flag, answers the details and records each change in the history', async () => {
    const job = await create(operator, { de_id: ids.departments[0].de_id });
    expect(job.job_has_issue).toBe(false);
    const on = await req('POST', `jobs/${job.job_id}/issue`, operator, { job_has_issue: true });
    expect(on.status, on.text).toBe(200);
    expect(on.headers['x-show-snackbar']).toBe('1');
    expect(on.json.jobs.data).toMatchObject({ job_id: job.job_id, job_has_issue: true, job_has_remedial: false });
    // The same value again changes nothing and records nothing.
    expect((await req('POST', `jobs/${job.job_id}/issue`, operator, { job_has_issue: true })).status).toBe(200);
    const off = await req('POST', `jobs/${job.job_id}/issue`, operator, { job_has_issue: false });
    expect(off.json.jobs.data.job_has_issue).toBe(false);
    const history = (await req('GET', `jobs/${job.job_id}/history`, operator)).json.jobs.data as { jh_action: string; jh_changes: unknown; us_id: number }[];
    const issues = history.filter((h) => h.jh_action === 'issue');
    expect(issues.map((h) => h.jh_changes)).toEqual([{ job_has_issue: { from: true, to: false } }, { job_has_issue: { from: false, to: true } }]);
    expect(issues[0].us_id).toBe(ids.users.operator);
    // PATCH carries the flag back from the details untouched (read-only there).
    const patched = await req('PATCH', `jobs/${job.job_id}`, operator, { job_desc: 'Round trip', job_has_issue: true });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.jobs.data.job_has_issue).toBe(false);
  });

  it('refuses a bad body, other roles, unknown jobs and a user left off the assigned list', async () => {
    const job = await create(admin, { de_id: ids.departments[0].de_id, assigned: [ids.users.admin] });
    const missing = await req('POST', `jobs/${job.job_id}/issue`, admin, {});
    expect(missing.status).toBe(400);
    expect(missing.json.jobs.dbErrors[0]).toMatchObject({ details: 'job_has_issue', primary: 'Field is required!' });
    expect((await req('POST', `jobs/${job.job_id}/issue`, admin, { job_has_issue: 'yes' })).json.jobs.dbErrors[0]).toMatchObject({
      details: 'job_has_issue',
      primary: 'Invalid value',
    });
    const refused = await req('POST', `jobs/${job.job_id}/issue`, operator, { job_has_issue: true });
    expect(refused.status).toBe(403);
    expect(refused.json.jobs.dbErrors[0]).toMatchObject({ general: 'record', primary: 'You are not allowed to modify this job.' });
    for (const email of ['customer@demo.test', 'engineer@demo.test']) {
      const cookie = await login(t.app, DEMO_HOST, email);
      const res = await req('POST', `jobs/${job.job_id}/issue`, cookie, { job_has_issue: true });
      expect(res.status, email).toBe(403);
      expect(res.json.jobs.dbErrors[0].general).toBe('role');
    }
    expect((await req('POST', 'jobs/99999999/issue', admin, { job_has_issue: true })).status).toBe(404);
    expect((await req('GET', `jobs/${job.job_id}/details`, admin)).json.jobs.data.job_has_issue).toBe(false);
  });
});
