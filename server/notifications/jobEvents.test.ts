import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '../files/testKit';
import type { JobDb } from '../jobs/tables';
import { brandJobDb, demoIds, jobCalls, type DemoIds } from '../jobs/testKit';
import { DEMO_HOST, login, useTestApp } from '../test/helpers';

const root = path.join(os.tmpdir(), `job-events-${randomUUID()}`);
const t = useTestApp({ filesRoot: root });
const { req, create } = jobCalls(t);
let admin: string;
let engineer: string;
let customer: string;
let ids: DemoIds;
let db: JobDb;

beforeAll(async () => {
  [admin, engineer, customer] = await Promise.all(['admin', 'engineer', 'customer'].map((r) => login(t.app, DEMO_HOST, `${r}@demo.test`)));
  ids = await demoIds(t.db);
  db = await brandJobDb(t.db);
});

afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

/** A job assigned to the demo operator (its audience), with the demo engineer as lead on a site. */
async function assignedJob(desc: string, over: Record<string, unknown> = {}): Promise<{ job_id: number; job_number: string }> {
  return create(admin, {
    de_id: ids.departments[0].de_id,
    js_id: ids.sites[0],
    job_desc: desc,
    assigned: [ids.users.operator],
    engineers: [{ us_id: ids.users.engineer, is_lead: true }],
    ...over,
  });
}

async function notes(jobId: number, type?: string) {
  let q = db.selectFrom('notifications').select(['us_id', 'notif_type', 'notif_params', 'created_by']).where('job_id', '=', jobId);
  if (type) q = q.where('notif_type', '=', type);
  return q.orderBy('notif_id').execute();
}

describe('sales events raise NEW_PURCHASE_INVOICE and ADVANCE_PAYMENT', () => {
  it('an advance-payment section with purchase rows notifies the assigned users, not the actor', async () => {
    const job = await assignedJob('Advance and purchase');
    const added = await req('POST', `jobs/${job.job_id}/sales`, admin, {
      jss_invoice_type: 'ADVANCE_PAYMENT',
      items: [
        { sales_kind: 'purchase', qty: 1, net_unit_cost: '12.00' },
        { sales_kind: 'invoice', qty: 1, net_unit_sales: '30' },
      ],
    });
    expect(added.status, added.text).toBe(201);
    const jssId = added.json.jobs.data.sections[0].jss_id;
    expect(await notes(job.job_id, 'ADVANCE_PAYMENT')).toEqual([
      { us_id: ids.users.operator, notif_type: 'ADVANCE_PAYMENT', notif_params: { job_number: job.job_number, jss_id: jssId }, created_by: ids.users.admin },
    ]);
    expect(await notes(job.job_id, 'NEW_PURCHASE_INVOICE')).toEqual([
      expect.objectContaining({ us_id: ids.users.operator, notif_params: { job_number: job.job_number, jss_id: jssId, rows: 1 } }),
    ]);

    // Same purchase rows again: nothing new; one more purchase row: one more notice.
    const same = await req('PATCH', `jobs/${job.job_id}/sales/${jssId}`, admin, {
      jss_title: 'Deposit',
      items: [{ sales_kind: 'purchase', qty: 1, net_unit_cost: '12.00' }],
    });
    expect(same.status, same.text).toBe(200);
    expect(await notes(job.job_id, 'NEW_PURCHASE_INVOICE')).toHaveLength(1);
    await req('PATCH', `jobs/${job.job_id}/sales/${jssId}`, admin, {
      items: [
        { sales_kind: 'purchase', qty: 1 },
        { sales_kind: 'purchase', qty: 2 },
      ],
    });
    expect(await notes(job.job_id, 'NEW_PURCHASE_INVOICE')).toHaveLength(2);
    expect(await notes(job.job_id, 'ADVANCE_PAYMENT')).toHaveLength(1);
  });

  it('changing a section to an advance payment raises it; a quote without purchase rows raises nothing', async () => {
    const job = await assignedJob('Quote then advance');
    const added = await req('POST', `jobs/${job.job_id}/sales`, admin, {
      jss_invoice_type: 'QUOTE',
      items: [{ sales_kind: 'quote', qty: 1, net_unit_sales: '99' }],
    });
    expect(await notes(job.job_id, 'ADVANCE_PAYMENT')).toHaveLength(0);
    expect(await notes(job.job_id, 'NEW_PURCHASE_INVOICE')).toHaveLength(0);
    await req('PATCH', `jobs/${job.job_id}/sales/${added.json.jobs.data.sections[0].jss_id}`, admin, { jss_invoice_type: 'ADVANCE_PAYMENT' });
    expect(await notes(job.job_id, 'ADVANCE_PAYMENT')).toEqual([expect.objectContaining({ us_id: ids.users.operator, created_by: ids.users.admin })]);
  });

  it('a refused write raises nothing (a final section)', async () => {
    const job = await assignedJob('Final section');
    const added = await req('POST', `jobs/${job.job_id}/sales`, admin, { jss_invoice_type: 'QUOTE', jss_is_final: true });
    const refused = await req('PATCH', `jobs/${job.job_id}/sales/${added.json.jobs.data.sections[0].jss_id}`, admin, {
      jss_invoice_type: 'ADVANCE_PAYMENT',
      items: [{ sales_kind: 'purchase', qty: 1 }],
    });
    expect(refused.status).toBe(409);
    expect(await notes(job.job_id)).toEqual([]);
  });
});

