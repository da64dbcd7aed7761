/**
 * The notice queue. Notices of one group (same message and kind) stack into one entry with a
 * count, so a burst of identical failures shows one notice with a badge instead of a wall.
 */
import { createStore, type Store } from '../util/createStore';
import { NOTICE_DURATION_MS, type Notice, type NoticeKind } from './types';

interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/**
 * react-admin reports a failed query or mutation through its own notify() after our fetch wrapper
 * has already shown the same text; within this window such a repeat is dropped, not counted.
 */
export const FRAMEWORK_ECHO_MS = 2000;

export interface NoticeStore {
  notices: Store<Notice[]>;
  push(kind: NoticeKind, message: string): void;
  /** For messages coming from react-admin's notify(): skipped if the client just said the same. */
  pushFromFramework(kind: NoticeKind, message: string): void;
  dismiss(id: number): void;
}

export function createNoticeStore(timers: Timers = realTimers): NoticeStore {
  const notices = createStore<Notice[]>([]);
  const handles = new Map<number, unknown>();
  const lastClientPush = new Map<string, number>();
  let nextId = 1;

  const groupOf = (kind: NoticeKind, message: string) => `${kind}\u0000${message}`;

  function dismiss(id: number) {
    const handle = handles.get(id);
    if (handle !== undefined) timers.clearTimeout(handle);
    handles.delete(id);
    notices.set((list) => list.filter((n) => n.id !== id));
  }

  function schedule(id: number, kind: NoticeKind) {
    const previous = handles.get(id);
    if (previous !== undefined) timers.clearTimeout(previous);
    handles.set(
      id,
      timers.setTimeout(() => dismiss(id), NOTICE_DURATION_MS[kind]),
    );
  }

  function add(kind: NoticeKind, message: string) {
    const existing = notices.get().find((n) => n.kind === kind && n.message === message);
    if (existing) {
      notices.set((list) => list.map((n) => (n.id === existing.id ? { ...n, count: n.count + 1 } : n)));
      // The newest member of the group decides how long the group stays.
      schedule(existing.id, kind);
      return;
    }
    const id = nextId++;
    notices.set((list) => [...list, { id, kind, message, count: 1 }]);
    schedule(id, kind);
  }

  return {
    notices,
    push(kind, message) {
      lastClientPush.set(groupOf(kind, message), timers.now());
      add(kind, message);
    },
    pushFromFramework(kind, message) {
      const last = lastClientPush.get(groupOf(kind, message));
      if (last !== undefined && timers.now() - last < FRAMEWORK_ECHO_MS) return;
      add(kind, message);
    },
    dismiss,
  };
}

/** The app's one queue: the fetch wrapper, the auth flow and pages all post here. */
export const notices = createNoticeStore();
export const notify = (kind: NoticeKind, message: string) => notices.push(kind, message);
