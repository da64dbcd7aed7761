import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, useTestApp } from '../test/helpers';
import { brandDb } from '../db/types';
import { fileDb } from '../files/tables';
import { brandJobs, DEMO_SCHEMA, makeJob, makeUser, userId } from '../jobs/sales/testJobs';
import { jpeg, upload, type UploadPart } from '../files/testKit';

const t = useTestApp({ filesRoot: path.join(os.tmpdir(), `engineer-uploads-${randomUUID()}`) });
let engineer = '';
let engineerId = 0;
let other = '';
let otherId = 0;
let operator = '';
interface Doc {
  file_id: number;
  name: string;
  f_grp_id: string;
  uploaded_by: number | null;
}

const send = (cookie: string, job: number, action: 'files' | 'invoices', files: UploadPart[], key?: string) =>
  upload(t.app, { url: `/api/engineerportal/${job}/${action}`, cookie, files, headers: key ? { 'idempotency-key': key } : {} });
const filesOfJob = (job: number) => fileDb(brandDb(t.db, DEMO_SCHEMA)).selectFrom('file_job_links').select('file_id').where('job_id', '=', job).execute();
const officeDocs = async (job: number, group: string) => {
  const res = await call(t.app, { method: 'POST', url: `/api/jobs/${job}/documents/filter?size=50`, cookie: operator, body: { f_grp_id: group } });
  expect(res.status, res.text).toBe(200);
  return res.json.jobs.data as Doc[];
};

beforeAll(async () => {
  engineer = await login(t.app, 'localhost', 'engineer@demo.test');
  engineerId = await userId(t.db, 'engineer@demo.test');
  const second = await makeUser(t.db, 'Engineer');
  otherId = second.us_id;
  other = await login(t.app, 'localhost', second.email);
  operator = await login(t.app, 'localhost', 'operator@demo.test');
});

