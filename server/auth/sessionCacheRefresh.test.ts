/** The session cache's own rules: when to look a session up again, and what a lookup may put back. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionCache } from './sessionCache';
import type { SessionUser } from './types';

const user = (role: string) => ({ us_id: 7, role }) as unknown as SessionUser;
afterEach(() => vi.useRealTimers());

describe('SessionCache', () => {
  it('asks for one lookup past half an entry’s life, serves the entry until its time, then forgets it', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new SessionCache(1000);
    cache.set('site_9', 'hash', user('Operator'), new Date());
    const entry = cache.get('site_9', 'hash')!;
    expect(cache.refreshDue(entry)).toBe(false);
    vi.setSystemTime(Date.now() + 600);
    expect(cache.refreshDue(entry)).toBe(true);
    expect(cache.refreshDue(entry)).toBe(false);
    expect(cache.get('site_9', 'hash')).toBe(entry);
    vi.setSystemTime(Date.now() + 500);
    expect(cache.get('site_9', 'hash')).toBeNull();
  });

  it('does not keep what a lookup read if the brand’s entries were dropped since it began, and ages an answer from its lookup', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new SessionCache(1000);
    const before = cache.since('site_9');
    cache.forgetBrand('site_9');
    cache.set('site_9', 'hash', user('Admin'), new Date(), before);
    expect(cache.get('site_9', 'hash')).toBeNull();

    const begun = cache.since('site_9');
    vi.setSystemTime(Date.now() + 800);
    cache.set('site_9', 'hash', user('Operator'), new Date(), begun);
    expect(cache.get('site_9', 'hash')?.user.role).toBe('Operator');
    vi.setSystemTime(Date.now() + 300);
    expect(cache.get('site_9', 'hash')).toBeNull();
  });
});
