/**
 * User data kept in localStorage that lives until 23:59 local time of the day it was written
 * (SPEC.md point 3): yesterday's filters must not silently narrow today's lists.
 */

interface Stamped<T> {
  value: T;
  /** Epoch ms after which the value is stale. */
  expiresAt: number;
}

/** 23:59:00.000 local time of the day `created` falls on. */
export function expiryFor(created: Date): number {
  const end = new Date(created);
  end.setHours(23, 59, 0, 0);
  return end.getTime();
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // No window (the server), or a private mode that throws on access: the app then simply forgets between reloads.
    return null;
  }
}

export function writeExpiring<T>(key: string, value: T, now: Date = new Date()): void {
  const stamped: Stamped<T> = { value, expiresAt: expiryFor(now) };
  try {
    storage()?.setItem(key, JSON.stringify(stamped));
  } catch {
    // Quota errors only cost the convenience of remembering; never break the page for it.
  }
}

/** The stored value, or null when absent, unreadable or expired (expired entries are removed). */
export function readExpiring<T>(key: string, now: Date = new Date()): T | null {
  const store = storage();
  const raw = store?.getItem(key);
  if (!store || raw == null) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Stamped<T>>;
    // A stored 'null' throws here and is dropped by the catch, like any unreadable entry.
    if (typeof parsed.expiresAt !== 'number' || now.getTime() >= parsed.expiresAt) {
      store.removeItem(key);
      return null;
    }
    return (parsed.value ?? null) as T | null;
  } catch {
    store.removeItem(key);
    return null;
  }
}

export function removeStored(key: string): void {
  storage()?.removeItem(key);
}
