import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDb } from '../db/types';
import { call, createTestBrand, login, useTestApp } from '../test/helpers';
import { fileDb } from './tables';
import { jpeg, storeTree, patchBrandConfig, png, upload } from './testKit';

const root = path.join(os.tmpdir(), `files-upload-${randomUUID()}`);
const t = useTestApp({ filesRoot: root });
type Brand = Awaited<ReturnType<typeof createTestBrand>>;
let a: Brand;
let cookie: string;

const send = (files: Parameters<typeof upload>[1]['files'], fields?: Record<string, string>) =>
  upload(t.app, { url: '/api/files/upload', cookie, host: a.host, files, fields });
const rowCount = async () =>
  Number(
    (
      await fileDb(brandDb(t.db, a.schema))
        .selectFrom('files')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  a = await createTestBrand(t.db);
  await patchBrandConfig(t.db, a.s_id, {
    maxUploadSizeMB: 1,
    images: { uploadResize: { width: 1200, height: 1200, enabled: true }, thumbs: { sizes: [400, 150, 1600] } },
  });
  cookie = await login(t.app, a.host, 'operator@demo.test');
});

afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('POST files/upload', () => {
  it('stores several files at once, types them by content and makes thumbnails in the brand sizes', async () => {
    const photo = await jpeg(2000, 1000);
    const res = await send(
      [
        { name: 'photo.jpg', data: photo, type: 'image/jpeg' },
        { name: 'notes.txt', data: Buffer.from('Boiler serviced on Monday.\n'), type: 'text/plain' },
        { name: 'logo.png', data: await png(300, 200), type: 'image/png' },
      ],
      { f_grp_id: 'GENERALDOCUMENTS', note: 'From the site visit' },
    );
    expect(res.status).toBe(201);
    expect(res.headers['x-show-snackbar']).toBe('1');
    const rows = res.json.files.data;
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['photo.jpg', 'notes.txt', 'logo.png']);
    expect(rows.map((r: { type: string }) => r.type)).toEqual(['image/jpeg', 'text/plain', 'image/png']);
    expect(rows[0]).toMatchObject({ f_grp_id: 'GENERALDOCUMENTS', note: 'From the site visit', thumbs: [150, 400, 1600], uploaded_by: a.users.Operator });
    expect(rows[1].thumbs).toEqual([]);
    expect(rows[0].download_name).toMatch(/^[0-9a-f]{32}\.jpg$/);

    // Resized on upload to fit 1200×1200; thumbnails fit their size (never enlarged).
    const original = await t.app.inject({ url: `/api/files/download/${rows[0].download_name}`, headers: { host: a.host, cookie } });
    expect(await sharp(original.rawPayload).metadata()).toMatchObject({ width: 1200, height: 600, format: 'jpeg' });
    expect(rows[0].size).toBe(original.rawPayload.length);
    for (const [size, width] of [
      [150, 150],
      [400, 400],
      [1600, 1200],
    ]) {
      const thumb = await t.app.inject({ url: `/api/files/download/${rows[0].download_name}?size=${size}`, headers: { host: a.host, cookie } });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(width);
    }
    const smallPng = await t.app.inject({ url: `/api/files/download/${rows[2].download_name}?size=150`, headers: { host: a.host, cookie } });
    expect(await sharp(smallPng.rawPayload).metadata()).toMatchObject({ width: 150, height: 100 });
  });

  it("keeps each brand's bytes in its own folder under server-made names", async () => {
    const res = await send([{ name: '../../../etc/passwd.jpg', data: await jpeg(50, 50) }]);
    expect(res.status).toBe(201);
    expect(res.json.files.data[0].name).toBe('passwd.jpg');
    const tree = await storeTree(t.app.fileStore, root);
    const stored = tree.filter((p) => !p.startsWith('.staging'));
    expect(stored.length).toBeGreaterThan(0);
    for (const p of stored) expect(p).toMatch(new RegExp(`^${a.schema}/\\d{6}/[0-9a-f]{32}(\\.[a-z0-9]+)?(\\.t\\d+\\.webp)?$`));
    expect(tree.filter((p) => p.startsWith('.staging'))).toEqual([]);
  });

  it('neutralises absolute names, backslashes and control characters in names', async () => {
    const res = await send([
      { name: '/var/www/evil.txt', data: Buffer.from('a') },
      { name: 'C:\\Windows\\boot.ini', data: Buffer.from('b') },
      { name: 'nul\u0000byte.txt', data: Buffer.from('c') },
      { name: '..', data: Buffer.from('d') },
    ]);
    expect(res.status).toBe(201);
    expect(res.json.files.data.map((r: { name: string }) => r.name)).toEqual(['evil.txt', 'boot.ini', 'nulbyte.txt', 'file']);
  });

  it('refuses a file whose name claims a type its content is not', async () => {
    const before = await rowCount();
    const html = await send([{ name: 'holiday.jpg', data: Buffer.from('<html><script>alert(1)</script></html>'), type: 'image/jpeg' }]);
    expect(html.status).toBe(400);
    expect(html.json.files.dbErrors[0]).toMatchObject({ error: 'VALIDATION', details: 'file', primary: 'Invalid value' });
    const pngAsPdf = await send([{ name: 'invoice.pdf', data: await png(10, 10) }]);
    expect(pngAsPdf.status).toBe(400);
    // One bad file refuses the whole request: the good one beside it is not kept either.
    const mixed = await send([
      { name: 'ok.jpg', data: await jpeg(20, 20) },
      { name: 'bad.png', data: Buffer.from('plain text') },
    ]);
    expect(mixed.status).toBe(400);
    expect(await rowCount()).toBe(before);
    expect((await storeTree(t.app.fileStore, root)).filter((p) => p.startsWith('.staging'))).toEqual([]);
  });

  it('refuses an image its signature promises but sharp cannot read, keeping nothing', async () => {
    const before = await rowCount();
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]);
    const res = await send([{ name: 'broken.jpg', data: broken }]);
    expect(res.status).toBe(400);
    expect(res.json.files.dbErrors[0].details).toBe('file');
    expect(await rowCount()).toBe(before);
    expect((await storeTree(t.app.fileStore, root)).filter((p) => p.startsWith('.staging'))).toEqual([]);
  });

  it('types HTML and SVG by their content whatever the name says', async () => {
    const res = await send([
      { name: 'page.txt', data: Buffer.from('<!DOCTYPE html><html><body>hi</body></html>') },
      { name: 'drawing', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
      { name: 'photo', data: await jpeg(30, 30) },
    ]);
    expect(res.status).toBe(201);
    expect(res.json.files.data.map((r: { type: string }) => r.type)).toEqual(['text/html', 'image/svg+xml', 'image/jpeg']);
    expect(res.json.files.data[1].thumbs).toEqual([]);
  });

  it('refuses an upload over maxUploadSizeMB with 413 and keeps nothing of it', async () => {
    const before = await rowCount();
    const storedBefore = await storeTree(t.app.fileStore, root);
    const big = Buffer.alloc(700 * 1024, 7);
    const res = await send([
      { name: 'a.bin', data: big },
      { name: 'b.bin', data: big },
    ]);
    expect(res.status).toBe(413);
    expect(res.json.files.dbErrors[0]).toMatchObject({ error: 'TOO_LARGE', primary: 'Max upload limit reached.' });
    expect(await rowCount()).toBe(before);
    expect(await storeTree(t.app.fileStore, root)).toEqual(storedBefore);
    const single = await send([{ name: 'huge.bin', data: Buffer.alloc(1024 * 1024 + 10, 1) }]);
    expect(single.status).toBe(413);
    expect(await storeTree(t.app.fileStore, root)).toEqual(storedBefore);
  });

  it('refuses before reading when the declared length is far over the limit', async () => {
    const res = await upload(t.app, {
      url: '/api/files/upload',
      cookie,
      host: a.host,
      files: [{ name: 'x.txt', data: Buffer.from('x') }],
      headers: { 'content-length': String(50 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
  });

  it('skips the resize only when the brand lets users skip it', async () => {
    const photo = await jpeg(1500, 1500);
    const skipped = await send([{ name: 'big.jpg', data: photo }], { skipResize: '1' });
    expect(skipped.status).toBe(201);
    expect(skipped.json.files.data[0].size).toBe(photo.length);
    await patchBrandConfig(t.db, a.s_id, { features: { file: { enableSkipResize: false } } });
    const refused = await send([{ name: 'big.jpg', data: photo }], { skipResize: '1' });
    expect(refused.json.files.data[0].size).not.toBe(photo.length);
    const dl = await t.app.inject({ url: `/api/files/download/${refused.json.files.data[0].download_name}`, headers: { host: a.host, cookie } });
    expect((await sharp(dl.rawPayload).metadata()).width).toBe(1200);
    await patchBrandConfig(t.db, a.s_id, { features: { file: { enableSkipResize: true } } });
  });

  it('checks the fields: group, job, note, unknown fields, a missing file', async () => {
    const file = [{ name: 'a.txt', data: Buffer.from('a') }];
    expect((await send(file, { f_grp_id: 'NOPE' })).json.files.dbErrors[0].details).toBe('f_grp_id');
    expect((await send(file, { job_id: '99999999' })).json.files.dbErrors[0].details).toBe('job_id');
    expect((await send(file, { job_id: 'abc' })).json.files.dbErrors[0].primary).toBe('Invalid number');
    expect((await send(file, { note: 'x'.repeat(3001) })).json.files.dbErrors[0].primary).toBe('Max. 3000 chars!');
    expect((await send(file, { colour: 'red' })).json.files.dbErrors[0].details).toBe('colour');
    const none = await send([], { f_grp_id: 'USER_FILES' });
    expect(none.status).toBe(400);
    expect(none.json.files.dbErrors[0]).toMatchObject({ details: 'file', primary: 'Field is required!' });
    const notMultipart = await call(t.app, { method: 'POST', url: '/api/files/upload', host: a.host, cookie, body: { file: 'x' } });
    expect(notMultipart.status).toBe(400);
  });

  it('is the only kind of route that takes a multipart body (the others refuse its content type)', async () => {
    const res = await upload(t.app, { url: '/api/contacts/create', cookie, host: a.host, files: [{ name: 'a.txt', data: Buffer.from('a') }] });
    expect(res.status).toBe(400);
    expect(res.json.contacts.dbErrors[0].details).toBe('content-type');
  });

  it('is for staff only', async () => {
    const customer = await login(t.app, a.host, 'customer@demo.test');
    const res = await upload(t.app, { url: '/api/files/upload', cookie: customer, host: a.host, files: [{ name: 'a.txt', data: Buffer.from('a') }] });
    expect(res.status).toBe(403);
    const anonymous = await upload(t.app, { url: '/api/files/upload', cookie: '', host: a.host, files: [{ name: 'a.txt', data: Buffer.from('a') }] });
    expect(anonymous.status).toBe(401);
  });
});
