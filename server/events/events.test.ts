/** GET /api/events: each signed-in tab hears the changes it may see, raised by any writer, and only those. */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { brandDb } from '../db/types';
import { mailDb } from '../mail/tables';
import { attachmentDb } from '../mail/sync/attachmentTables';
import { jobDb } from '../jobs/tables';
import { brandSchema, demoIds, jobCalls, type DemoIds } from '../jobs/testKit';
import { DEMO_HOST, call, login, useTestApp } from '../test/helpers';
import { openStream, type OpenStream } from './testKit';

const t = useTestApp({ eventsListenUrl: inject('listenUrl'), eventsHeartbeatMs: 300 });
const { create, req } = jobCalls(t);
let base: string;
let schema: string;
let ids: DemoIds;
let admin: string;
let operator: string;
const streams: OpenStream[] = [];

async function stream(cookie?: string): Promise<OpenStream> {
  const s = await openStream(base, DEMO_HOST, cookie);
  streams.push(s);
  return s;
}

beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  schema = await brandSchema(t.db);
  ids = await demoIds(t.db);
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
  operator = await login(t.app, DEMO_HOST, 'operator@demo.test');
});

afterAll(() => {
  for (const s of streams) s.close();
});

const mail = () => mailDb(brandDb(t.db, schema));
const changed = (account: number) =>
  attachmentDb(mail()).updateTable('mailaccounts').set({ ma_changed_at: new Date() }).where('mailaccount_id', '=', account).execute();

/** A mail account of the test's own, linked to the given users. */
async function mailAccount(usIds: number[]): Promise<number> {
  const { mailaccount_id } = await mail()
    .insertInto('mailaccounts')
    .values({ ma_name: 'Live', ma_email: 'live@example.test' })
    .returning('mailaccount_id')
    .executeTakeFirstOrThrow();
  for (const us_id of usIds) await mail().insertInto('mailaccount_users').values({ mailaccount_id, us_id }).execute();
  return mailaccount_id;
}

describe('GET /api/events', () => {
  it('refuses a request without a session with 401 in the envelope', async () => {
    const res = await call(t.app, { url: '/api/events' });
    expect(res.status).toBe(401);
    expect(res.json.events.metadata.userData.isLogged).toBe(false);
  });

  it('tells only the users linked to an account that its mail or sync state changed', async () => {
    const linked = await stream(operator);
    const other = await stream(admin);
    expect(linked.status).toBe(200);
    expect(linked.contentType).toContain('text/event-stream');
    const account = await mailAccount([ids.users.operator]);
    await changed(account);
    await mail().updateTable('mailaccounts').set({ sync_status: 'syncing' }).where('mailaccount_id', '=', account).execute();
    expect(await linked.next((e) => e.name === 'mail' && e.data.accountId === account)).toBeTruthy();
    expect(await linked.next((e) => e.name === 'sync' && e.data.accountId === account)).toBeTruthy();
    // The admin's stream heard nothing of it (its heartbeats went on meanwhile).
    await new Promise((r) => setTimeout(r, 400));
    expect(other.events.filter((e) => e.data.accountId === account)).toEqual([]);
  });

  it('hears an account linked after the stream opened', async () => {
    const s = await stream(admin);
    const account = await mailAccount([]);
    await mail().insertInto('mailaccount_users').values({ mailaccount_id: account, us_id: ids.users.admin }).execute();
    await s.next((e) => e.name === 'mail' && e.data.accountId === account);
    await changed(account);
    await s.next((e) => e.name === 'mail' && e.data.accountId === account && s.events.filter((x) => x.data.accountId === account).length === 2);
  });

  it("tells a user of their own reminders' changes, not someone else's", async () => {
    const mine = await stream(operator);
    const theirs = await stream(admin);
    await jobDb(brandDb(t.db, schema)).insertInto('notifications').values({ us_id: ids.users.operator, notif_type: 'note' }).execute();
    await mine.next((e) => e.name === 'reminders');
    await new Promise((r) => setTimeout(r, 400));
    expect(theirs.events.filter((e) => e.name === 'reminders')).toEqual([]);
  });

  it('tells the other office users that a job was saved, not the one who saved it', async () => {
    const job = await create(admin, { de_id: ids.departments[0].de_id, job_desc: 'Live' });
    const saver = await stream(admin);
    const colleague = await stream(operator);
    const saved = await req('PATCH', `jobs/${job.job_id}`, admin, { job_desc: 'Changed' });
    expect(saved.status, saved.text).toBe(200);
    expect((await colleague.next((e) => e.name === 'job')).data).toEqual({ jobId: job.job_id });
    await new Promise((r) => setTimeout(r, 400));
    expect(saver.events.filter((e) => e.name === 'job')).toEqual([]);
  });

  it('ends the stream at the next heartbeat after a logout', async () => {
    const cookie = await login(t.app, DEMO_HOST, 'operator@demo.test');
    const s = await stream(cookie);
    const out = await call(t.app, { url: '/api/auth/logout', cookie });
    expect(out.status).toBe(200);
    await Promise.race([s.ended, new Promise((_, fail) => setTimeout(() => fail(new Error('stream still open')), 3000))]);
  });
});
