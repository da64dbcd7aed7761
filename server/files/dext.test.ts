import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDb } from '../db/types';
import { startTestSmtp } from '../publicauth/testSmtp';
import { call, createTestBrand, login, useTestApp } from '../test/helpers';
import { listJobDocuments } from './jobDocuments';
import { fileDb } from './tables';
import { makeJob, patchBrandConfig, upload } from './testKit';

const root = path.join(os.tmpdir(), `files-dext-${randomUUID()}`);
const t = useTestApp({ filesRoot: root });
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let a: Awaited<ReturnType<typeof createTestBrand>>;
let cookie: string;
let job: { job_id: number };
let invoice: { fxj_id: number; file_id: number };
let general: { fxj_id: number; file_id: number };

const send = (body: unknown, jobId = job.job_id) => call(t.app, { method: 'POST', url: `/api/jobs/${jobId}/sendFileToDext`, body, cookie, host: a.host });

beforeAll(async () => {
  smtp = await startTestSmtp();
  a = await createTestBrand(t.db);
  cookie = await login(t.app, a.host, 'operator@demo.test');
  job = await makeJob(t.db, a.schema, 'Dext');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
  const pi = await upload(t.app, { url: `/api/jobs/${job.job_id}/purchaseinvoices`, cookie, host: a.host, files: [{ name: 'Bill 42.pdf', data: pdf }] });
  invoice = pi.json.jobs.data[0];
  const gd = await upload(t.app, {
    url: `/api/jobs/${job.job_id}/generaldocuments`,
    cookie,
    host: a.host,
    files: [{ name: 'note.txt', data: Buffer.from('n') }],
  });
  general = gd.json.jobs.data[0];
});

afterAll(async () => {
  await smtp?.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe('POST jobs/{id}/sendFileToDext', () => {
  it('says what is missing before the site is set up', async () => {
    const noAddress = await send({ fxj_id: invoice.fxj_id, file_id: invoice.file_id });
    expect(noAddress.status).toBe(409);
    expect(noAddress.json.jobs.dbErrors[0].primary).toBe('No receipt-processing address is set up for this site.');
    await sql`insert into ${sql.id(a.schema, 'site_config')} (sc_key, sc_value) values ('dextEmail', ${JSON.stringify('receipts@dext.test')})`.execute(t.db);
    const noServer = await send({ fxj_id: invoice.fxj_id, file_id: invoice.file_id });
    expect(noServer.json.jobs.dbErrors[0].primary).toBe('No default outgoing mail server is set up for this site.');
  });

  it('mails the purchase invoice as an attachment and marks it processed', async () => {
    await sql`insert into ${sql.id(a.schema, 'mailservers')} (mailserver_name, mailserver_host, mailserver_port, mailserver_from, mailserver_is_default)
              values ('system', '127.0.0.1', ${smtp.port}, 'office@brand.test', true)`.execute(t.db);
    const res = await send({ fxj_id: invoice.fxj_id, file_id: invoice.file_id });
    expect(res.status).toBe(200);
    expect(res.headers['x-show-snackbar']).toBe('1');
    const [mail] = await smtp.waitFor(1);
    expect(mail.to).toEqual(['receipts@dext.test']);
    expect(mail.raw).toContain('Content-Type: application/pdf');
    expect(mail.raw).toMatch(/filename="?Bill 42\.pdf"?/);
    const docs = await listJobDocuments(fileDb(brandDb(t.db, a.schema)), job.job_id, { f_grp_id: 'PURCHASE_INVOICES' });
    expect(docs.rows[0].fxj_processed).toBe(true);
  });

  it('sends purchase invoices of this job only', async () => {
    expect((await send({ fxj_id: general.fxj_id, file_id: general.file_id })).json.jobs.dbErrors[0].details).toBe('file_id');
    expect((await send({ fxj_id: invoice.fxj_id, file_id: general.file_id })).status).toBe(404);
    const other = await makeJob(t.db, a.schema, 'Elsewhere');
    expect((await send({ fxj_id: invoice.fxj_id, file_id: invoice.file_id }, other.job_id)).status).toBe(404);
    expect((await send({ fxj_id: 'x', file_id: invoice.file_id })).json.jobs.dbErrors[0]).toMatchObject({ details: 'fxj_id', primary: 'Invalid number' });
    expect((await send({ file_id: invoice.file_id })).json.jobs.dbErrors[0]).toMatchObject({ details: 'fxj_id', primary: 'Field is required!' });
    expect((await send({ fxj_id: invoice.fxj_id, file_id: 0 })).json.jobs.dbErrors).toEqual([
      { error: 'VALIDATION', primary: 'Invalid number', details: 'file_id', general: null },
    ]);
    expect((await send({ fxj_id: invoice.fxj_id, file_id: invoice.file_id, to: 'x@y.test' })).json.jobs.dbErrors).toEqual([
      { error: 'VALIDATION', primary: 'Invalid value', details: 'to', general: null },
    ]);
  });

  it('needs job.dext', async () => {
    await patchBrandConfig(t.db, a.s_id, { features: { job: { dext: false } } });
    const off = await send({ fxj_id: invoice.fxj_id, file_id: invoice.file_id });
    expect(off.json.jobs.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', general: 'feature' });
  });
});
