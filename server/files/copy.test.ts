import { Readable } from 'node:stream';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyBrandFiles } from './copy';
import { s3StoreOnNewBucket, startS3rver, storedKeys, type LocalS3 } from './s3TestKit';
import type { S3FileStore } from './s3Store';
import { LocalFileStore, newStorageName, originalKey, thumbKey, type ObjectStore } from './storage';

let s3: LocalS3;
let root: string;
let local: LocalFileStore;
let bucket: S3FileStore;
const added = new Date(Date.UTC(2026, 9, 14));
const brandKeys: string[] = [];
let otherKey: string;

async function bytesOf(store: ObjectStore, key: string): Promise<string> {
  const object = await store.open(key);
  const chunks: Buffer[] = [];
  for await (const c of object!.stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'files-copy-'));
  s3 = await startS3rver();
  bucket = await s3StoreOnNewBucket(s3.endpoint, path.join(root, 's3-staging'));
  local = new LocalFileStore(path.join(root, 'local'));
  for (const n of [1, 2, 3]) {
    const key = originalKey('site_71', added, newStorageName('txt'));
    await local.write(key, Readable.from([`file ${n} `.repeat(n * 100)]));
    brandKeys.push(key);
  }
  brandKeys.push(thumbKey(brandKeys[0], 150));
  await local.write(brandKeys[3], Readable.from(['thumb']));
  // Another brand whose schema begins the same way: never copied with site_71.
  otherKey = originalKey('site_710', added, newStorageName('txt'));
  await local.write(otherKey, Readable.from(['other brand']));
});

afterAll(async () => {
  await s3?.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe("copying a brand's files between stores", () => {
  it('copies the brand to S3 with progress and a passing check, then resumes with only what is missing', async () => {
    const lines: string[] = [];
    const first = await copyBrandFiles(local, bucket, 'site_71', (l) => lines.push(l));
    expect(first).toMatchObject({ total: 4, copied: 4, skipped: 0, missing: [] });
    expect(await storedKeys(bucket)).toEqual([...brandKeys].sort());
    expect(lines.at(-2)).toMatch(/^4\/4: 4 copied/);
    expect(lines.at(-1)).toBe('Check passed: all 4 object(s) are in the target.');
    expect(await bytesOf(bucket, brandKeys[2])).toBe('file 3 '.repeat(300));

    // A copy stopped half way: one object never arrived, another arrived cut short.
    await bucket.remove([brandKeys[1]]);
    await bucket.write(brandKeys[2], Readable.from(['cut']));
    const resumed = await copyBrandFiles(local, bucket, 'site_71');
    expect(resumed).toMatchObject({ total: 4, copied: 2, skipped: 2, missing: [] });
    expect(await bytesOf(bucket, brandKeys[2])).toBe('file 3 '.repeat(300));
  });

  it('copies back from S3 into an empty folder', async () => {
    const back = new LocalFileStore(path.join(root, 'back'));
    const result = await copyBrandFiles(bucket, back, 'site_71');
    expect(result).toMatchObject({ total: 4, copied: 4, missing: [] });
    expect(await storedKeys(back)).toEqual([...brandKeys].sort());
    expect(await bytesOf(back, brandKeys[3])).toBe('thumb');
    expect(await back.open(otherKey)).toBeNull();
  });

  it('reports the objects that did not arrive', async () => {
    const target = new LocalFileStore(path.join(root, 'lossy'));
    const lossy: ObjectStore = {
      stagingPath: () => target.stagingPath(),
      put: (k, p) => target.put(k, p),
      open: (k) => target.open(k),
      remove: (k) => target.remove(k),
      list: (p) => target.list(p),
      // Drops the first brand file on the way, as a target that loses writes would.
      write: async (k, body) => (k === brandKeys[0] ? void body.resume() : target.write(k, body)),
    };
    const lines: string[] = [];
    const result = await copyBrandFiles(local, lossy, 'site_71', (l) => lines.push(l));
    expect(result.missing).toEqual([brandKeys[0]]);
    expect(lines.at(-1)).toBe('Check failed: 1 object(s) missing in the target.');
  });

  it('refuses a brand that is not a schema name', async () => {
    await expect(copyBrandFiles(local, bucket, '../site_1')).rejects.toThrow(/not a brand schema/);
  });
});
