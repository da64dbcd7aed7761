import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expiryFor, readExpiring, removeStored, writeExpiring } from './expiringStorage';

/** SPEC.md point 3: "Stored user data expires at 23:59 on the day it was created and is deleted when expired." */
describe('expiring storage (SPEC.md point 3)', () => {
  const KEY = 'test.expiring';
  const morning = new Date(2026, 4, 12, 9, 15);

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(morning);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('stores the value with an expiry at 23:59:00.000 local time of the day of creation', () => {
    writeExpiring(KEY, { a: 1 }, morning);
    expect(JSON.parse(window.localStorage.getItem(KEY)!)).toEqual({ value: { a: 1 }, expiresAt: new Date(2026, 4, 12, 23, 59, 0, 0).getTime() });
    expect(expiryFor(new Date(2026, 4, 12, 23, 59, 30, 500))).toBe(new Date(2026, 4, 12, 23, 59, 0, 0).getTime());
  });

  it('uses the current time when no time is given', () => {
    writeExpiring(KEY, 'today');
    expect(JSON.parse(window.localStorage.getItem(KEY)!).expiresAt).toBe(new Date(2026, 4, 12, 23, 59).getTime());
    vi.setSystemTime(new Date(2026, 4, 12, 23, 58, 59, 999));
    expect(readExpiring(KEY)).toBe('today');
    vi.setSystemTime(new Date(2026, 4, 12, 23, 59));
    expect(readExpiring(KEY)).toBeNull();
  });

  it('returns the value until the expiry, and from the expiry on returns null and deletes the entry', () => {
    writeExpiring(KEY, [1, 2], morning);
    const expiry = new Date(2026, 4, 12, 23, 59).getTime();
    expect(readExpiring(KEY, new Date(expiry - 1))).toEqual([1, 2]);
    expect(window.localStorage.getItem(KEY)).not.toBeNull();
    expect(readExpiring(KEY, new Date(expiry))).toBeNull();
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('does not return an entry without an expiry stamp, and deletes it', () => {
    window.localStorage.setItem(KEY, JSON.stringify({ value: 'forever' }));
    expect(readExpiring(KEY, morning)).toBeNull();
    expect(window.localStorage.getItem(KEY)).toBeNull();
    window.localStorage.setItem(KEY, JSON.stringify({ value: 'forever', expiresAt: '2999-01-01' }));
    expect(readExpiring(KEY, morning)).toBeNull();
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('deletes an unreadable entry and returns null', () => {
    window.localStorage.setItem(KEY, '{not json');
    expect(readExpiring(KEY, morning)).toBeNull();
    expect(window.localStorage.getItem(KEY)).toBeNull();
    window.localStorage.setItem(KEY, 'null');
    expect(readExpiring(KEY, morning)).toBeNull();
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('returns null for an absent key and for a stamped entry without a value', () => {
    expect(readExpiring('test.absent', morning)).toBeNull();
    window.localStorage.setItem(KEY, JSON.stringify({ expiresAt: morning.getTime() + 1000 }));
    expect(readExpiring(KEY, morning)).toBeNull();
    expect(window.localStorage.getItem(KEY)).not.toBeNull();
  });

  it('reading an absent key leaves the store untouched', () => {
    const remove = vi.spyOn(Storage.prototype, 'removeItem');
    expect(readExpiring('test.absent', morning)).toBeNull();
    expect(remove).not.toHaveBeenCalled();
  });

  it('removeStored deletes the entry', () => {
    writeExpiring(KEY, 1, morning);
    removeStored(KEY);
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('a full store (quota error) never breaks the page', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeExpiring(KEY, 'x', morning)).not.toThrow();
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('a browser that refuses access to localStorage forgets quietly', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => writeExpiring(KEY, 'x', morning)).not.toThrow();
    expect(readExpiring(KEY, morning)).toBeNull();
    expect(() => removeStored(KEY)).not.toThrow();
  });
});
