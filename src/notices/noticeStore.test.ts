import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNoticeStore, FRAMEWORK_ECHO_MS, notices, notify } from './noticeStore';
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

  it("a repeated notice raises only its own group's count (SPEC.md point 4: same-group notices stack)", () => {
    const store = createNoticeStore();
    store.push('error', 'A');
    store.push('error', 'B');
    store.push('error', 'A');
    expect(store.notices.get().map((n) => [n.message, n.count])).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
  });

  it('the group stays as long as its kind says, counted from its newest member', () => {
    const store = createNoticeStore();
    store.push('error', 'Boom');
    vi.advanceTimersByTime(10000);
    store.push('error', 'Boom');
    vi.advanceTimersByTime(14999);
    expect(store.notices.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.notices.get()).toEqual([]);
  });

  it("only a framework notice with the same kind and message as the client's is dropped as an echo", () => {
    const store = createNoticeStore();
    store.push('error', 'Boom');
    store.pushFromFramework('error', 'Other text');
    store.pushFromFramework('warning', 'Boom');
    store.pushFromFramework('error', 'Boom');
    expect(store.notices.get().map((n) => [n.kind, n.message, n.count])).toEqual([
      ['error', 'Boom', 1],
      ['error', 'Other text', 1],
      ['warning', 'Boom', 1],
    ]);
  });

  it('a framework notice with no client notice before it is shown, and repeats of it stack', () => {
    const store = createNoticeStore();
    store.pushFromFramework('error', 'Server down');
    store.pushFromFramework('error', 'Server down');
    expect(store.notices.get().map((n) => [n.message, n.count])).toEqual([['Server down', 2]]);
  });

  it('an echo just inside the window is dropped', () => {
    const store = createNoticeStore();
    store.push('error', 'Boom');
    vi.advanceTimersByTime(FRAMEWORK_ECHO_MS - 1);
    store.pushFromFramework('error', 'Boom');
    expect(store.notices.get()[0].count).toBe(1);
  });

  it("dismissing stops the notice's timer and does not touch the others", () => {
    const store = createNoticeStore();
    store.push('error', 'A');
    store.push('error', 'B');
    expect(vi.getTimerCount()).toBe(2);
    store.dismiss(store.notices.get()[0].id);
    expect(vi.getTimerCount()).toBe(1);
    expect(store.notices.get().map((n) => n.message)).toEqual(['B']);
    store.push('error', 'A');
    expect(store.notices.get().map((n) => [n.message, n.count])).toEqual([
      ['B', 1],
      ['A', 1],
    ]);
    store.dismiss(12345);
    expect(store.notices.get()).toHaveLength(2);
  });

  it('uses injected timers when given', () => {
    const pending: (() => void)[] = [];
    const cleared: unknown[] = [];
    let clock = 0;
    const store = createNoticeStore({
      setTimeout: (fn) => pending.push(fn),
      clearTimeout: (handle) => cleared.push(handle),
      now: () => clock,
    });
    store.push('info', 'Hi');
    store.push('info', 'Hi');
    expect(cleared).toEqual([1]);
    clock = FRAMEWORK_ECHO_MS;
    store.pushFromFramework('info', 'Hi');
    expect(store.notices.get()[0].count).toBe(3);
    pending[0]();
    expect(store.notices.get()).toEqual([]);
  });

  it("notify() posts to the app's one queue", () => {
    const before = notices.notices.get().length;
    notify('success', 'Element updated');
    const list = notices.notices.get();
    expect(list).toHaveLength(before + 1);
    expect(list.at(-1)).toMatchObject({ kind: 'success', message: 'Element updated', count: 1 });
    notices.dismiss(list.at(-1)!.id);
  });
});
