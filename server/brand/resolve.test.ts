/** Host → brand answers are kept briefly, looked up again while still served, and never served past their time. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestBrand, testDb } from '../test/helpers';
import { globalDb, type RootDb } from '../db/types';
import { createBrandResolver } from './resolve';

let root: RootDb;
beforeAll(() => {
  root = testDb();
});
afterAll(() => root?.destroy());
afterEach(() => vi.useRealTimers());

const enabled = (domain: string, on: boolean) => globalDb(root).updateTable('domains').set({ d_enabled: on }).where('d_name', '=', domain).execute();

/** Waits (in real time) until `check` holds. */
async function until(check: () => boolean) {
  const deadline = performance.now() + 5000;
  while (!check()) {
    if (performance.now() > deadline) throw new Error('not within 5 s');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('the brand resolver', () => {
  it('answers from memory past half an answer’s life while it looks the host up again, then answers what it found', async () => {
    const brand = await createTestBrand(root);
    vi.useFakeTimers({ toFake: ['Date'] });
    const resolver = createBrandResolver(root, 1000);
    const first = await resolver.resolve(brand.domain);
    expect(first?.schema).toBe(brand.schema);
    expect(resolver.known(brand.domain)).toBe(first);

    await enabled(brand.domain, false);
    vi.setSystemTime(Date.now() + 600);
    // Still within its time: answered at once, and the new lookup has begun.
    expect(resolver.known(brand.domain)).toBe(first);
    await until(() => resolver.known(brand.domain) === null);
    expect(await resolver.resolve(brand.domain)).toBeNull();
    await enabled(brand.domain, true);
  });

  it('never answers from memory past an answer’s time: the request waits for the lookup instead', async () => {
    const brand = await createTestBrand(root);
    vi.useFakeTimers({ toFake: ['Date'] });
    const resolver = createBrandResolver(root, 1000);
    expect((await resolver.resolve(brand.domain))?.schema).toBe(brand.schema);
    await enabled(brand.domain, false);
    // No request in the second half of its life, so nothing was looked up ahead.
    vi.setSystemTime(Date.now() + 1100);
    expect(resolver.known(brand.domain)).toBeUndefined();
    expect(await resolver.resolve(brand.domain)).toBeNull();
    await enabled(brand.domain, true);
  });
});