describe('purchase invoice files raise NEW_PURCHASE_INVOICE', () => {
  it('for the operator group when nobody is assigned; other document groups raise nothing', async () => {
    const job = await create(admin, { de_id: ids.departments[0].de_id, job_desc: 'Bills' });
    const general = await upload(t.app, {
      url: `/api/jobs/${job.job_id}/generaldocuments`,
      cookie: admin,
      files: [{ name: 'note.txt', data: Buffer.from('hello') }],
    });
    expect(general.status, general.text).toBe(201);
    expect(await notes(job.job_id)).toEqual([]);
    const bill = await upload(t.app, {
      url: `/api/jobs/${job.job_id}/purchaseinvoices`,
      cookie: admin,
      files: [{ name: 'bill.txt', data: Buffer.from('bill') }],
    });
    expect(bill.status, bill.text).toBe(201);
    const raised = await notes(job.job_id, 'NEW_PURCHASE_INVOICE');
    const operatorGroup = await db
      .selectFrom('users')
      .select('us_id')
      .where('role', 'in', ['Operator', 'BemAccount', 'Procurement'])
      .where('is_hidden', '=', false)
      .execute();
    expect(raised.map((n) => n.us_id).sort()).toEqual(operatorGroup.map((u) => u.us_id).sort());
    expect(raised[0].notif_params).toEqual({ job_number: job.job_number, file_ids: [bill.json.jobs.data[0].file_id], names: ['bill.txt'] });
  });
});

describe('engineer reports raise TO_REPORT and REPORT_MISSING', () => {
  it("an engineer's report asks the assigned users to report to the client", async () => {
    const job = await assignedJob('Report to client');
    const sent = await req('POST', `engineerportal/${job.job_id}/reports`, engineer, { er_text: 'Valve replaced', er_hours: '1.5' });
    expect(sent.status, sent.text).toBe(201);
    expect(await notes(job.job_id, 'TO_REPORT')).toEqual([
      {
        us_id: ids.users.operator,
        notif_type: 'TO_REPORT',
        created_by: ids.users.engineer,
        notif_params: expect.objectContaining({ job_number: job.job_number, er_id: sent.json.engineerportal.data.er_id }),
      },
    ]);
  });

  it('completing a job whose engineer has not reported says the report is missing; with a report, nothing', async () => {
    const job = await assignedJob('Complete without report', { job_status: 'IN_PROGRESS' });
    const done = await req('PATCH', `jobs/${job.job_id}`, admin, { job_status: 'COMPLETED' });
    expect(done.status, done.text).toBe(200);
    expect(await notes(job.job_id, 'REPORT_MISSING')).toEqual([
      {
        us_id: ids.users.operator,
        notif_type: 'REPORT_MISSING',
        created_by: ids.users.admin,
        notif_params: expect.objectContaining({ job_status: 'COMPLETED', engineers: [ids.users.engineer] }),
      },
    ]);
    // Already finished: signing off does not say it again.
    await req('PATCH', `jobs/${job.job_id}`, admin, { job_status: 'SIGNED_OFF' });
    expect(await notes(job.job_id, 'REPORT_MISSING')).toHaveLength(1);

    const reported = await assignedJob('Complete with report', { job_status: 'IN_PROGRESS' });
    await req('POST', `engineerportal/${reported.job_id}/reports`, engineer, { er_text: 'All done' });
    await req('PATCH', `jobs/${reported.job_id}`, admin, { job_status: 'SIGNED_OFF' });
    expect(await notes(reported.job_id, 'REPORT_MISSING')).toEqual([]);
  });
});

describe("a customer's change raises CUSTOMER_JOB_UPDATE", () => {
  it('for the assigned users, naming the changed fields', async () => {
    const job = await assignedJob('Customer edits');
    expect((await req('POST', `jobs/${job.job_id}/assigncustomer`, admin, { us_id: ids.users.customer })).status).toBe(200);
    const changed = await req('PATCH', `jobs/${job.job_id}`, customer, { job_desc: 'Customer edits: also the hall light' });
    expect(changed.status, changed.text).toBe(200);
    expect(await notes(job.job_id, 'CUSTOMER_JOB_UPDATE')).toEqual([
      {
        us_id: ids.users.operator,
        notif_type: 'CUSTOMER_JOB_UPDATE',
        created_by: ids.users.customer,
        notif_params: { job_number: job.job_number, fields: ['job_desc'] },
      },
    ]);
  });
});
