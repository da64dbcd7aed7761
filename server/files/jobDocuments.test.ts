import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDb } from '../db/types';
import { call, createTestBrand, login, useTestApp } from '../test/helpers';
import { jobDb } from '../jobs/tables';
import { listJobDocuments } from './jobDocuments';
import { fileDb } from './tables';
import { jpeg, storeTree, makeJob, patchBrandConfig, upload, type UploadPart } from './testKit';

const root = path.join(os.tmpdir(), `files-jobs-${randomUUID()}`);
const t = useTestApp({ filesRoot: root });
type Brand = Awaited<ReturnType<typeof createTestBrand>>;
let a: Brand;
let b: Brand;
let cookie: string;
let job: { job_id: number; js_id: number };
let otherJob: { job_id: number; js_id: number };
interface Doc {
  file_id: number;
  fxj_id: number | null;
  f_grp_id: string;
  name: string;
  thumbs: number[];
  fxj_processed: boolean;
  fxj_visible_to_client: boolean;
}

const db = () => fileDb(brandDb(t.db, a.schema));
async function toJob(action: string, files: UploadPart[], jobId = job.job_id, fields: Record<string, string> = {}) {
  return upload(t.app, { url: `/api/jobs/${jobId}/${action}`, cookie, host: a.host, files, fields });
}
const patch = (url: string, body: unknown) => call(t.app, { method: 'PATCH', url, body, cookie, host: a.host });

beforeAll(async () => {
  [a, b] = await Promise.all([createTestBrand(t.db), createTestBrand(t.db)]);
  cookie = await login(t.app, a.host, 'operator@demo.test');
  job = await makeJob(t.db, a.schema, 'Main');
  otherJob = await makeJob(t.db, a.schema, 'Other');
});

afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('job document uploads', () => {
  it('files each upload call into its group, linked to the job, with thumbnails', async () => {
    const general = await toJob('generaldocuments', [
      { name: 'a.jpg', data: await jpeg(800, 600) },
      { name: 'b.jpg', data: await jpeg(500, 500) },
      { name: 'c.jpg', data: await jpeg(300, 300) },
    ]);
    expect(general.status).toBe(201);
    expect(general.headers['x-show-snackbar']).toBe('1');
    expect(general.json.jobs.data).toHaveLength(3);
    expect(general.json.jobs.data[0]).toMatchObject({ f_grp_id: 'GENERALDOCUMENTS', fxj_processed: false, fxj_visible_to_client: false });
    expect(general.json.jobs.data[0].thumbs.length).toBeGreaterThan(0);
    expect((await toJob('salesinvoices', [{ name: 'inv.txt', data: Buffer.from('invoice') }])).json.jobs.data[0].f_grp_id).toBe('QUOTES_INVOICES');
    expect((await toJob('purchaseinvoices', [{ name: 'pi.txt', data: Buffer.from('bill') }])).json.jobs.data[0].f_grp_id).toBe('PURCHASE_INVOICES');
    const wo = await toJob('workorders', [{ name: 'wo.txt', data: Buffer.from('order') }], job.job_id, { fxj_visible_to_client: '1' });
    expect(wo.json.jobs.data[0]).toMatchObject({ f_grp_id: 'WORKORDERS', fxj_visible_to_client: true });
  });

  it('lists them by group with paging (default 10), and over HTTP with files/filter job_id', async () => {
    const all = await listJobDocuments(db(), job.job_id, {});
    expect(all.total).toBe(6);
    expect(all.rows).toHaveLength(6);
    expect((await listJobDocuments(db(), job.job_id, { f_grp_id: 'GENERALDOCUMENTS', page: 2, size: 2 })).rows).toHaveLength(1);
    expect((await listJobDocuments(db(), otherJob.job_id, {})).total).toBe(0);
    const visible = await listJobDocuments(db(), job.job_id, { visibleToClientOnly: true });
    expect(visible.rows.map((r) => r.name)).toEqual(['wo.txt']);
    const http = await call(t.app, { method: 'POST', url: '/api/files/filter?totalcount=1', body: { job_id: job.job_id }, cookie, host: a.host });
    expect(http.json.files.metadata.totalCount).toBe(6);
  });

  it("shows the job site's documents in the JOBSITES group", async () => {
    await upload(t.app, {
      url: '/api/files/upload',
      cookie,
      host: a.host,
      files: [{ name: 'site-plan.txt', data: Buffer.from('plan') }],
      fields: { f_grp_id: 'JOBSITES', js_id: String(job.js_id) },
    });
    const sites = await listJobDocuments(db(), job.job_id, { f_grp_id: 'JOBSITES' });
    expect(sites.rows).toMatchObject([{ name: 'site-plan.txt', fxj_id: null, f_grp_id: 'JOBSITES' }]);
    expect((await listJobDocuments(db(), job.job_id, {})).total).toBe(7);
    expect((await listJobDocuments(db(), otherJob.job_id, { f_grp_id: 'JOBSITES' })).total).toBe(0);
  });

  it('refuses over the upload limit with 413 and keeps nothing', async () => {
    await patchBrandConfig(t.db, a.s_id, { maxUploadSizeMB: 0.5 });
    const before = await storeTree(t.app.fileStore, root);
    const res = await toJob('generaldocuments', [{ name: 'big.bin', data: Buffer.alloc(600 * 1024, 1) }]);
    expect(res.status).toBe(413);
    expect(res.json.jobs.dbErrors[0].primary).toBe('Max upload limit reached.');
    expect(await storeTree(t.app.fileStore, root)).toEqual(before);
    await patchBrandConfig(t.db, a.s_id, { maxUploadSizeMB: 20 });
  });
});

