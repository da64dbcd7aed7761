import { beforeAll, describe, expect, it } from 'vitest';
import type { JobDb } from '../jobs/tables';
import { brandJobDb, demoIds, jobCalls, type DemoIds } from '../jobs/testKit';
import { DEMO_HOST, login, useTestApp } from '../test/helpers';
import { REPORT_LOOKBACK_DAYS, checkOverdueReports, startReportCheck } from './reportCheck';

const t = useTestApp();
const { req, create } = jobCalls(t);
let admin: string;
let engineer: string;
let ids: DemoIds;
let db: JobDb;
const DAY = 86_400_000;
const wire = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

beforeAll(async () => {
  [admin, engineer] = await Promise.all([login(t.app, DEMO_HOST, 'admin@demo.test'), login(t.app, DEMO_HOST, 'engineer@demo.test')]);
  ids = await demoIds(t.db);
  db = await brandJobDb(t.db);
});

/** A job on the demo engineer that ended `daysAgo` days ago. */
async function endedJob(desc: string, daysAgo: number, over: Record<string, unknown> = {}) {
  const end = new Date(Date.now() - daysAgo * DAY);
  return create(admin, {
    de_id: ids.departments[0].de_id,
    js_id: ids.sites[0],
    job_desc: desc,
    job_status: 'IN_PROGRESS',
    engineers: [{ us_id: ids.users.engineer, is_lead: true }],
    job_start: wire(new Date(end.getTime() - 2 * 3_600_000)),
    job_end: wire(end),
    ...over,
  });
}

const overdue = (jobId: number) =>
  db
    .selectFrom('notifications')
    .select(['us_id', 'notif_params', 'created_by'])
    .where('job_id', '=', jobId)
    .where('notif_type', '=', 'ENGINEER_NOT_REPORTED')
    .orderBy('notif_id')
    .execute();

describe('the "engineer not reported" check', () => {
  it("announces an ended job without its engineer's report once, to the assigned users", async () => {
    const job = await endedJob('Ended, no report', 2, { assigned: [ids.users.operator] });
    expect(await checkOverdueReports(db)).toBeGreaterThanOrEqual(1);
    const raised = await overdue(job.job_id);
    expect(raised).toEqual([
      { us_id: ids.users.operator, created_by: null, notif_params: expect.objectContaining({ job_number: job.job_number, us_id: ids.users.engineer }) },
    ]);

    // The next run (or another process running it too) does not announce it again.
    await Promise.all([checkOverdueReports(db), checkOverdueReports(db)]);
    expect(await overdue(job.job_id)).toHaveLength(1);

    // Rescheduled, and its new end passed as well: announced once more.
    const later = new Date(Date.now() - DAY);
    expect((await req('PATCH', `jobs/${job.job_id}`, admin, { job_end: wire(later) })).status).toBe(200);
    await checkOverdueReports(db);
    expect(await overdue(job.job_id)).toHaveLength(2);
  });

  it('leaves out jobs with the report, not ended yet, cancelled, drafts and those ended before the look-back', async () => {
    const reported = await endedJob('Ended with report', 1);
    expect((await req('POST', `engineerportal/${reported.job_id}/reports`, engineer, { er_text: 'Done' })).status).toBe(201);
    const future = await endedJob('Ends tomorrow', -1);
    const cancelled = await endedJob('Cancelled', 1, { job_status: 'CANCELLED' });
    const draft = await endedJob('Draft', 1, { job_is_draft: true });
    const old = await endedJob('Long ago', REPORT_LOOKBACK_DAYS + 5);
    await checkOverdueReports(db);
    for (const job of [reported, future, cancelled, draft, old]) expect(await overdue(job.job_id), job.job_desc).toEqual([]);
  });

  it('the timer checks every brand with jobs on, the operator group when nobody is assigned', async () => {
    const job = await endedJob('Unassigned, ended', 3);
    const check = startReportCheck(t.db, { intervalMs: 0 });
    expect(await check.runNow()).toBeGreaterThanOrEqual(1);
    await check.stop();
    const operatorGroup = await db
      .selectFrom('users')
      .select('us_id')
      .where('role', 'in', ['Operator', 'BemAccount', 'Procurement'])
      .where('is_hidden', '=', false)
      .execute();
    expect((await overdue(job.job_id)).map((n) => n.us_id).sort()).toEqual(operatorGroup.map((u) => u.us_id).sort());
  });
});
