/**
 * The error list kept in localStorage under 'system-last-errors' (SPEC.md point 9), newest first.
 * Beside the list there is a counter and a flag for the app bar: how many errors arrived since
 * the last reset, and whether any of them was a real error rather than a warning.
 */
import type { DbError } from '../../core/envelope/types';
import { STORAGE_KEYS } from '../storage/keys';
import { createStore } from '../util/createStore';
import type { StoredError } from './types';

/** The spec leaves the length open; 50 keeps enough history without filling the quota. */
export const MAX_STORED_ERRORS = 50;

export interface ErrorCounter {
  count: number;
  flag: boolean;
}

function readList(): StoredError[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.lastErrors);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as StoredError[]) : [];
  } catch {
    return [];
  }
}

function writeList(list: StoredError[]): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.lastErrors, JSON.stringify(list));
  } catch {
    // A full quota must not turn one error into two.
  }
}

let sequence = 0;
function newId(): string {
  sequence += 1;
  return `${Date.now().toString(36)}-${sequence}`;
}

export const errorList = createStore<StoredError[]>(typeof window === 'undefined' ? [] : readList());
export const errorCounter = createStore<ErrorCounter>({ count: 0, flag: false });

export interface NewError {
  msg?: string | null;
  warning?: string | null;
  dbErrors?: DbError[] | null;
  url: string;
}

export function addError(entry: NewError, now: Date = new Date()): StoredError {
  const stored: StoredError = {
    id: newId(),
    msg: entry.msg ?? null,
    dbErrors: entry.dbErrors ?? null,
    datetime: now.toISOString(),
    url: entry.url,
    warning: entry.warning ?? null,
  };
  // Re-read first: another tab may have written since this one loaded.
  const next = [stored, ...readList()].slice(0, MAX_STORED_ERRORS);
  writeList(next);
  errorList.set(next);
  errorCounter.set((prev) => ({ count: prev.count + 1, flag: prev.flag || !!stored.msg }));
  return stored;
}

export function resetErrorCounter(): void {
  errorCounter.set({ count: 0, flag: false });
}

/** Clear-all of SPEC.md point 4: empties the list and resets the count and the flag. */
export function clearErrors(): void {
  writeList([]);
  errorList.set([]);
  resetErrorCounter();
}

/** Picks up the stored list again (another tab, or a test that wrote localStorage directly). */
export function reloadErrors(): void {
  errorList.set(readList());
}
