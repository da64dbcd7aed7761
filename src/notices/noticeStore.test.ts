import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNoticeStore, FRAMEWORK_ECHO_MS } from './noticeStore';
import { NOTICE_DURATION_MS } from './types';

describe('notice store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['error', 15000],
    ['warning', 15000],
    ['success', 1000],
    ['info', 1000],
  ] as const)('%s notices stay %i ms', (kind, ms) => {
    expect(NOTICE_DURATION_MS[kind]).toBe(ms);
    const store = createNoticeStore();
    store.push(kind, 'Hello');
    vi.advanceTimersByTime(ms - 1);
    expect(store.notices.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.notices.get()).toHaveLength(0);
  });

  it('stacks notices of the same message and kind with a count', () => {
    const store = createNoticeStore();
    store.push('error', 'Boom');
    store.push('error', 'Boom');
    store.push('error', 'Boom');
    store.push('warning', 'Boom');
    store.push('error', 'Other');
    const list = store.notices.get();
    expect(list.map((n) => [n.kind, n.message, n.count])).toEqual([
      ['error', 'Boom', 3],
      ['warning', 'Boom', 1],
      ['error', 'Other', 1],
    ]);
  });

  it('a new member of a group restarts the group timer', () => {
    const store = createNoticeStore();
    store.push('success', 'Saved');
    vi.advanceTimersByTime(800);
    store.push('success', 'Saved');
    vi.advanceTimersByTime(800);
    expect(store.notices.get()).toEqual([expect.objectContaining({ message: 'Saved', count: 2 })]);
    vi.advanceTimersByTime(200);
    expect(store.notices.get()).toEqual([]);
  });

  it('dismisses one notice on demand', () => {
    const store = createNoticeStore();
    store.push('info', 'A');
    store.push('info', 'B');
    store.dismiss(store.notices.get()[0].id);
    expect(store.notices.get().map((n) => n.message)).toEqual(['B']);
  });

  it('drops a framework echo of what the client just said, but not later repeats', () => {
    const store = createNoticeStore();
    store.push('error', 'Field is required!');
    store.pushFromFramework('error', 'Field is required!');
    expect(store.notices.get()[0].count).toBe(1);
    vi.advanceTimersByTime(FRAMEWORK_ECHO_MS);
    store.pushFromFramework('error', 'Field is required!');
    expect(store.notices.get()[0].count).toBe(2);
    store.pushFromFramework('info', 'Element updated');
    expect(store.notices.get()).toHaveLength(2);
  });
});
