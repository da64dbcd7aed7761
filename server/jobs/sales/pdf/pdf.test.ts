import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, login, uniqueName, useTestApp } from '../../../test/helpers';
import { brandJobs, makeJob } from '../testJobs';
import { pdfText } from './pdfText';

const t = useTestApp();
// Acme Repairs: a brand without the accounting service (job.xero off) still quotes and invoices.
const ACME = 'site_2';
let acmeOperator = '';

const pdfUrl = (job: number, jss: number, query = '') => `/api/jobs/${job}/salessections/${jss}/pdf${query}`;

async function getPdf(url: string, cookie: string, host = ACME_HOST) {
  const res = await t.app.inject({ method: 'GET', url, headers: { host, cookie } });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload, json: () => res.json() };
}

/** An Acme job with a client and a site, and one QUOTE section with a row made through the API. */
async function acmeJobWithSection() {
  const db = brandJobs(t.db, ACME);
  const job = await makeJob(t.db, { schema: ACME, desc: 'Boiler service' });
  const client = await db
    .insertInto('contacts')
    .values({ co_type: 'CLIENT', co_name: 'Jane Doe', co_company: uniqueName('Doe Ltd') })
    .returning('co_id')
    .executeTakeFirstOrThrow();
  const site = await db
    .insertInto('jobsites')
    .values({ js_address: '2 Low Road', js_city: 'Leeds', js_postcode: 'LS1 1AA' })
    .returning('js_id')
    .executeTakeFirstOrThrow();
  await db.updateTable('jobs').set({ co_id: client.co_id, js_id: site.js_id }).where('job_id', '=', job).execute();
  const res = await call(t.app, {
    method: 'POST',
    url: `/api/jobs/${job}/sales`,
    host: ACME_HOST,
    cookie: acmeOperator,
    body: { jss_title: 'Taps', items: [{ sales_kind: 'quote', description: 'Mixer tap', qty: 3, net_unit_sales: '19.99', tax_rate: 20 }] },
  });
  expect(res.status, res.text).toBe(201);
  const number = (await db.selectFrom('jobs').select('job_number').where('job_id', '=', job).executeTakeFirstOrThrow()).job_number;
  return { job, jss: res.json.jobs.data.sections[0].jss_id as number, number };
}

beforeAll(async () => {
  acmeOperator = await login(t.app, ACME_HOST, 'operator@demo.test');
});

describe('GET jobs/{id}/salessections/{jss_id}/pdf', () => {
  it("answers the section as a quote PDF in the brand's name, with its totals", async () => {
    const { job, jss, number } = await acmeJobWithSection();
    const res = await getPdf(pdfUrl(job, jss), acmeOperator);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Quote-${number}-${jss}.pdf"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.subarray(0, 4).toString()).toBe('%PDF');
    const text = pdfText(res.body);
    // 3 × 19.99 = 59.97; 20 % tax 11.994 → 11.99; gross 71.96.
    for (const s of [
      'Acme Repairs',
      'Quote',
      `${number}-${jss}`,
      'Valid until',
      'Mixer tap',
      '£59.97',
      '£11.99',
      '£71.96',
      'Jane Doe',
      '2 Low Road',
      'LS1 1AA',
    ])
      expect(text).toContain(s);
  });

  it('prints the section as the invoice type asked for', async () => {
    const { job, jss, number } = await acmeJobWithSection();
    const invoice = await getPdf(pdfUrl(job, jss, '?type=INVOICE'), acmeOperator);
    expect(invoice.status).toBe(200);
    expect(invoice.headers['content-disposition']).toBe(`attachment; filename="Invoice-${number}-${jss}.pdf"`);
    expect(pdfText(invoice.body)).toContain('Due date');
    const advance = await getPdf(pdfUrl(job, jss, '?type=ADVANCE_PAYMENT'), acmeOperator);
    expect(advance.headers['content-disposition']).toBe(`attachment; filename="Invoice-${number}-${jss}.pdf"`);
    expect(pdfText(advance.body)).toContain('Advance payment invoice');
    const credit = await getPdf(pdfUrl(job, jss, '?type=CREDIT_NOTE'), acmeOperator);
    expect(credit.headers['content-disposition']).toBe(`attachment; filename="Credit note-${number}-${jss}.pdf"`);
    expect(pdfText(credit.body)).toContain('£71.96');
  });

  it("answers 404 for another job's section, a missing one, and another brand's job", async () => {
    const a = await acmeJobWithSection();
    const b = await acmeJobWithSection();
    expect((await getPdf(pdfUrl(a.job, b.jss), acmeOperator)).status).toBe(404);
    expect((await getPdf(pdfUrl(a.job, 2147483647), acmeOperator)).status).toBe(404);
    const demoOperator = await login(t.app, 'localhost', 'operator@demo.test');
    const other = await getPdf(pdfUrl(a.job, a.jss), demoOperator, 'localhost');
    expect(other.status).toBe(404);
    expect(other.json().jobs.dbErrors[0].error).toBe('NOT_FOUND');
  });

  it('refuses roles outside office staff (403) and no session (401)', async () => {
    const { job, jss } = await acmeJobWithSection();
    for (const email of ['customer@demo.test', 'engineer@demo.test', 'sales@demo.test']) {
      const res = await getPdf(pdfUrl(job, jss), await login(t.app, ACME_HOST, email));
      expect(res.status, email).toBe(403);
      expect(res.json().jobs.dbErrors[0].general).toBe('role');
    }
    expect((await getPdf(pdfUrl(job, jss), '')).status).toBe(401);
  });

  it("answers a bad type with the envelope's 400 'Invalid value' on type", async () => {
    const { job, jss } = await acmeJobWithSection();
    const res = await getPdf(pdfUrl(job, jss, '?type=BILL'), acmeOperator);
    expect(res.status).toBe(400);
    expect(res.json().jobs.dbErrors[0]).toMatchObject({ error: 'VALIDATION', details: 'type', primary: 'Invalid value' });
  });

  it('is declared in the OpenAPI document: a binary answer, the type list, the gate', async () => {
    const doc = await call(t.app, { url: '/api/docs/json', host: 'unknown-host.example' });
    const op = doc.json.paths['/api/jobs/{id}/salessections/{jss_id}/pdf'].get;
    expect(op.operationId).toBe('jobsSalessectionsPdf');
    expect(op.responses['200'].content['application/json'].schema).toMatchObject({ type: 'string', format: 'binary' });
    expect(op.parameters.find((p: { name: string }) => p.name === 'type').schema.enum).toEqual(['QUOTE', 'ADVANCE_PAYMENT', 'INVOICE', 'CREDIT_NOTE']);
  });
});
