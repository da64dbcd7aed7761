import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDb } from '../db/types';
import { call, createTestBrand, login, useTestApp } from '../test/helpers';
import { fileDb } from './tables';
import { jpeg, storeTree, makeJob, patchBrandConfig, upload, type UploadPart } from './testKit';

const root = path.join(os.tmpdir(), `files-routes-${randomUUID()}`);
const t = useTestApp({ filesRoot: root });
type Brand = Awaited<ReturnType<typeof createTestBrand>>;
let a: Brand;
let b: Brand;
let cookieA: string;
let cookieB: string;
interface Row {
  file_id: number;
  name: string;
  download_name: string;
  thumbs: number[];
  type: string;
  relations?: unknown;
}

async function put(files: UploadPart[], fields: Record<string, string> = {}, brand = a, cookie = cookieA): Promise<Row[]> {
  const res = await upload(t.app, { url: '/api/files/upload', cookie, host: brand.host, files, fields });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.files.data;
}
const get = (url: string, cookie = cookieA, host = a.host) => call(t.app, { url, cookie, host });
const raw = (url: string, cookie = cookieA, host = a.host) => t.app.inject({ url, headers: { host, cookie } });

beforeAll(async () => {
  [a, b] = await Promise.all([createTestBrand(t.db), createTestBrand(t.db)]);
  [cookieA, cookieB] = await Promise.all([login(t.app, a.host, 'operator@demo.test'), login(t.app, b.host, 'operator@demo.test')]);
});

afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('listing and filtering', () => {
  let ids: number[];
  beforeAll(async () => {
    const rows = await put(
      [
        { name: 'Quote 2026.pdf', data: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n') },
        { name: 'kitchen.jpg', data: await jpeg(600, 400) },
        { name: 'readme.txt', data: Buffer.from('Keys are with the concierge.') },
      ],
      { f_grp_id: 'QUOTES_INVOICES' },
    );
    await put([{ name: 'mine.txt', data: Buffer.from('mine') }]);
    ids = rows.map((r) => r.file_id);
  });

  it('lists newest first with a total, and filters by group, name text and type', async () => {
    const all = await get('/api/files/list?totalcount=1');
    expect(all.status).toBe(200);
    expect(all.json.files.metadata.totalCount).toBe(4);
    expect(all.json.files.data[0].name).toBe('mine.txt');
    const post = (body: unknown, q = '') => call(t.app, { method: 'POST', url: `/api/files/filter${q}`, body, cookie: cookieA, host: a.host });
    expect((await post({ f_grp_id: 'QUOTES_INVOICES' })).json.files.data).toHaveLength(3);
    expect((await post({ stext: 'kitch' })).json.files.data.map((r: Row) => r.name)).toEqual(['kitchen.jpg']);
    expect((await post({ stext: 'concierge' })).json.files.data).toHaveLength(0);
    expect((await post({ type: 'image' })).json.files.data.map((r: Row) => r.name)).toEqual(['kitchen.jpg']);
    expect((await post({ type: 'pdf' })).json.files.data.map((r: Row) => r.type)).toEqual(['application/pdf']);
    expect((await post({ type: 'text' })).json.files.data).toHaveLength(2);
    expect((await post({}, '?sort=name&limit=2&pagenumber=2')).json.files.data.map((r: Row) => r.name)).toEqual(['Quote 2026.pdf', 'readme.txt']);
    const group = await call(t.app, { method: 'POST', url: '/api/files/group/USER_FILES', body: {}, cookie: cookieA, host: a.host });
    expect(group.json.files.data.map((r: Row) => r.name)).toEqual(['mine.txt']);
  });

  it('refuses bad filters with the field named', async () => {
    const post = (body: unknown, q = '') => call(t.app, { method: 'POST', url: `/api/files/filter${q}`, body, cookie: cookieA, host: a.host });
    expect((await post({ stext: 'ab' })).json.files.dbErrors[0]).toMatchObject({ details: 'stext', primary: 'At least 3 characters' });
    expect((await post({ type: 'exe' })).json.files.dbErrors[0].details).toBe('type');
    expect((await post({ f_grp_id: 'X' })).json.files.dbErrors[0].details).toBe('f_grp_id');
    expect((await post({ colour: 1 })).json.files.dbErrors[0].details).toBe('colour');
    expect((await post({}, '?sort=password')).json.files.dbErrors[0].details).toBe('sort');
    expect((await call(t.app, { method: 'POST', url: '/api/files/group/NOPE', body: {}, cookie: cookieA, host: a.host })).status).toBe(400);
  });

  it('shows details with the uploader and, when the brand wants them, the relations', async () => {
    const job = await makeJob(t.db, a.schema, 'Rel');
    const [linked] = await put([{ name: 'site.txt', data: Buffer.from('x') }], { job_id: String(job.job_id), js_id: String(job.js_id) });
    const details = await get(`/api/files/${linked.file_id}/details`);
    expect(details.json.files.data).toMatchObject({
      name: 'site.txt',
      uploaded_by: a.users.Operator,
      relations: { jobs: [{ job_id: job.job_id }], sites: [{ js_id: job.js_id, js_address: 'Rel Street 1' }] },
    });
    expect(details.json.files.data.uploaded_by_name).toBeTruthy();
    await patchBrandConfig(t.db, a.s_id, { features: { file: { extendWithRelations: false } } });
    expect((await get(`/api/files/${linked.file_id}/details`)).json.files.data.relations).toBeUndefined();
    await patchBrandConfig(t.db, a.s_id, { features: { file: { extendWithRelations: true } } });
    expect((await get(`/api/files/${ids[0]}/details`)).json.files.data.relations).toEqual({ jobs: [], sites: [] });
  });
});

describe('rename and note', () => {
  it('renames and notes a file, and refuses path tricks and long values', async () => {
    const [row] = await put([{ name: 'a.txt', data: Buffer.from('a') }]);
    const patch = (body: unknown) => call(t.app, { method: 'PATCH', url: `/api/files/${row.file_id}`, body, cookie: cookieA, host: a.host });
    const ok = await patch({ name: 'Boiler report.txt', note: 'Checked by Sam', f_grp_id: 'WORKORDERS' });
    expect(ok.status).toBe(200);
    expect(ok.json.files.data).toMatchObject({ name: 'Boiler report.txt', note: 'Checked by Sam', f_grp_id: 'WORKORDERS' });
    for (const name of ['../etc/passwd', '/abs.txt', 'a\\b.txt', 'nul\u0000.txt', '..']) {
      const bad = await patch({ name });
      expect(bad.status).toBe(400);
      expect(bad.json.files.dbErrors[0]).toMatchObject({ details: 'name', primary: 'Invalid value' });
    }
    expect((await patch({ name: '' })).json.files.dbErrors[0].primary).toBe('Field is required!');
    expect((await patch({ name: 'x'.repeat(101) })).json.files.dbErrors[0].primary).toBe('Max. 100 chars!');
    expect((await patch({ note: 'x'.repeat(3001) })).json.files.dbErrors[0].primary).toBe('Max. 3000 chars!');
    expect((await patch({ note: '' })).json.files.data.note).toBeNull();
    expect((await call(t.app, { method: 'PATCH', url: '/api/files/99999999', body: { name: 'x' }, cookie: cookieA, host: a.host })).status).toBe(404);
  });
});

describe('downloads', () => {
  it('sends attachments with a safe Content-Disposition and nosniff', async () => {
    const [row] = await put([{ name: 'Résumé.txt', data: Buffer.from('hello') }]);
    await call(t.app, { method: 'PATCH', url: `/api/files/${row.file_id}`, body: { name: 'Résumé "final".txt' }, cookie: cookieA, host: a.host });
    const res = await raw(`/api/files/download/${row.download_name}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('hello');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="R_sum_ _final_.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.txt`);
  });

  it('never serves HTML or SVG inline', async () => {
    const rows = await put([
      { name: 'x.html', data: Buffer.from('<html><script>alert(1)</script></html>') },
      { name: 'x.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>') },
    ]);
    for (const row of rows) {
      const res = await raw(`/api/files/download/${row.download_name}?inline=1`);
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-security-policy']).toContain('sandbox');
    }
  });

  it('previews images at 1600 when made, else the biggest size, and takes ?size', async () => {
    const [photo] = await put([{ name: 'wall.jpg', data: await jpeg(2000, 1500) }]);
    expect(photo.thumbs).toEqual([150, 400, 1600]);
    const url = await get(`/api/files/url/${photo.file_id}`);
    expect(url.json.files.data).toMatchObject({ size: 1600, type: 'image/webp', url: `/api/files/download/${photo.download_name}?size=1600&inline=1` });
    const preview = await raw(url.json.files.data.url);
    expect(preview.headers['content-disposition']).toMatch(/^inline; filename="wall_1600.webp"/);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect((await get(`/api/files/url/${photo.file_id}?size=150`)).json.files.data.size).toBe(150);
    const original = await raw(`/api/files/download/${photo.download_name}`);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['content-disposition']).toMatch(/^attachment; filename="wall.jpg"/);

    await patchBrandConfig(t.db, a.s_id, { images: { thumbs: { sizes: [100, 800] } } });
    const [other] = await put([{ name: 'floor.jpg', data: await jpeg(1000, 1000) }]);
    expect(other.thumbs).toEqual([100, 800]);
    expect((await get(`/api/files/url/${other.file_id}`)).json.files.data.size).toBe(800);
    // A size that was not made gets the nearest bigger one.
    expect((await raw(`/api/files/download/${other.download_name}?size=300`)).headers['content-disposition']).toContain('floor_800.webp');
    const [doc] = await put([{ name: 'doc.txt', data: Buffer.from('d') }]);
    expect((await get(`/api/files/url/${doc.file_id}`)).json.files.data).toMatchObject({ size: null, type: 'text/plain' });
  });

  it("cannot reach another brand's file, nor a path", async () => {
    const [secret] = await put([{ name: 'secret.txt', data: Buffer.from('brand A only') }]);
    expect((await raw(`/api/files/download/${secret.download_name}`, cookieB, b.host)).statusCode).toBe(404);
    expect((await get(`/api/files/${secret.file_id}/details`, cookieB, b.host)).status).toBe(404);
    expect((await get(`/api/files/url/${secret.file_id}`, cookieB, b.host)).status).toBe(404);
    expect((await call(t.app, { method: 'DELETE', url: `/api/files/${secret.file_id}`, cookie: cookieB, host: b.host })).status).toBe(404);
    expect((await call(t.app, { method: 'PATCH', url: `/api/files/${secret.file_id}`, body: { name: 'x' }, cookie: cookieB, host: b.host })).status).toBe(404);
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '%2E%2E', 'site_1%2F202601%2Fx', `${secret.download_name}%00`]) {
      const res = await raw(`/api/files/download/${name}`);
      // A NUL byte in the URL is refused at the door (server/security/input.ts).
      expect(res.statusCode).toBe(name.endsWith('%00') ? 400 : 404);
    }
    expect((await raw(`/api/files/download/${secret.download_name}`)).body).toBe('brand A only');
  });
});

