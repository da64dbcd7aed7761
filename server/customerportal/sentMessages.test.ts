import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, useTestApp } from '../test/helpers';
import { brandJobs, makeUser } from '../jobs/sales/testJobs';
import { customerJob, makeCustomer, type CustomerWorld } from './testKit';

const t = useTestApp();
let me: CustomerWorld;
let other: CustomerWorld;
let cookie = '';
/** A second customer user on the same client (e.g. the landlord's agent). */
let colleague = '';

const url = (p: string) => `/api/customerportal/${p}`;
const send = (jobId: number, text: string, as = cookie) => call(t.app, { method: 'POST', url: url(`${jobId}/message`), cookie: as, body: { text } });
const listed = (jobId: number, as = cookie) => call(t.app, { url: url(`${jobId}/messages`), cookie: as });

beforeAll(async () => {
  me = await makeCustomer(t.db);
  other = await makeCustomer(t.db);
  const second = await makeUser(t.db, 'Customer');
  await brandJobs(t.db).insertInto('user_client_contacts').values({ us_id: second.us_id, co_id: me.co_id }).execute();
  cookie = await login(t.app, 'localhost', me.email);
  colleague = await login(t.app, 'localhost', second.email);
});

describe('customer portal: the messages a customer sent', () => {
  it('lists their own messages on the job, newest first', async () => {
    const job = await customerJob(t.db, me, { via: 'client' });
    expect((await send(job, 'Please ring before you come.')).status).toBe(201);
    expect((await send(job, '  The side gate is open.  ')).status).toBe(201);
    const res = await listed(job);
    expect(res.status, res.text).toBe(200);
    const rows = res.json.customerportal.data as { text: string; sent_at: string }[];
    expect(rows.map((r) => r.text)).toEqual(['The side gate is open.', 'Please ring before you come.']);
    expect(rows[0].sent_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('keeps one customer’s messages from another who follows the same job', async () => {
    const job = await customerJob(t.db, me, { via: 'client' });
    expect((await send(job, 'Only for the office.')).status).toBe(201);
    const theirs = await listed(job, colleague);
    expect(theirs.status).toBe(200);
    expect(theirs.json.customerportal.data).toEqual([]);
  });

  it('answers 404 for another customer’s job and a missing one', async () => {
    const theirs = await customerJob(t.db, other);
    expect((await listed(theirs)).status).toBe(404);
    expect((await listed(2147483000)).status).toBe(404);
  });
});
