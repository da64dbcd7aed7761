import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, useTestApp } from '../test/helpers';
import { brandJobs, DEMO_SCHEMA, userId } from '../jobs/sales/testJobs';
import { customerDb } from './tables';
import { customerJob, makeCustomer, notificationsOf, type CustomerWorld } from './testKit';

const t = useTestApp();
let me: CustomerWorld;
let other: CustomerWorld;
let cookie = '';
let operatorId = 0;
let operator2Id = 0;

const decisionsOf = (jobs: number[]) =>
  customerDb(t.db.withSchema(DEMO_SCHEMA)).selectFrom('job_quote_decisions').selectAll().where('job_id', 'in', jobs).execute();
const url = (path: string) => `/api/customerportal/${path}`;
const post = (path: string, body: unknown, c = cookie) => call(t.app, { method: 'POST', url: url(path), cookie: c, body });

beforeAll(async () => {
  operatorId = await userId(t.db, 'operator@demo.test');
  operator2Id = await userId(t.db, 'bemaccount@demo.test');
  me = await makeCustomer(t.db, [operatorId]);
  other = await makeCustomer(t.db);
  cookie = await login(t.app, 'localhost', me.email);
});

describe('customer portal: jobs', () => {
  it('lists only the customer’s jobs, 20 a page, hiding statuses they may not see', async () => {
    const own: number[] = [];
    for (let i = 0; i < 21; i++) own.push(await customerJob(t.db, me, { status: i === 0 ? 'ON_HOLD' : 'BOOKED' }));
    const viaClient = await customerJob(t.db, me, { via: 'client', status: 'QUOTED' });
    const viaPm = await customerJob(t.db, me, { via: 'pm', status: 'CANCELLED' });
    const theirs = await customerJob(t.db, other, { via: 'client' });

    const page = await post('filter?totalcount=1', {});
    expect(page.status, page.text).toBe(200);
    const rows = page.json.customerportal.data as { job_id: number; job_status: string | null }[];
    expect(rows).toHaveLength(20);
    expect(page.json.customerportal.metadata.totalCount).toBe(23);
    const all = await post('filter?limit=100', {});
    const ids = (all.json.customerportal.data as { job_id: number }[]).map((r) => r.job_id);
    expect(ids).toEqual(expect.arrayContaining([...own, viaClient, viaPm]));
    expect(ids).not.toContain(theirs);
    const statusOf = (id: number) => (all.json.customerportal.data as { job_id: number; job_status: string | null }[]).find((r) => r.job_id === id)?.job_status;
    expect(statusOf(own[0])).toBeNull();
    expect(statusOf(viaPm)).toBeNull();
    expect(statusOf(viaClient)).toBe('QUOTED');
    // The hidden status never shows in the text either.
    expect(all.text).not.toContain('ON_HOLD');
    expect(all.text).not.toContain('CANCELLED');

    const hiddenFilter = await post('filter', { job_status_ids: ['ON_HOLD'] });
    expect(hiddenFilter.status).toBe(400);
    expect(hiddenFilter.json.customerportal.dbErrors[0].details).toBe('job_status_ids.0');
    const quoted = await post('filter', { job_status_ids: ['QUOTED'] });
    expect((quoted.json.customerportal.data as { job_id: number }[]).map((r) => r.job_id)).toEqual([viaClient]);
    const bySort = await call(t.app, { method: 'POST', url: url('filter?sort=job_status'), cookie, body: {} });
    expect(bySort.status).toBe(400);
  });

  it('searches the customer’s jobs by text', async () => {
    const job = await customerJob(t.db, me, { desc: 'Dripping kitchen tap zq' });
    await customerJob(t.db, other, { desc: 'Dripping kitchen tap zq' });
    const found = await post('filter', { stext: 'tap zq' });
    expect((found.json.customerportal.data as { job_id: number }[]).map((r) => r.job_id)).toEqual([job]);
    expect((await post('filter', { stext: 'ab' })).status).toBe(400);
  });

  it('shows the details of an own job and 404 for another customer’s or a missing one', async () => {
    const mine = await customerJob(t.db, me, { status: 'SIGNED_OFF' });
    const theirs = await customerJob(t.db, other);
    const res = await call(t.app, { url: url(`${mine}/details`), cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.json.customerportal.data).toMatchObject({ job_id: mine, job_status: null, js_id: me.js_id });
    const theirsRes = await call(t.app, { url: url(`${theirs}/details`), cookie });
    const missing = await call(t.app, { url: url('2147483000/details'), cookie });
    expect(theirsRes.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(theirsRes.json.customerportal.dbErrors).toEqual(missing.json.customerportal.dbErrors);
  });

  it('is for customers only', async () => {
    const staff = await login(t.app, 'localhost', 'operator@demo.test');
    const res = await post('filter', {}, staff);
    expect(res.status).toBe(403);
    expect(res.json.customerportal.dbErrors[0].general).toBe('role');
  });
});

describe('customer portal: requesting and changing jobs', () => {
  it('requests a job on an own site: numbered, theirs, default operators assigned and notified', async () => {
    const res = await post('insert', { js_id: me.js_id, job_desc: 'Boiler makes a noise', job_details: 'Since Monday' });
    expect(res.status, res.text).toBe(201);
    const job = res.json.customerportal.data;
    expect(job).toMatchObject({ job_desc: 'Boiler makes a noise', job_status: 'QUOTED', js_id: me.js_id, co_name: expect.any(String) });
    expect(job.job_number).toMatch(/\d/);
    const stored = await brandJobs(t.db).selectFrom('jobs').selectAll().where('job_id', '=', job.job_id).executeTakeFirstOrThrow();
    expect(stored.customer_us_id).toBe(me.us_id);
    expect(stored.co_id).toBe(me.co_id);
    const assigned = await brandJobs(t.db).selectFrom('job_assigned_users').select('us_id').where('job_id', '=', job.job_id).execute();
    expect(assigned.map((a) => a.us_id)).toEqual([operatorId]);
    const sent = await notificationsOf(t.db, job.job_id, 'CUSTOMER_NEW_JOB');
    expect(sent.map((n) => n.us_id)).toEqual([operatorId]);
    expect(sent[0].created_by).toBe(me.us_id);
  });

  it('notifies every operator when the customer has no default operator', async () => {
    const otherCookie = await login(t.app, 'localhost', other.email);
    const res = await post('insert', { js_id: other.js_id, job_desc: 'Window stuck' }, otherCookie);
    expect(res.status, res.text).toBe(201);
    const sent = await notificationsOf(t.db, res.json.customerportal.data.job_id, 'CUSTOMER_NEW_JOB');
    expect(sent.map((n) => n.us_id)).toEqual(expect.arrayContaining([operatorId, operator2Id]));
  });

  it('refuses another customer’s site (404), staff fields and a missing description, writing nothing', async () => {
    const count = async () =>
      Number(
        (
          await brandJobs(t.db)
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect((await post('insert', { js_id: other.js_id, job_desc: 'Not mine' })).status).toBe(404);
    expect((await post('insert', { js_id: me.js_id, job_desc: 'x', co_id: other.co_id })).status).toBe(404);
    for (const extra of [{ job_status: 'APPROVED' }, { de_id: 1 }, { engineers: [{ us_id: operatorId, is_lead: true }] }, { customer_us_id: other.us_id }]) {
      const res = await post('insert', { js_id: me.js_id, job_desc: 'With a staff field', ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.json.customerportal.dbErrors[0]).toMatchObject({ error: 'VALIDATION', details: Object.keys(extra)[0], primary: 'Invalid value' });
    }
    const noDesc = await post('insert', { js_id: me.js_id });
    expect(noDesc.status).toBe(400);
    expect(noDesc.json.customerportal.dbErrors[0]).toMatchObject({ details: 'job_desc', primary: 'Field is required!' });
    expect(await count()).toBe(before);
  });

  it('changes the texts of an own job (notifying the office) but never its status', async () => {
    const job = await customerJob(t.db, me, { status: 'BOOKED' });
    const res = await call(t.app, {
      method: 'PATCH',
      url: url(`${job}/update`),
      cookie,
      body: { job_desc: 'Now it leaks more', job_number: 'ignored', quote: null },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.customerportal.data.job_desc).toBe('Now it leaks more');
    const sent = await notificationsOf(t.db, job, 'CUSTOMER_JOB_UPDATE');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.map((n) => n.us_id)).not.toContain(me.us_id);

    const status = await call(t.app, { method: 'PATCH', url: url(`${job}/update`), cookie, body: { job_desc: 'sneaky', job_status: 'COMPLETED' } });
    expect(status.status).toBe(403);
    expect(status.json.customerportal.dbErrors[0].primary).toBe('You are not allowed to modify this job.');
    const stored = await brandJobs(t.db).selectFrom('jobs').select(['job_status', 'job_desc']).where('job_id', '=', job).executeTakeFirstOrThrow();
    expect(stored).toEqual({ job_status: 'BOOKED', job_desc: 'Now it leaks more' });

    const theirs = await customerJob(t.db, other);
    expect((await call(t.app, { method: 'PATCH', url: url(`${theirs}/update`), cookie, body: { job_desc: 'x' } })).status).toBe(404);
  });
});

describe('customer portal: quote, message, calendar', () => {
  async function quotedJob(c: CustomerWorld) {
    const job = await customerJob(t.db, c, { status: 'QUOTED' });
    const { jss_id } = await brandJobs(t.db)
      .insertInto('job_sales_sections')
      .values({ job_id: job, jss_title: 'Repair', jss_invoice_type: 'QUOTE' })
      .returning('jss_id')
      .executeTakeFirstOrThrow();
    await brandJobs(t.db)
      .insertInto('job_sales_items')
      .values({ jss_id, sales_kind: 'sales', description: 'Labour', qty: 2, net_unit_cost: 10, net_unit_sales: 60, tax_rate: 20, net_amount: '120.00' })
      .execute();
    return job;
  }

  it('approves a waiting quote once, recording who and when, and tells the office', async () => {
    const job = await quotedJob(me);
    const before = await call(t.app, { url: url(`${job}/details`), cookie });
    expect(before.json.customerportal.data.quote).toMatchObject({ awaiting: true, decision: null, net_total: '120.00' });

    const res = await post(`${job}/quotedecision`, { decision: 'approve', name: 'Pat Customer' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.customerportal.data.quote).toMatchObject({ awaiting: false, decision: 'approve', name: 'Pat Customer', decided_at: expect.any(String) });
    const rows = await decisionsOf([job]);
    expect(rows).toEqual([expect.objectContaining({ us_id: me.us_id, jqd_decision: 'approve', jqd_name: 'Pat Customer' })]);
    const sent = await notificationsOf(t.db, job, 'CUSTOMER_JOB_UPDATE');
    expect(sent.map((n) => n.notif_params)).toContainEqual(expect.objectContaining({ quote: 'approve', name: 'Pat Customer' }));
    // The status is the office's to change.
    const stored = await brandJobs(t.db).selectFrom('jobs').select('job_status').where('job_id', '=', job).executeTakeFirstOrThrow();
    expect(stored.job_status).toBe('QUOTED');

    const again = await post(`${job}/quotedecision`, { decision: 'decline', name: 'Pat Customer' });
    expect(again.status).toBe(409);
  });

  it('gives the job’s quote as a PDF, and 404 for another customer’s', async () => {
    const job = await quotedJob(me);
    const details = await call(t.app, { url: url(`${job}/details`), cookie });
    const [section] = details.json.customerportal.data.sales_documents as { jss_id: number; jss_invoice_type: string }[];
    expect(section.jss_invoice_type).toBe('QUOTE');
    const pdf = await call(t.app, { url: url(`${job}/salessections/${section.jss_id}/pdf`), cookie });
    expect(pdf.status, pdf.text).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.text.startsWith('%PDF')).toBe(true);
    const theirs = await quotedJob(other);
    const theirSection = await brandJobs(t.db).selectFrom('job_sales_sections').select('jss_id').where('job_id', '=', theirs).executeTakeFirstOrThrow();
    expect((await call(t.app, { url: url(`${theirs}/salessections/${theirSection.jss_id}/pdf`), cookie })).status).toBe(404);
    // Another job's section under an own job is 404 too.
    expect((await call(t.app, { url: url(`${job}/salessections/${theirSection.jss_id}/pdf`), cookie })).status).toBe(404);
  });

  it('refuses a decision without a quote, a bad body and another customer’s job', async () => {
    const noQuote = await customerJob(t.db, me, { status: 'QUOTED' });
    expect((await post(`${noQuote}/quotedecision`, { decision: 'approve', name: 'Pat' })).status).toBe(409);
    const job = await quotedJob(me);
    const bad = await post(`${job}/quotedecision`, { decision: 'maybe', name: 'Pat' });
    expect(bad.status).toBe(400);
    expect(bad.json.customerportal.dbErrors[0].details).toBe('decision');
    const noName = await post(`${job}/quotedecision`, { decision: 'approve', name: '  ' });
    expect(noName.status).toBe(400);
    expect(noName.json.customerportal.dbErrors[0].details).toBe('name');
    const theirs = await quotedJob(other);
    expect((await post(`${theirs}/quotedecision`, { decision: 'approve', name: 'Pat' })).status).toBe(404);
    expect(await decisionsOf([job, theirs, noQuote])).toEqual([]);
  });

  it('sends a message to the job’s operators', async () => {
    const job = await customerJob(t.db, me);
    const res = await post(`${job}/message`, { text: 'Please ring before you come.' });
    expect(res.status, res.text).toBe(201);
    const sent = await notificationsOf(t.db, job, 'CUSTOMER_JOB_UPDATE');
    expect(sent.map((n) => n.notif_params)).toContainEqual(expect.objectContaining({ message: 'Please ring before you come.' }));
    expect((await post(`${job}/message`, { text: '' })).status).toBe(400);
    const theirs = await customerJob(t.db, other);
    expect((await post(`${theirs}/message`, { text: 'Hello' })).status).toBe(404);
    expect(await notificationsOf(t.db, theirs, 'CUSTOMER_JOB_UPDATE')).toEqual([]);
  });

  it('gives the appointment as an .ics file', async () => {
    const job = await customerJob(t.db, me, { start: new Date('2026-12-03T09:00:00Z'), end: new Date('2026-12-03T11:30:00Z'), desc: 'Gutter, clear; check' });
    const res = await call(t.app, { url: url(`${job}/ics`), cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.text).toContain('DTSTART:20261203T090000Z');
    expect(res.text).toContain('DTEND:20261203T113000Z');
    expect(res.text).toContain('Gutter\\, clear\\; check');
    const none = await customerJob(t.db, me);
    expect((await call(t.app, { url: url(`${none}/ics`), cookie })).status).toBe(409);
    const theirs = await customerJob(t.db, other, { start: new Date('2026-12-03T09:00:00Z') });
    expect((await call(t.app, { url: url(`${theirs}/ics`), cookie })).status).toBe(404);
  });
});

describe('customer portal: the demo customer', () => {
  it('has a quote to decide on and a job with a document they can open', async () => {
    const demo = await login(t.app, 'localhost', 'customer@demo.test');
    const list = await call(t.app, { method: 'POST', url: url('filter?limit=100'), cookie: demo, body: {} });
    const jobs = list.json.customerportal.data as { job_id: number }[];
    expect(jobs.length).toBeGreaterThan(0);
    const details = await Promise.all(jobs.map((j) => call(t.app, { url: url(`${j.job_id}/details`), cookie: demo })));
    expect(details.some((d) => d.json.customerportal.data.quote.awaiting)).toBe(true);
    const documents = await Promise.all(jobs.map((j) => call(t.app, { method: 'POST', url: url(`${j.job_id}/documents/filter`), cookie: demo, body: {} })));
    const files = documents.flatMap((d) => d.json.customerportal.data as { name: string }[]);
    expect(files.map((f) => f.name)).toContain('Inspection report.pdf');
  });
});
