import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, DEMO_HOST, login, uniqueName, useTestApp } from '../test/helpers';
import { demoIds, jobCalls, type DemoIds } from '../jobs/testKit';
import type { DispatchVisit, DispatchWeek } from '../../core/dispatch/types';

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

const week = async (cookie: string, query: string, host = DEMO_HOST) => {
  const res = await req('GET', `dispatch/week?${query}`, cookie, undefined, host);
  expect(res.status, res.text).toBe(200);
  return res.json.dispatch.data as DispatchWeek;
};
const openJob = (desc: string, extra: Record<string, unknown> = {}) =>
  create(admin, { de_id: ids.departments[0].de_id, js_id: ids.sites[0], job_status: 'APPROVED', job_desc: desc, ...extra });
const onLane = (w: DispatchWeek, jobId: number) => w.visits.filter((v: DispatchVisit) => v.job_id === jobId).map((v) => v.us_id);

describe('GET dispatch/week', () => {
  it("lists the engineers, the week's visits in the user's time zone and the open jobs waiting", async () => {
    const desc = uniqueName('Dispatch week');
    const waiting = await openJob(desc);
    // 00:30 on Monday 5 July 2032 in London is 23:30 on Sunday in UTC: it belongs to the week of the 5th.
    const early = await openJob(`${desc} early`, {
      job_start: '2032-07-04 23:30:00',
      job_end: '2032-07-05 01:30:00',
      engineers: [{ us_id: ids.users.engineer, is_lead: true }],
    });
    const w = await week(operator, `start=2032-07-07&stext=${encodeURIComponent(desc)}`);
    expect(w.start).toBe('2032-07-05');
    expect(w.days).toHaveLength(7);
    expect(w.time_zone).toBe('Europe/London');
    expect(w.engineers).toContainEqual({ us_id: ids.users.engineer, fullname: expect.any(String) });
    expect(w.engineers.every((e) => e.us_id !== ids.users.operator)).toBe(true);
    expect(w.visits).toContainEqual(
      expect.objectContaining({ job_id: early.job_id, us_id: ids.users.engineer, job_start: '2032-07-04 23:30:00', is_lead: true }),
    );
    expect(w.unscheduled.data.map((j) => j.job_id)).toEqual([waiting.job_id]);
    expect(w.unscheduled.totalCount).toBe(1);

    const before = await week(operator, 'start=2032-06-28');
    expect(onLane(before, early.job_id)).toEqual([]);
  });

  it('refuses a bad start day and a search under 3 characters', async () => {
    const bad = await req('GET', 'dispatch/week?start=2032-02-30', operator);
    expect(bad.status).toBe(400);
    expect(bad.json.dispatch.dbErrors[0]).toMatchObject({ details: 'start' });
    expect((await req('GET', 'dispatch/week?stext=ab', operator)).status).toBe(400);
  });
});

describe('POST dispatch/visits/{id}', () => {
  it('schedules a waiting job on an engineer, books it, and moves it to another engineer keeping its length', async () => {
    const desc = uniqueName('Dispatch move');
    const job = await openJob(desc);
    const lanes = (await week(operator, 'start=2032-08-02')).engineers.map((e) => e.us_id);
    const other = lanes.find((id) => id !== ids.users.engineer)!;

    const placed = await req('POST', `dispatch/visits/${job.job_id}`, operator, { us_id: ids.users.engineer, job_start: '2032-08-03 08:00:00' });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.json.dispatch.data).toEqual({
      job_id: job.job_id,
      us_id: ids.users.engineer,
      job_start: '2032-08-03 08:00:00',
      job_end: '2032-08-03 10:00:00',
      job_status: 'BOOKED',
    });
    const after = await week(operator, `start=2032-08-02&stext=${encodeURIComponent(desc)}`);
    expect(onLane(after, job.job_id)).toEqual([ids.users.engineer]);
    expect(after.unscheduled.data).toEqual([]);

    const moved = await req('POST', `dispatch/visits/${job.job_id}`, operator, {
      us_id: other,
      from_us_id: ids.users.engineer,
      job_start: '2032-08-05 13:00:00',
    });
    expect(moved.status, moved.text).toBe(200);
    const again = await week(operator, 'start=2032-08-02');
    expect(onLane(again, job.job_id)).toEqual([other]);
    expect(again.visits.find((v) => v.job_id === job.job_id)).toMatchObject({ job_start: '2032-08-05 13:00:00', job_end: '2032-08-05 15:00:00' });
    const details = await req('GET', `jobs/${job.job_id}/details`, operator);
    expect(details.json.jobs.data).toMatchObject({ job_start: '2032-08-05 13:00:00', job_end: '2032-08-05 15:00:00', job_status: 'BOOKED' });
  });

  it('refuses an end before the start, an engineer who is not one and a job without a site', async () => {
    const job = await openJob(uniqueName('Dispatch bad'));
    const backwards = await req('POST', `dispatch/visits/${job.job_id}`, operator, {
      us_id: ids.users.engineer,
      job_start: '2032-08-03 10:00:00',
      job_end: '2032-08-03 08:00:00',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.json.dispatch.dbErrors[0]).toMatchObject({ details: 'job_end' });
    expect((await req('POST', `dispatch/visits/${job.job_id}`, operator, { us_id: ids.users.operator, job_start: '2032-08-03 08:00:00' })).status).toBe(400);
    expect((await req('POST', `dispatch/visits/${job.job_id}`, operator, { us_id: ids.users.engineer, job_start: 'tomorrow' })).status).toBe(400);
    const siteless = await create(admin, { de_id: ids.departments[0].de_id, job_status: 'APPROVED' });
    const noSite = await req('POST', `dispatch/visits/${siteless.job_id}`, operator, { us_id: ids.users.engineer, job_start: '2032-08-03 08:00:00' });
    expect(noSite.status).toBe(400);
    expect(noSite.json.dispatch.dbErrors[0]).toMatchObject({ details: 'engineers' });
  });
});

describe('who may dispatch', () => {
  it('refuses engineers and customers, and staff not on a job’s assigned list', async () => {
    const job = await openJob(uniqueName('Dispatch roles'));
    for (const email of ['engineer@demo.test', 'customer@demo.test']) {
      const cookie = await login(t.app, DEMO_HOST, email);
      expect((await req('GET', 'dispatch/week', cookie)).status, email).toBe(403);
      expect((await req('POST', `dispatch/visits/${job.job_id}`, cookie, { us_id: ids.users.engineer, job_start: '2032-08-03 08:00:00' })).status, email).toBe(
        403,
      );
    }
    const theirs = await openJob(uniqueName('Dispatch assigned'), { assigned: [ids.users.admin] });
    const refused = await req('POST', `dispatch/visits/${theirs.job_id}`, operator, { us_id: ids.users.engineer, job_start: '2032-08-03 08:00:00' });
    expect(refused.status).toBe(403);
  });

  it("keeps brands apart: another brand neither lists nor moves the demo brand's jobs", async () => {
    const desc = uniqueName('Dispatch brand');
    const job = await openJob(desc);
    const acme = await login(t.app, ACME_HOST, 'admin@demo.test');
    const theirs = await week(acme, `stext=${encodeURIComponent(desc)}`, ACME_HOST);
    expect(theirs.unscheduled.data).toEqual([]);
    const move = await req(
      'POST',
      `dispatch/visits/${job.job_id}`,
      acme,
      { us_id: theirs.engineers[0]?.us_id ?? 1, job_start: '2032-08-03 08:00:00' },
      ACME_HOST,
    );
    expect(move.status).toBe(404);
  });
});
