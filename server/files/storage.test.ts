import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { isStorageName, LocalFileStore, newStorageName, originalKey, thumbKey } from './storage';
import { listTree, tempRoot } from './testKit';

const roots: string[] = [];
afterAll(async () => {
  await Promise.all(roots.map((r) => fs.rm(r, { recursive: true, force: true })));
});

describe('local file store', () => {
  it('stores under server-made keys in the brand folder and removes them', async () => {
    const root = await tempRoot();
    roots.push(root);
    const store = new LocalFileStore(root);
    const name = newStorageName('pdf');
    expect(isStorageName(name)).toBe(true);
    const key = originalKey('site_7', new Date(Date.UTC(2026, 10, 21)), name);
    expect(key).toBe(`site_7/202611/${name}`);
    const staged = await store.stagingPath();
    await fs.writeFile(staged, 'bytes');
    await store.put(key, staged);
    await store.put(thumbKey(key, 400), await store.stagingPath().then(async (p) => (await fs.writeFile(p, 't'), p)));
    expect(await listTree(root)).toEqual([key, `${key}.t400.webp`]);
    const object = await store.open(key);
    expect(object?.size).toBe(5);
    object?.stream.destroy();
    await store.remove([key, `${key}.t400.webp`, thumbKey(key, 150)]);
    expect(await listTree(root)).toEqual([]);
    expect(await store.open(key)).toBeNull();
  });

  it('refuses keys and names that are not its own', async () => {
    const root = await tempRoot();
    roots.push(root);
    const store = new LocalFileStore(root);
    expect(() => originalKey('site_1', new Date(), '../../etc/passwd')).toThrow();
    expect(() => originalKey('global', new Date(), newStorageName(null))).toThrow();
    await expect(store.open('site_1/202601/../../../etc/passwd')).rejects.toThrow();
    await expect(store.remove(['/etc/passwd'])).rejects.toThrow();
    expect(isStorageName('../x')).toBe(false);
    expect(isStorageName(`${'a'.repeat(32)}.jpg\u0000`)).toBe(false);
    expect(newStorageName('../../x')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('makes no folder until something is stored', async () => {
    const parent = await tempRoot();
    roots.push(parent);
    const root = `${parent}/never`;
    new LocalFileStore(root);
    await expect(fs.stat(root)).rejects.toThrow();
  });
});
