import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDb } from '../db/types';
import { call, createTestBrand, login, testApp, testDb } from '../test/helpers';
import type { RootDb } from '../db/types';
import type { FastifyInstance } from 'fastify';
import { s3StoreOnNewBucket, startS3rver, storedKeys, type LocalS3 } from './s3TestKit';
import type { S3FileStore } from './s3Store';
import { newStorageName, originalKey, thumbKey } from './storage';
import { fileDb } from './tables';
import { jpeg, upload } from './testKit';

let s3: LocalS3;
let s3Dir: string;
let root: string;
let store: S3FileStore;
let db: RootDb;
let app: FastifyInstance;
type Brand = Awaited<ReturnType<typeof createTestBrand>>;
let a: Brand;
let cookie: string;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'files-s3-'));
  // Our own folder for s3rver's objects, so a stopped server comes back with its buckets.
  s3Dir = path.join(root, 's3rver');
  s3 = await startS3rver(0, s3Dir);
  store = await s3StoreOnNewBucket(s3.endpoint, path.join(root, '.staging'));
  db = testDb();
  app = await testApp(db, { fileStore: store });
  a = await createTestBrand(db);
  cookie = await login(app, a.host, 'operator@demo.test');
});

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await s3?.close();
  await fs.rm(root, { recursive: true, force: true });
});

const rowCount = async () => (await fileDb(brandDb(db, a.schema)).selectFrom('files').select('file_id').execute()).length;
const send = async (name = 'site.jpg') => upload(app, { url: '/api/files/upload', cookie, host: a.host, files: [{ name, data: await jpeg(600, 400) }] });

describe('S3 file store', () => {
  it('stores under the brand prefix, streams the bytes back, lists and removes them', async () => {
    const key = originalKey('site_41', new Date(Date.UTC(2026, 10, 3)), newStorageName('txt'));
    const staged = await store.stagingPath();
    await fs.writeFile(staged, 'hello s3');
    await store.put(key, staged);
    await expect(fs.stat(staged)).rejects.toThrow();
    const object = await store.open(key);
    expect(object?.size).toBe(8);
    const chunks: Buffer[] = [];
    for await (const c of object!.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello s3');
    expect((await storedKeys({ list: (p) => store.list(`site_41/${p}`) })).length).toBe(1);
    await store.remove([key, thumbKey(key, 150)]);
    expect(await store.open(key)).toBeNull();
    await expect(store.open('site_41/202611/../../x')).rejects.toThrow();
  });

  it('uploads through the API, downloads with the same headers and deletes the objects', async () => {
    const res = await send();
    expect(res.status).toBe(201);
    const row = res.json.files.data[0];
    const keys = await storedKeys(store);
    const mine = keys.filter((k) => k.startsWith(`${a.schema}/`));
    // The original and its thumbnails, all under the brand's schema.
    expect(mine.length).toBeGreaterThan(1);
    const down = await app.inject({ url: `/api/files/download/${row.download_name}`, headers: { host: a.host, cookie } });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('image/jpeg');
    expect(down.headers['content-length']).toBe(String(down.rawPayload.length));
    expect(down.headers['content-disposition']).toContain('filename="site.jpg"');
    expect(down.headers['x-content-type-options']).toBe('nosniff');
    expect(down.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const del = await call(app, { method: 'DELETE', url: `/api/files/${row.file_id}`, cookie, host: a.host });
    expect(del.status).toBe(200);
    expect((await storedKeys(store)).filter((k) => k.startsWith(`${a.schema}/`))).toEqual([]);
  });

  it('answers 503 while the store is unreachable, records nothing, and works again when it returns', async () => {
    const before = await rowCount();
    await s3.close();
    const down = await send('offline.jpg');
    expect(down.status).toBe(503);
    expect(down.json.files.dbErrors[0]).toMatchObject({ error: 'UNAVAILABLE' });
    expect(down.json.files.dbErrors[0].primary).toMatch(/unavailable/i);
    expect(await rowCount()).toBe(before);
    expect(await fs.readdir(path.join(root, '.staging'))).toEqual([]);
    s3 = await startS3rver(s3.port, s3Dir);
    const back = await send('online.jpg');
    expect(back.status).toBe(201);
    expect(await rowCount()).toBe(before + 1);
  }, 30_000);
});