describe('flags and deleting', () => {
  it('switches visible-to-client and processed for links of this job only', async () => {
    const docs = (await listJobDocuments(db(), job.job_id, { f_grp_id: 'PURCHASE_INVOICES' })).rows as Doc[];
    const fxj = docs[0].fxj_id!;
    const shown = await patch(`/api/jobs/${job.job_id}/filevisibletoclient`, { fxj_ids: [fxj], fxj_visible_to_client: true });
    expect(shown.status).toBe(200);
    expect(shown.headers['x-show-snackbar']).toBe('1');
    const processed = await patch(`/api/jobs/${job.job_id}/costinvoices`, { fxj_ids: [fxj], fxj_processed: true });
    expect(processed.status).toBe(200);
    const after = (await listJobDocuments(db(), job.job_id, { f_grp_id: 'PURCHASE_INVOICES' })).rows[0];
    expect(after).toMatchObject({ fxj_processed: true, fxj_visible_to_client: true });

    const wrongJob = await patch(`/api/jobs/${otherJob.job_id}/costinvoices`, { fxj_ids: [fxj], fxj_processed: false });
    expect(wrongJob.json.jobs.dbErrors[0].details).toBe('fxj_ids');
    expect((await patch(`/api/jobs/${job.job_id}/costinvoices`, { fxj_ids: [fxj] })).json.jobs.dbErrors[0]).toMatchObject({
      details: 'fxj_processed',
      primary: 'Field is required!',
    });
    expect((await patch(`/api/jobs/${job.job_id}/costinvoices`, { fxj_ids: [], fxj_processed: true })).json.jobs.dbErrors[0].details).toBe('fxj_ids');
    expect((await patch(`/api/jobs/${job.job_id}/filevisibletoclient`, { fxj_ids: ['x'], fxj_visible_to_client: true })).json.jobs.dbErrors[0].details).toBe(
      'fxj_ids',
    );
    const flagErrors = async (body: unknown) =>
      (await patch(`/api/jobs/${job.job_id}/costinvoices`, body)).json.jobs.dbErrors.map((e: { details: string; primary: string }) => [e.details, e.primary]);
    expect(await flagErrors({ fxj_ids: [], fxj_processed: true })).toEqual([['fxj_ids', 'Field is required!']]);
    expect(await flagErrors({ fxj_ids: 'x', fxj_processed: true })).toEqual([['fxj_ids', 'Field is required!']]);
    expect(await flagErrors({ fxj_ids: Array.from({ length: 501 }, (_, i) => i + 1), fxj_processed: true })).toEqual([['fxj_ids', 'Invalid value']]);
    expect(await flagErrors({ fxj_ids: [0, 'x'], fxj_processed: true })).toEqual([['fxj_ids', 'Invalid value']]);
    expect(await flagErrors({ fxj_ids: [1] })).toEqual([['fxj_processed', 'Field is required!']]);
    expect(await flagErrors({ fxj_ids: [1], fxj_processed: 'yes' })).toEqual([['fxj_processed', 'Invalid value']]);
    expect(await flagErrors({ fxj_ids: [1], fxj_processed: true, job_id: 2 })).toEqual([['job_id', 'Invalid value']]);
    expect((await listJobDocuments(db(), job.job_id, { f_grp_id: 'PURCHASE_INVOICES' })).rows[0].fxj_processed).toBe(true);
  });

  it('deletes attachments: the link always, the file when nothing else links it', async () => {
    const docs = (await listJobDocuments(db(), job.job_id, { f_grp_id: 'GENERALDOCUMENTS' })).rows as Doc[];
    const [shared, alone] = docs;
    await db().insertInto('file_job_links').values({ file_id: shared.file_id, job_id: otherJob.job_id }).execute();
    const res = await call(t.app, {
      method: 'DELETE',
      url: `/api/jobs/${job.job_id}/attachments?file_ids=${shared.file_id},${alone.file_id}`,
      cookie,
      host: a.host,
    });
    expect(res.status).toBe(200);
    expect(res.json.jobs.data).toEqual({ file_ids: [shared.file_id, alone.file_id], deleted_file_ids: [alone.file_id] });
    expect((await listJobDocuments(db(), job.job_id, { f_grp_id: 'GENERALDOCUMENTS' })).total).toBe(1);
    expect((await listJobDocuments(db(), otherJob.job_id, {})).rows.map((r) => r.file_id)).toEqual([shared.file_id]);
    const again = await call(t.app, { method: 'DELETE', url: `/api/jobs/${job.job_id}/attachments?file_ids=${alone.file_id}`, cookie, host: a.host });
    expect(again.json.jobs.dbErrors[0].details).toBe('file_ids');
  });
});

