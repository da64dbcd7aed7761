/**
 * googledrive/jobfolder against the run's local provider server: a job's own Drive folder made or
 * linked with a user's sandbox account, its files listed for that user, its name and owner only
 * for a colleague without the account, and the job and gate rules.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobDriveFolder } from '../../../core/google/drive';
import { providerControl, type ProviderControl } from '../../../providers/control';
import { makeJob } from '../../jobs/sales/testJobs';
import { call, login, sandboxProviders, uniqueName, useTestApp, useTestBrand } from '../../test/helpers';
import { connectGoogle } from '../testConnect';

const t = useTestApp();
const own = useTestBrand(t);
let control: ProviderControl;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  control = providerControl(sandboxProviders());
  // makeJob files its jobs under the brand's first department; a fresh brand has none.
  await t.db.withSchema(own.brand.schema).insertInto('departments').values({ de_name: 'Drive jobs', de_prefix: 'DJ' }).execute();
  for (const role of ['operator', 'user', 'engineer']) cookies[role] = await login(t.app, own.brand.host, `${role}@demo.test`);
});

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, body?: unknown) =>
  call(t.app, { method, url, body, cookie, host: own.brand.host });

async function connected(cookie = cookies.operator) {
  const email = `${uniqueName('jobdrive')}@example.com`;
  const account = await connectGoogle(t.app, own.brand.host, cookie, email);
  return { ...account, email };
}

async function folderOf(jobId: number, cookie = cookies.operator): Promise<JobDriveFolder | null> {
  const res = await req('GET', `/api/googledrive/jobfolder/${jobId}`, cookie);
  expect(res.status, res.text).toBe(200);
  return res.json.googledrive.data;
}

describe('googledrive/jobfolder', () => {
  it('creates a folder named after the job in My Drive and lists the files put in it', async () => {
    const a = await connected();
    const desc = uniqueName('Boiler service');
    const jobId = await makeJob(t.db, { schema: own.brand.schema, desc: `${desc}\nsecond line` });
    expect(await folderOf(jobId)).toBeNull();

    const made = await req('POST', '/api/googledrive/jobfolder', cookies.operator, { job_id: jobId, ga_id: a.ga_id });
    expect(made.status, made.text).toBe(201);
    const folder = made.json.googledrive.data as JobDriveFolder;
    expect(folder.name).toMatch(new RegExp(`^T-.+ ${desc}$`));
    expect(folder).toMatchObject({ job_id: jobId, ga_id: a.ga_id, email: a.email, access: 'ok', files: [] });
    expect(folder.linked_by_name).toBeTruthy();

    const drive = (await control.google.state(a.email)) as unknown as {
      rootId: string;
      files: { id: string; name: string; parents: string[]; mimeType: string }[];
    };
    const atGoogle = drive.files.find((f) => f.id === folder.folderId);
    expect(atGoogle).toMatchObject({ name: folder.name, mimeType: 'application/vnd.google-apps.folder', parents: [drive.rootId] });

    await control.google.addFile(a.email, { name: 'site-survey.txt', mimeType: 'text/plain', parent: folder.folderId, content: 'survey notes' });
    const listed = await folderOf(jobId);
    expect(listed?.files.map((f) => [f.name, f.size])).toEqual([['site-survey.txt', 12]]);
    const file = listed!.files[0];
    const bytes = await req('GET', `/api/googledrive/download/${a.ga_id}/${file.id}`, cookies.operator);
    expect(bytes.status).toBe(200);
    expect(bytes.text).toBe('survey notes');
  });

  it('links an existing folder, refuses a file, a second folder and an unknown job', async () => {
    const a = await connected();
    const jobId = await makeJob(t.db, { schema: own.brand.schema });
    const drive = (await control.google.state(a.email)) as unknown as { files: { id: string; name: string }[] };
    const jobs = drive.files.find((f) => f.name === 'Jobs')!;
    const welcome = drive.files.find((f) => f.name === 'Welcome to the sandbox.txt')!;

    const notFolder = await req('POST', '/api/googledrive/jobfolder', cookies.operator, { job_id: jobId, ga_id: a.ga_id, folderId: welcome.id });
    expect(notFolder.status).toBe(400);
    expect(notFolder.json.googledrive.dbErrors[0].details).toBe('folderId');

    const linked = await req('POST', '/api/googledrive/jobfolder', cookies.operator, { job_id: jobId, ga_id: a.ga_id, folderId: jobs.id });
    expect(linked.status, linked.text).toBe(201);
    expect(linked.json.googledrive.data).toMatchObject({ folderId: jobs.id, name: 'Jobs', access: 'ok' });
    expect(linked.json.googledrive.data.files.map((f: { name: string }) => f.name)).toEqual(['Site photos', 'Meeting notes', 'Price list 2026.csv']);

    const again = await req('POST', '/api/googledrive/jobfolder', cookies.operator, { job_id: jobId, ga_id: a.ga_id });
    expect(again.status).toBe(409);
    expect(again.json.googledrive.dbErrors[0].primary).toBe('This job already has a Google Drive folder; unlink it first.');

    const unknownJob = await req('POST', '/api/googledrive/jobfolder', cookies.operator, { job_id: 99999999, ga_id: a.ga_id });
    expect(unknownJob.status).toBe(404);
    const missingAccount = await req('POST', '/api/googledrive/jobfolder', cookies.operator, { job_id: jobId });
    expect(missingAccount.status).toBe(400);
  });

  it('shows a colleague without the account the folder’s name and owner, not its files, and refuses their account-less link', async () => {
    const a = await connected();
    const jobId = await makeJob(t.db, { schema: own.brand.schema });
    const made = await req('POST', '/api/googledrive/jobfolder', cookies.operator, { job_id: jobId, ga_id: a.ga_id });
    expect(made.status, made.text).toBe(201);
    await control.google.addFile(a.email, { name: 'private.txt', mimeType: 'text/plain', parent: made.json.googledrive.data.folderId, content: 'x' });

    const seen = await folderOf(jobId, cookies.user);
    expect(seen).toMatchObject({ name: made.json.googledrive.data.name, email: a.email, access: 'none', files: [] });
    // Someone else's account is as absent as none: they cannot use it to make or read the folder.
    const borrowed = await req('POST', '/api/googledrive/jobfolder', cookies.user, {
      job_id: await makeJob(t.db, { schema: own.brand.schema }),
      ga_id: a.ga_id,
    });
    expect(borrowed.status).toBe(404);
    const engineer = await req('GET', `/api/googledrive/jobfolder/${jobId}`, cookies.engineer);
    expect(engineer.status).toBe(403);

    // The owner leaving the account out of their selection sees it as a colleague does.
    const toggled = await req('POST', '/api/googleaccounts/selection', cookies.operator, { ga_id: a.ga_id });
    expect(toggled.status, toggled.text).toBe(200);
    expect(await folderOf(jobId)).toMatchObject({ access: 'none', files: [] });
    await req('POST', '/api/googleaccounts/selection', cookies.operator, { ga_id: a.ga_id });
    expect((await folderOf(jobId))?.files.map((f) => f.name)).toEqual(['private.txt']);
  });

  it('says when Drive no longer has the folder, and unlinks it leaving the folder in Drive', async () => {
    const a = await connected();
    const jobId = await makeJob(t.db, { schema: own.brand.schema });
    const made = await req('POST', '/api/googledrive/jobfolder', cookies.operator, { job_id: jobId, ga_id: a.ga_id });
    const folderId = made.json.googledrive.data.folderId as string;
    const trashed = await req('DELETE', `/api/googledrive/${a.ga_id}/${folderId}`, cookies.operator);
    expect(trashed.status, trashed.text).toBe(200);
    expect(await folderOf(jobId)).toMatchObject({ access: 'missing', files: [] });

    const gone = await req('DELETE', `/api/googledrive/jobfolder/${jobId}`, cookies.operator);
    expect(gone.status, gone.text).toBe(200);
    expect(await folderOf(jobId)).toBeNull();
    expect(((await control.google.state(a.email)) as unknown as { files: { id: string }[] }).files.map((f) => f.id)).toContain(folderId);
    const twice = await req('DELETE', `/api/googledrive/jobfolder/${jobId}`, cookies.operator);
    expect(twice.status).toBe(404);
  });
});
