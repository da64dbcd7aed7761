/** Linking mails and their attachments to a job is a write on the job: the assigned-list rule holds. */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helpers';
import { mailBrand, mailCalls } from '../mail/client/testKit';
import { mailJobs } from '../mail/client/jobLinks';

const t = useTestApp();
const as = mailCalls(t);
let a: Awaited<ReturnType<typeof mailBrand>>;

beforeAll(async () => {
  a = await mailBrand(t.db);
}, 60_000);

const notAllowed = { error: 'FORBIDDEN', general: 'record', primary: 'You are not allowed to modify this job.' };

describe('mail links to a job the user may not modify', () => {
  it('refuses mails/assignjob (linking to it and taking a mail off it) and mails/assignfilestojob', async () => {
    const admin = await a.db.selectFrom('users').select('us_id').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    await a.db
      .insertInto('job_assigned_users' as never)
      .values({ job_id: a.jobId, us_id: admin.us_id } as never)
      .execute();
    const op = await as(a.host);
    const maId = (await op('POST', 'mails/filter?limit=1', {})).json.mails.data[0].ma_id as number;

    const link = await op('POST', 'mails/assignjob', { ma_id: maId, job_id: a.jobId });
    expect(link.status).toBe(403);
    expect(link.json.mails.dbErrors[0]).toMatchObject(notAllowed);
    const files = await op('POST', 'mails/assignfilestojob', { ma_id: maId, job_id: a.jobId });
    expect(files.status).toBe(403);
    expect(files.json.mails.dbErrors[0]).toMatchObject(notAllowed);
    expect(await mailJobs(a.db, maId)).toEqual([]);

    // An assigned user links it; then the left-out user cannot take it off the job either.
    const boss = await as(a.host, 'admin@demo.test');
    expect((await boss('POST', 'mails/assignjob', { ma_id: maId, job_id: a.jobId })).status).toBe(200);
    const unlink = await op('POST', 'mails/assignjob', { ma_id: maId, job_id: null });
    expect(unlink.status).toBe(403);
    expect(unlink.json.mails.dbErrors[0]).toMatchObject(notAllowed);
    expect((await mailJobs(a.db, maId)).map((j) => j.job_id)).toEqual([a.jobId]);
  });
});