describe('engineer uploads', () => {
  it('stores photos and documents on the engineer’s own job, and the office sees them in the job’s documents', async () => {
    const job = await makeJob(t.db, { engineers: [engineerId] });
    const photos = [
      { name: 'boiler.jpg', data: await jpeg(60, 40), type: 'image/jpeg' },
      { name: 'meter.jpg', data: await jpeg(40, 60, '#aa3300'), type: 'image/jpeg' },
    ];
    const res = await send(engineer, job, 'files', photos);
    expect(res.status, res.text).toBe(201);
    const added = (res.json as { engineerportal: { data: Doc[] } }).engineerportal.data;
    expect(added.map((d) => d.name).sort()).toEqual(['boiler.jpg', 'meter.jpg']);
    expect(added.every((d) => d.f_grp_id === 'GENERALDOCUMENTS' && d.uploaded_by === engineerId)).toBe(true);

    const office = await officeDocs(job, 'GENERALDOCUMENTS');
    expect(office.map((d) => d.name).sort()).toEqual(['boiler.jpg', 'meter.jpg']);
    const listed = await call(t.app, { url: `/api/engineerportal/${job}/getGeneralDocs`, cookie: engineer });
    expect(listed.status).toBe(200);
    expect((listed.json.engineerportal.data as Doc[]).map((d) => d.name).sort()).toEqual(['boiler.jpg', 'meter.jpg']);
  });

  it('files an invoice as a purchase invoice, lists only the engineer’s own invoices, and tells the office', async () => {
    const job = await makeJob(t.db, { engineers: [engineerId, otherId] });
    const pdf = { name: 'invoice-17.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' };
    const res = await send(engineer, job, 'invoices', [pdf]);
    expect(res.status, res.text).toBe(201);
    expect(await send(other, job, 'invoices', [{ ...pdf, name: 'theirs.pdf' }]).then((r) => r.status)).toBe(201);

    expect((await officeDocs(job, 'PURCHASE_INVOICES')).map((d) => d.name).sort()).toEqual(['invoice-17.pdf', 'theirs.pdf']);
    const mine = await call(t.app, { url: `/api/engineerportal/${job}/invoices`, cookie: engineer });
    expect((mine.json.engineerportal.data as Doc[]).map((d) => d.name)).toEqual(['invoice-17.pdf']);
    const note = await brandJobs(t.db)
      .selectFrom('notifications')
      .select('notif_type')
      .where('job_id', '=', job)
      .where('notif_type', '=', 'NEW_PURCHASE_INVOICE')
      .execute();
    expect(note.length).toBeGreaterThan(0);
  });

  it('refuses another engineer’s job: upload and lists answer 404 and nothing is stored', async () => {
    const theirs = await makeJob(t.db, { engineers: [otherId] });
    const res = await send(engineer, theirs, 'files', [{ name: 'x.jpg', data: await jpeg(10, 10), type: 'image/jpeg' }], randomUUID());
    expect(res.status).toBe(404);
    expect((await call(t.app, { url: `/api/engineerportal/${theirs}/getGeneralDocs`, cookie: engineer })).status).toBe(404);
    expect((await call(t.app, { url: `/api/engineerportal/${theirs}/invoices`, cookie: engineer })).status).toBe(404);
    expect(await filesOfJob(theirs)).toEqual([]);
    // Staff are not engineers: the portal's gate refuses them.
    expect((await send(operator, theirs, 'files', [{ name: 'y.jpg', data: await jpeg(10, 10), type: 'image/jpeg' }])).status).toBe(403);
  });

  it('a retry with the same Idempotency-Key stores nothing twice, also when both arrive at once', async () => {
    const job = await makeJob(t.db, { engineers: [engineerId] });
    const photo = { name: 'retry.jpg', data: await jpeg(30, 30), type: 'image/jpeg' };
    const key = randomUUID();
    const first = await send(engineer, job, 'files', [photo], key);
    expect(first.status, first.text).toBe(201);
    const firstId = (first.json as { engineerportal: { data: Doc[] } }).engineerportal.data[0].file_id;
    // The answer was lost (the signal dropped): the phone sends the same file under the same key.
    const retry = await send(engineer, job, 'files', [photo], key);
    expect(retry.status, retry.text).toBe(201);
    expect((retry.json as { engineerportal: { data: Doc[] } }).engineerportal.data.map((d) => d.file_id)).toEqual([firstId]);
    expect(await filesOfJob(job)).toHaveLength(1);

    const raceKey = randomUUID();
    const [a, b] = await Promise.all([send(engineer, job, 'files', [photo], raceKey), send(engineer, job, 'files', [photo], raceKey)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const ids = (r: typeof a) => (r.json as { engineerportal: { data: Doc[] } }).engineerportal.data.map((d) => d.file_id);
    expect(ids(a)).toEqual(ids(b));
    expect(await filesOfJob(job)).toHaveLength(2);

    // Without a key, or with a new one, the same bytes are a new upload.
    expect((await send(engineer, job, 'files', [photo], randomUUID())).status).toBe(201);
    expect(await filesOfJob(job)).toHaveLength(3);
  });

  it('keys are the engineer’s own: another engineer’s key or another job answers as its own, a bad key is refused', async () => {
    const job = await makeJob(t.db, { engineers: [engineerId, otherId] });
    const secondJob = await makeJob(t.db, { engineers: [engineerId] });
    const photo = { name: 'k.jpg', data: await jpeg(20, 20), type: 'image/jpeg' };
    const key = randomUUID();
    expect((await send(engineer, job, 'files', [photo], key)).status).toBe(201);
    // The same key from another engineer is theirs: a new file.
    expect((await send(other, job, 'files', [photo], key)).status).toBe(201);
    expect(await filesOfJob(job)).toHaveLength(2);
    // The engineer's key used again on another job: 409, nothing stored there.
    expect((await send(engineer, secondJob, 'files', [photo], key)).status).toBe(409);
    expect(await filesOfJob(secondJob)).toEqual([]);
    const bad = await send(engineer, job, 'files', [photo], 'no spaces allowed');
    expect(bad.status).toBe(400);
    expect((bad.json as { engineerportal: { dbErrors: { details: string }[] } }).engineerportal.dbErrors[0].details).toBe('Idempotency-Key');
  });
});
