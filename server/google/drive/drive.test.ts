/**
 * googledrive against the run's local provider server: each test connects a Google user of its own
 * (seeded with Jobs/Site photos/Invoices, a text file, a CSV and a Google Doc) and browses it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { allFeatures } from '../../../core/brand/types';
import { providerControl, type ProviderControl } from '../../../providers/control';
import { call, createTestBrand, login, sandboxProviders, uniqueName, useTestApp, useTestBrand } from '../../test/helpers';
import { connectGoogle } from '../testConnect';

const t = useTestApp();
const own = useTestBrand(t);
let control: ProviderControl;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  control = providerControl(sandboxProviders());
  for (const role of ['operator', 'user', 'engineer']) cookies[role] = await login(t.app, own.brand.host, `${role}@demo.test`);
});

const post = (url: string, body: unknown, cookie = cookies.operator) => call(t.app, { method: 'POST', url, body, cookie, host: own.brand.host });
const get = (url: string, cookie = cookies.operator) => call(t.app, { url, cookie, host: own.brand.host });
const del = (url: string, cookie = cookies.operator) => call(t.app, { method: 'DELETE', url, cookie, host: own.brand.host });

interface File {
  id: string;
  name: string;
  mimeType: string;
  size: number | null;
  modifiedTime: string | null;
  createdTime: string | null;
}

async function connected(cookie = cookies.operator) {
  const email = `${uniqueName('drive')}@example.com`;
  const account = await connectGoogle(t.app, own.brand.host, cookie, email);
  return { ...account, email };
}

async function folder(gaId: number, folderId: string, pageToken?: string): Promise<{ files: File[]; nextPageToken: string | null }> {
  const res = await post('/api/googledrive/filter', { ga_id: gaId, folderId, ...(pageToken ? { pageToken } : {}) });
  expect(res.status, res.text).toBe(200);
  return res.json.googledrive.data;
}

const byName = (files: File[], name: string) => {
  const f = files.find((x) => x.name === name);
  if (!f) throw new Error(`no ${name} in ${files.map((x) => x.name).join(', ')}`);
  return f;
};

describe('googledrive', () => {
  it('lists a folder folders first with the shown fields, and its sub-folders', async () => {
    const a = await connected();
    const root = await folder(a.ga_id, 'root');
    expect(root.files.map((f) => f.name)).toEqual(['Invoices', 'Jobs', 'Welcome to the sandbox.txt']);
    expect(root.nextPageToken).toBeNull();
    const welcome = byName(root.files, 'Welcome to the sandbox.txt');
    expect(welcome).toMatchObject({ mimeType: 'text/plain', size: 67 });
    expect(Date.parse(welcome.modifiedTime ?? '')).not.toBeNaN();
    expect(Date.parse(welcome.createdTime ?? '')).not.toBeNaN();
    expect(byName(root.files, 'Jobs')).toMatchObject({ mimeType: 'application/vnd.google-apps.folder', size: null });

    const jobs = await folder(a.ga_id, byName(root.files, 'Jobs').id);
    expect(jobs.files.map((f) => f.name)).toEqual(['Site photos', 'Meeting notes', 'Price list 2026.csv']);

    const folders = await post('/api/googledrive/listFolders', { ga_id: a.ga_id });
    expect(folders.status, folders.text).toBe(200);
    expect(folders.json.googledrive.data.map((f: File) => f.name)).toEqual(['Invoices', 'Jobs']);
    const inJobs = await post('/api/googledrive/listFolders', { ga_id: a.ga_id, folderId: byName(root.files, 'Jobs').id });
    expect(inJobs.json.googledrive.data.map((f: File) => f.name)).toEqual(['Site photos']);
  });

  it('pages a large folder 100 at a time with the next page token', async () => {
    const a = await connected();
    const big = (await control.google.addFile(a.email, { name: 'Big', mimeType: 'application/vnd.google-apps.folder' })) as { id: string };
    for (let i = 0; i < 105; i++) {
      await control.google.addFile(a.email, { name: `f${String(i).padStart(3, '0')}.txt`, mimeType: 'text/plain', parent: big.id, content: 'x' });
    }
    const first = await folder(a.ga_id, big.id);
    expect(first.files).toHaveLength(100);
    expect(first.files[0].name).toBe('f000.txt');
    expect(first.nextPageToken).toEqual(expect.any(String));
    const second = await folder(a.ga_id, big.id, first.nextPageToken!);
    expect(second.files.map((f) => f.name)).toEqual(['f100.txt', 'f101.txt', 'f102.txt', 'f103.txt', 'f104.txt']);
    expect(second.nextPageToken).toBeNull();
  });

  it('streams a file’s bytes and exports a Google Doc as PDF', async () => {
    const a = await connected();
    const root = await folder(a.ga_id, 'root');
    const welcome = byName(root.files, 'Welcome to the sandbox.txt');
    const file = await get(`/api/googledrive/download/${a.ga_id}/${welcome.id}`);
    expect(file.status, file.text).toBe(200);
    expect(file.text).toBe('This Drive is the local sandbox: nothing here leaves this machine.\n');
    expect(file.headers['content-type']).toContain('text/plain');
    expect(file.headers['content-disposition']).toBe('attachment; filename="Welcome to the sandbox.txt"');

    const jobs = await folder(a.ga_id, byName(root.files, 'Jobs').id);
    const doc = await get(`/api/googledrive/download/${a.ga_id}/${byName(jobs.files, 'Meeting notes').id}`);
    expect(doc.status, doc.text).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toBe('attachment; filename="Meeting notes.pdf"');
    expect(doc.text.startsWith('%PDF-')).toBe(true);
    expect(doc.text).toContain('Boiler service round');

    const folderDownload = await get(`/api/googledrive/download/${a.ga_id}/${byName(root.files, 'Jobs').id}`);
    expect(folderDownload.status).toBe(400);
    expect(folderDownload.json.googledrive.dbErrors[0].primary).toMatch(/^This Google file cannot be downloaded/);

    const missing = await get(`/api/googledrive/download/${a.ga_id}/nosuchfile`);
    expect(missing.status).toBe(404);
    expect(missing.json.googledrive.dbErrors[0].error).toBe('NOT_FOUND');
  });

  it('moves a file to the trash: gone from its folder, trashed at Google', async () => {
    const a = await connected();
    const root = await folder(a.ga_id, 'root');
    const welcome = byName(root.files, 'Welcome to the sandbox.txt');
    const gone = await del(`/api/googledrive/${a.ga_id}/${welcome.id}`);
    expect(gone.status, gone.text).toBe(200);
    expect(gone.json.googledrive.data).toMatchObject({ id: welcome.id, name: welcome.name });
    expect((await folder(a.ga_id, 'root')).files.map((f) => f.name)).toEqual(['Invoices', 'Jobs']);
    const remote = (await control.google.state(a.email)).files.find((f) => f.id === welcome.id);
    expect(remote).toMatchObject({ trashed: true });
  });

  it('another user’s ga_id is 404 on every call, and nothing is done at Google', async () => {
    const a = await connected(cookies.operator);
    const root = await folder(a.ga_id, 'root');
    const welcome = byName(root.files, 'Welcome to the sandbox.txt');
    const other = cookies.user;
    expect((await post('/api/googledrive/filter', { ga_id: a.ga_id, folderId: 'root' }, other)).status).toBe(404);
    expect((await post('/api/googledrive/listFolders', { ga_id: a.ga_id }, other)).status).toBe(404);
    expect((await get(`/api/googledrive/download/${a.ga_id}/${welcome.id}`, other)).status).toBe(404);
    expect((await del(`/api/googledrive/${a.ga_id}/${welcome.id}`, other)).status).toBe(404);
    expect((await post('/api/googledrive/sync', { ga_id: a.ga_id }, other)).status).toBe(404);
    expect((await post('/api/googledrive/filter', { ga_id: 999999, folderId: 'root' })).status).toBe(404);
    const remote = (await control.google.state(a.email)).files.find((f) => f.id === welcome.id);
    expect(remote).toMatchObject({ trashed: false });
  });

  it('asks for the Google login without a selected account; refuses bad input, engineers and a brand without Drive', async () => {
    const none = await post('/api/googledrive/sync', {}, cookies.engineer);
    expect(none.status).toBe(403);
    const brand = await createTestBrand(t.db, allFeatures(true));
    const cookie = await login(t.app, brand.host, 'operator@demo.test');
    const noAccount = await call(t.app, { method: 'POST', url: '/api/googledrive/sync', body: {}, cookie, host: brand.host });
    expect(noAccount.status).toBe(409);
    expect(noAccount.json.googledrive.dbErrors[0].primary).toBe('Google login/connection is required!');

    const a = await connected(cookies.user);
    await post('/api/googleaccounts/selection', { ga_id: a.ga_id }, cookies.user);
    const deselected = await post('/api/googledrive/filter', { ga_id: a.ga_id, folderId: 'root' }, cookies.user);
    expect(deselected.status).toBe(409);
    expect(deselected.json.googledrive.dbErrors[0].primary).toBe('Google login/connection is required!');
    await post('/api/googleaccounts/selection', { ga_id: a.ga_id }, cookies.user);

    expect((await post('/api/googledrive/filter', { ga_id: a.ga_id }, cookies.user)).status).toBe(400);
    expect((await post('/api/googledrive/filter', { ga_id: a.ga_id, folderId: "x' or '1" }, cookies.user)).status).toBe(400);
    expect((await get(`/api/googledrive/download/abc/file`, cookies.user)).status).toBe(400);

    const features = allFeatures(true);
    features.google = { tasks: true, drive: false };
    const off = await createTestBrand(t.db, features);
    const offCookie = await login(t.app, off.host, 'operator@demo.test');
    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/googledrive/filter',
      body: { ga_id: a.ga_id, folderId: 'root' },
      cookie: offCookie,
      host: off.host,
    });
    expect(refused.status).toBe(403);
    expect(refused.json.googledrive.dbErrors[0].general).toBe('feature');
  });

  it('answers Google’s quota (403 userRateLimitExceeded and 429) with a clear error and when to retry, and holds off until then', async () => {
    for (const status of [403, 429] as const) {
      const a = await connected();
      await control.google.quota({ status, operationId: 'drive.files.list' });
      const res = await post('/api/googledrive/filter', { ga_id: a.ga_id, folderId: 'root' });
      expect(res.status).toBe(429);
      const error = res.json.googledrive.dbErrors[0];
      expect(error.error).toBe('GOOGLE_QUOTA');
      expect(error.primary).toMatch(/^Google’s quota for this account is used up for now; try again in \d+ s\.$/);
      const retryAt = Date.parse(error.details);
      expect(retryAt).toBeGreaterThan(Date.now());
      // Until then the account's calls are refused here, without asking Google again.
      const calls = (await control.google.state(a.email)).calls.length;
      const again = await post('/api/googledrive/filter', { ga_id: a.ga_id, folderId: 'root' });
      expect(again.status).toBe(429);
      expect(again.json.googledrive.dbErrors[0]).toMatchObject({ error: 'GOOGLE_QUOTA', details: error.details });
      expect((await control.google.state(a.email)).calls).toHaveLength(calls);
    }
  });

  it('syncs through the change list: the first records the start, the next answers what changed', async () => {
    const a = await connected();
    const first = await post('/api/googledrive/sync', { ga_id: a.ga_id });
    expect(first.status, first.text).toBe(200);
    expect(first.json.googledrive.data).toEqual([{ ga_id: a.ga_id, initial: true, changes: [], error: null }]);

    const added = (await control.google.addFile(a.email, { name: 'New quote.txt', mimeType: 'text/plain', content: 'quote' })) as { id: string };
    const root = await folder(a.ga_id, 'root');
    await del(`/api/googledrive/${a.ga_id}/${byName(root.files, 'Welcome to the sandbox.txt').id}`);
    const second = await post('/api/googledrive/sync', {});
    expect(second.status, second.text).toBe(200);
    const mine = second.json.googledrive.data.find((r: { ga_id: number }) => r.ga_id === a.ga_id);
    expect(mine).toMatchObject({ initial: false, error: null });
    expect(mine.changes).toEqual([
      { fileId: added.id, removed: false, file: expect.objectContaining({ name: 'New quote.txt', mimeType: 'text/plain' }) },
      { fileId: byName(root.files, 'Welcome to the sandbox.txt').id, removed: true, file: null },
    ]);
    const third = await post('/api/googledrive/sync', { ga_id: a.ga_id });
    expect(third.json.googledrive.data[0]).toMatchObject({ initial: false, changes: [] });
    const listed = (await call(t.app, { url: '/api/googleaccounts/list', cookie: cookies.operator, host: own.brand.host })).json.googleaccounts.data;
    expect(listed.find((x: { ga_id: number }) => x.ga_id === a.ga_id).lastSyncAt).toEqual(expect.any(String));
  });

  it('a sync of all selected accounts records one account’s failure on it and still syncs the others', async () => {
    const a = await connected(own.admin);
    const b = await connected(own.admin);
    const all = async () => {
      const res = await post('/api/googledrive/sync', {}, own.admin);
      expect(res.status, res.text).toBe(200);
      return res.json.googledrive.data as { ga_id: number; initial: boolean; changes: unknown[]; error: string | null }[];
    };
    expect((await all()).map((r) => [r.ga_id, r.initial])).toEqual([
      [a.ga_id, true],
      [b.ga_id, true],
    ]);
    await control.google.addFile(b.email, { name: 'Only in b.txt', mimeType: 'text/plain', content: 'b' });
    await control.google.quota({ status: 429, operationId: 'drive.changes.list' });
    const [first, second] = await all();
    expect(first).toMatchObject({ ga_id: a.ga_id, changes: [], error: expect.stringMatching(/^Google’s quota for this account is used up/) });
    expect(second).toMatchObject({ ga_id: b.ga_id, error: null, changes: [expect.objectContaining({ removed: false })] });
    const listed = (await call(t.app, { url: '/api/googleaccounts/list', cookie: own.admin, host: own.brand.host })).json.googleaccounts.data;
    expect(listed.find((x: { ga_id: number }) => x.ga_id === a.ga_id).lastError).toMatch(/^Google’s quota/);
    expect(listed.find((x: { ga_id: number }) => x.ga_id === b.ga_id).lastError).toBeNull();
  });
});
