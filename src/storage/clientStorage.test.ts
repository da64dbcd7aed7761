import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientStorage } from './clientStorage';
import { expiryFor, readExpiring, writeExpiring } from './expiringStorage';
import { STORAGE_KEYS } from './keys';

describe('expiring client storage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('expires at 23:59 local time of the day of creation', () => {
    const created = new Date(2026, 10, 21, 9, 30);
    expect(new Date(expiryFor(created))).toEqual(new Date(2026, 10, 21, 23, 59, 0, 0));
  });

  it('reads a value on the same day and deletes it once 23:59 has passed', () => {
    vi.setSystemTime(new Date(2026, 10, 21, 8, 0));
    clientStorage.jobFilter.set({ job_status: 'BOOKED' });

    vi.setSystemTime(new Date(2026, 10, 21, 23, 58, 59));
    expect(clientStorage.jobFilter.get()).toEqual({ job_status: 'BOOKED' });

    vi.setSystemTime(new Date(2026, 10, 21, 23, 59, 0));
    expect(clientStorage.jobFilter.get()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.jobFilter)).toBeNull();
  });

  it('a value written just before midnight is gone the next morning', () => {
    vi.setSystemTime(new Date(2026, 10, 21, 23, 58));
    clientStorage.disabledMailAccounts.set([3, 7]);
    expect(clientStorage.disabledMailAccounts.get()).toEqual([3, 7]);
    vi.setSystemTime(new Date(2026, 10, 22, 7, 0));
    expect(clientStorage.disabledMailAccounts.get()).toEqual([]);
    expect(window.localStorage.getItem(STORAGE_KEYS.disabledMailAccounts)).toBeNull();
  });

  it('keeps every kind of user data under its own key', () => {
    vi.setSystemTime(new Date(2026, 0, 5, 10, 0));
    clientStorage.jobSorting.set({ field: 'job_start', order: 'DESC' });
    clientStorage.disabledGoogleAccounts.set([1]);
    clientStorage.disabledMicrosoftAccounts.set(['a']);
    expect(clientStorage.jobSorting.get()).toEqual({ field: 'job_start', order: 'DESC' });
    expect(clientStorage.disabledGoogleAccounts.get()).toEqual([1]);
    expect(clientStorage.disabledMicrosoftAccounts.get()).toEqual(['a']);
    expect(clientStorage.disabledMailAccounts.get()).toEqual([]);
  });

  it('drops unreadable entries instead of failing', () => {
    window.localStorage.setItem('broken', '{not json');
    expect(readExpiring('broken')).toBeNull();
    expect(window.localStorage.getItem('broken')).toBeNull();
    window.localStorage.setItem('legacy', JSON.stringify([1, 2]));
    expect(readExpiring('legacy')).toBeNull();
  });

  it('accepts an explicit clock', () => {
    writeExpiring('k', 5, new Date(2026, 1, 1, 12));
    expect(readExpiring('k', new Date(2026, 1, 1, 13))).toBe(5);
    expect(readExpiring('k', new Date(2026, 1, 2, 0, 1))).toBeNull();
  });
});