describe('deleting', () => {
  it('deletes one file or a list, bytes and thumbnails with them', async () => {
    const rows = await put([
      { name: 'one.jpg', data: await jpeg(300, 300) },
      { name: 'two.txt', data: Buffer.from('2') },
      { name: 'three.txt', data: Buffer.from('3') },
    ]);
    const names = () => storeTree(t.app.fileStore, root).then((all) => all.filter((p) => rows.some((r) => p.includes(r.download_name.split('.')[0]))));
    expect((await names()).length).toBeGreaterThan(3);
    const one = await call(t.app, { method: 'DELETE', url: `/api/files/${rows[0].file_id}`, cookie: cookieA, host: a.host });
    expect(one.status).toBe(200);
    expect((await names()).some((p) => p.includes(rows[0].download_name.split('.')[0]))).toBe(false);
    expect((await call(t.app, { method: 'DELETE', url: `/api/files/${rows[0].file_id}`, cookie: cookieA, host: a.host })).status).toBe(404);
    const list = await call(t.app, {
      method: 'DELETE',
      url: `/api/files/deleteFileList?file_ids=${rows[1].file_id},${rows[2].file_id}`,
      cookie: cookieA,
      host: a.host,
    });
    expect(list.json.files.data.file_ids.sort()).toEqual([rows[1].file_id, rows[2].file_id].sort());
    expect(await names()).toEqual([]);
    const left = await fileDb(brandDb(t.db, a.schema))
      .selectFrom('files')
      .select('file_id')
      .where(
        'file_id',
        'in',
        rows.map((r) => r.file_id),
      )
      .execute();
    expect(left).toEqual([]);
    expect(
      (await call(t.app, { method: 'DELETE', url: '/api/files/deleteFileList?file_ids=1,x', cookie: cookieA, host: a.host })).json.files.dbErrors[0].details,
    ).toBe('file_ids');
  });

  it("does not delete another brand's files through the list", async () => {
    const [mine] = await put([{ name: 'keep.txt', data: Buffer.from('k') }]);
    const res = await call(t.app, { method: 'DELETE', url: `/api/files/deleteFileList?file_ids=${mine.file_id}`, cookie: cookieB, host: b.host });
    expect(res.json.files.data.file_ids).toEqual([]);
    expect((await get(`/api/files/${mine.file_id}/details`)).status).toBe(200);
  });
});

describe('access', () => {
  it('is for staff: customers and engineers are refused, no session is 401', async () => {
    const customer = await login(t.app, a.host, 'customer@demo.test');
    const engineer = await login(t.app, a.host, 'engineer@demo.test');
    expect((await get('/api/files/list', customer)).status).toBe(403);
    expect((await get('/api/files/list', engineer)).json.files.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', general: 'role' });
    expect((await get('/api/files/list', '')).status).toBe(401);
    expect((await raw('/api/files/download/0123456789abcdef0123456789abcdef.txt', customer)).statusCode).toBe(403);
  });
});