describe('access', () => {
  it('answers 404 for a job of another brand or none', async () => {
    const cookieB = await login(t.app, b.host, 'operator@demo.test');
    const res = await upload(t.app, {
      url: `/api/jobs/${job.job_id}/generaldocuments`,
      cookie: cookieB,
      host: b.host,
      files: [{ name: 'x.txt', data: Buffer.from('x') }],
    });
    expect(res.status).toBe(404);
    expect(res.json.jobs.dbErrors[0].error).toBe('NOT_FOUND');
    expect(
      (
        await call(t.app, {
          method: 'PATCH',
          url: `/api/jobs/${job.job_id}/costinvoices`,
          body: { fxj_ids: [1], fxj_processed: true },
          cookie: cookieB,
          host: b.host,
        })
      ).status,
    ).toBe(404);
    expect((await call(t.app, { method: 'DELETE', url: `/api/jobs/${job.job_id}/attachments?file_ids=1`, cookie: cookieB, host: b.host })).status).toBe(404);
    expect((await toJob('workorders', [{ name: 'x.txt', data: Buffer.from('x') }], 99999999)).status).toBe(404);
  });

  it("refuses every document write to a user left off the job's assigned list (403 record)", async () => {
    const locked = await makeJob(t.db, a.schema, 'Locked');
    const jobs = jobDb(brandDb(t.db, a.schema));
    const admin = await jobs.selectFrom('users').select('us_id').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    await jobs.insertInto('job_assigned_users').values({ job_id: locked.job_id, us_id: admin.us_id }).execute();
    const notAllowed = { error: 'FORBIDDEN', general: 'record', primary: 'You are not allowed to modify this job.' };
    for (const action of ['generaldocuments', 'salesinvoices', 'purchaseinvoices', 'workorders']) {
      const res = await toJob(action, [{ name: 'x.txt', data: Buffer.from('x') }], locked.job_id);
      expect(res.status, action).toBe(403);
      expect(res.json.jobs.dbErrors[0]).toMatchObject(notAllowed);
    }
    const writes = [
      call(t.app, { method: 'PATCH', url: `/api/jobs/${locked.job_id}/costinvoices`, body: { fxj_ids: [1], fxj_processed: true }, cookie, host: a.host }),
      call(t.app, {
        method: 'PATCH',
        url: `/api/jobs/${locked.job_id}/filevisibletoclient`,
        body: { fxj_ids: [1], fxj_visible_to_client: true },
        cookie,
        host: a.host,
      }),
      call(t.app, { method: 'DELETE', url: `/api/jobs/${locked.job_id}/attachments?file_ids=1`, cookie, host: a.host }),
      call(t.app, { method: 'POST', url: `/api/jobs/${locked.job_id}/sendFileToDext`, body: { fxj_id: 1, file_id: 1 }, cookie, host: a.host }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status, res.text).toBe(403);
      expect(res.json.jobs.dbErrors[0]).toMatchObject(notAllowed);
    }
    expect((await listJobDocuments(db(), locked.job_id, {})).total).toBe(0);
    // An assigned user still writes.
    const adminCookie = await login(t.app, a.host, 'admin@demo.test');
    const ok = await upload(t.app, {
      url: `/api/jobs/${locked.job_id}/generaldocuments`,
      cookie: adminCookie,
      host: a.host,
      files: [{ name: 'ok.txt', data: Buffer.from('ok') }],
    });
    expect(ok.status, ok.text).toBe(201);
  });

  it('needs staff and job.enabled', async () => {
    const customer = await login(t.app, a.host, 'customer@demo.test');
    const refused = await upload(t.app, {
      url: `/api/jobs/${job.job_id}/generaldocuments`,
      cookie: customer,
      host: a.host,
      files: [{ name: 'x.txt', data: Buffer.from('x') }],
    });
    expect(refused.json.jobs.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', general: 'role' });
    await patchBrandConfig(t.db, a.s_id, { features: { job: { enabled: false } } });
    const off = await patch(`/api/jobs/${job.job_id}/filevisibletoclient`, { fxj_ids: [1], fxj_visible_to_client: true });
    expect(off.json.jobs.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', general: 'feature' });
    await patchBrandConfig(t.db, a.s_id, { features: { job: { enabled: true } } });
  });
});
