/** GET mails/{id}/thread: a mail's conversation, oldest first, within what the user may read. */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';
import { mailBrand, mailCalls } from './testKit';

const t = useTestApp();
const as = mailCalls(t);
let a: Awaited<ReturnType<typeof mailBrand>>;
let other: Awaited<ReturnType<typeof mailBrand>>;

beforeAll(async () => {
  a = await mailBrand(t.db);
  other = await mailBrand(t.db, undefined, { firstMailId: 900_000 });
}, 60_000);

describe('a mail thread', () => {
  it('lists the thread oldest first with each mail’s job, leaves out deleted mails, and a mail without a thread alone', async () => {
    const mails = await a.db.selectFrom('mails').select(['ma_id', 'mail_date']).orderBy('mail_date').orderBy('ma_id').limit(4).execute();
    const [first, second, deleted, alone] = mails.map((m) => m.ma_id);
    await a.db.updateTable('mails').set({ thread_id: null }).execute();
    await a.db.updateTable('mails').set({ thread_id: first }).where('ma_id', 'in', [first, second, deleted]).execute();
    await a.db.updateTable('mails').set({ is_deleted: true }).where('ma_id', '=', deleted).execute();
    await a.db.insertInto('mail_job_links').values({ ma_id: second, job_id: a.jobId, mjl_reason: 'manual' }).execute();
    const op = await as(a.host);

    const thread = await op('GET', `mails/${second}/thread`);
    expect(thread.status).toBe(200);
    const rows = thread.json.mails.data as { ma_id: number; thread_id: number; job_id: number | null }[];
    expect(rows.map((r) => r.ma_id)).toEqual([first, second]);
    expect(rows.map((r) => r.job_id)).toEqual([null, a.jobId]);
    expect(rows.every((r) => r.thread_id === first)).toBe(true);

    const single = await op('GET', `mails/${alone}/thread`);
    expect((single.json.mails.data as { ma_id: number }[]).map((r) => r.ma_id)).toEqual([alone]);
  });

  it('answers 404 for a mail of another brand', async () => {
    const foreign = await other.db.selectFrom('mails').select('ma_id').orderBy('ma_id').executeTakeFirstOrThrow();
    expect(foreign.ma_id).toBeGreaterThanOrEqual(900_000);
    const op = await as(a.host);
    expect((await op('GET', `mails/${foreign.ma_id}/thread`)).status).toBe(404);
  });
});
