import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, useTestApp } from '../test/helpers';
import { brandJobs, makeJob, makeUser, userId } from '../jobs/sales/testJobs';

const t = useTestApp();
let engineer = '';
let engineerId = 0;
let operatorId = 0;
let other = '';

const url = (job: number, flag: string) => `/api/engineerportal/${job}/${flag}`;

/** A job the demo engineer is on, with the demo operator as its only assigned user (the notification's audience). */
async function engineerJob(): Promise<number> {
  const job = await makeJob(t.db, { engineers: [engineerId] });
  await brandJobs(t.db).insertInto('job_assigned_users').values({ job_id: job, us_id: operatorId }).execute();
  return job;
}

const generalNotifs = (job: number) =>
  brandJobs(t.db)
    .selectFrom('notifications')
    .select(['us_id', 'notif_params', 'created_by'])
    .where('job_id', '=', job)
    .where('notif_type', '=', 'GENERAL')
    .execute();

beforeAll(async () => {
  engineer = await login(t.app, 'localhost', 'engineer@demo.test');
  engineerId = await userId(t.db, 'engineer@demo.test');
  operatorId = await userId(t.db, 'operator@demo.test');
  const second = await makeUser(t.db, 'Engineer');
  other = await login(t.app, 'localhost', second.email);
});

describe('engineer portal issue and remedial flags', () => {
  it('raises an issue with a note: job flag set, history recorded, the office notified once', async () => {
    const job = await engineerJob();
    const before = await call(t.app, { url: `/api/engineerportal/${job}/details`, cookie: engineer });
    expect(before.json.engineerportal.data).toMatchObject({ job_has_issue: false, job_has_remedial: false });

    const on = await call(t.app, { method: 'POST', url: url(job, 'issue'), cookie: engineer, body: { job_has_issue: true, note: 'Boiler cupboard locked' } });
    expect(on.status, on.text).toBe(200);
    expect(on.headers['x-show-snackbar']).toBe('1');
    expect(on.json.engineerportal.data).toMatchObject({ job_id: job, job_has_issue: true, job_has_remedial: false });

    const stored = await brandJobs(t.db).selectFrom('jobs').select(['job_has_issue', 'job_has_remedial']).where('job_id', '=', job).executeTakeFirstOrThrow();
    expect(stored).toEqual({ job_has_issue: true, job_has_remedial: false });
    const notifs = await generalNotifs(job);
    expect(notifs).toHaveLength(1);
    expect(notifs[0]).toMatchObject({
      us_id: operatorId,
      created_by: engineerId,
      notif_params: { source: 'engineer', flag: 'issue', text: 'Boiler cupboard locked' },
    });

    // A repeat click without a note changes and tells nothing; clearing is recorded but notifies nobody.
    await call(t.app, { method: 'POST', url: url(job, 'issue'), cookie: engineer, body: { job_has_issue: true } });
    const off = await call(t.app, { method: 'POST', url: url(job, 'issue'), cookie: engineer, body: { job_has_issue: false } });
    expect(off.json.engineerportal.data.job_has_issue).toBe(false);
    expect(await generalNotifs(job)).toHaveLength(1);

    const history = await brandJobs(t.db)
      .selectFrom('job_history')
      .select(['us_id', 'jh_entity', 'jh_changes'])
      .where('job_id', '=', job)
      .where('jh_action', '=', 'issue')
      .orderBy('jh_id')
      .execute();
    expect(history).toEqual([
      { us_id: engineerId, jh_entity: 'job', jh_changes: { job_has_issue: { from: false, to: true }, note: 'Boiler cupboard locked' } },
      { us_id: engineerId, jh_entity: 'job', jh_changes: { job_has_issue: { from: true, to: false } } },
    ]);
  });

  it('sets the remedial flag the office sees on the job', async () => {
    const job = await engineerJob();
    const res = await call(t.app, { method: 'POST', url: url(job, 'remedial'), cookie: engineer, body: { job_has_remedial: true } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.engineerportal.data).toMatchObject({ job_has_remedial: true, job_has_issue: false });
    const operator = await login(t.app, 'localhost', 'operator@demo.test');
    const staff = await call(t.app, { url: `/api/jobs/${job}/details`, cookie: operator });
    expect(staff.json.jobs.data.job_has_remedial).toBe(true);
    expect(await generalNotifs(job)).toEqual([
      expect.objectContaining({ us_id: operatorId, notif_params: { source: 'engineer', flag: 'remedial', text: null } }),
    ]);
  });

  it('refuses bad bodies, jobs the engineer is not on and other roles, changing nothing', async () => {
    const job = await engineerJob();
    const missing = await call(t.app, { method: 'POST', url: url(job, 'issue'), cookie: engineer, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.engineerportal.dbErrors[0]).toMatchObject({ details: 'job_has_issue', primary: 'Field is required!' });
    const wrong = await call(t.app, { method: 'POST', url: url(job, 'remedial'), cookie: engineer, body: { job_has_remedial: 'yes' } });
    expect(wrong.json.engineerportal.dbErrors[0]).toMatchObject({ details: 'job_has_remedial', primary: 'Invalid value' });
    const long = await call(t.app, { method: 'POST', url: url(job, 'issue'), cookie: engineer, body: { job_has_issue: true, note: 'x'.repeat(3001) } });
    expect(long.json.engineerportal.dbErrors[0]).toMatchObject({ details: 'note', primary: 'Max. 3000 chars!' });
    const extra = await call(t.app, { method: 'POST', url: url(job, 'issue'), cookie: engineer, body: { job_has_issue: true, job_status: 'COMPLETED' } });
    expect(extra.json.engineerportal.dbErrors[0]).toMatchObject({ details: 'job_status', primary: 'Invalid value' });

    const notOn = await call(t.app, { method: 'POST', url: url(job, 'issue'), cookie: other, body: { job_has_issue: true } });
    expect(notOn.status).toBe(404);
    for (const email of ['operator@demo.test', 'customer@demo.test']) {
      const res = await call(t.app, { method: 'POST', url: url(job, 'issue'), cookie: await login(t.app, 'localhost', email), body: { job_has_issue: true } });
      expect(res.status, email).toBe(403);
      expect(res.json.engineerportal.dbErrors[0].general).toBe('role');
    }
    expect(await brandJobs(t.db).selectFrom('jobs').select(['job_has_issue', 'job_has_remedial']).where('job_id', '=', job).executeTakeFirstOrThrow()).toEqual({
      job_has_issue: false,
      job_has_remedial: false,
    });
    expect(await brandJobs(t.db).selectFrom('job_history').select('jh_id').where('job_id', '=', job).execute()).toEqual([]);
    expect(await generalNotifs(job)).toEqual([]);
  });
});
