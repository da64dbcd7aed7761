/**
 * Typed accessors for the user data of SPEC.md point 3. Everything here expires at 23:59 of the
 * day it was written. The error list is not here: it lives in src/errors and does not expire,
 * because its entries are meant to be sent to IT later.
 */
import { STORAGE_KEYS } from './keys';
import { readExpiring, writeExpiring } from './expiringStorage';

export type Id = number | string;
export type JobFilter = Record<string, unknown>;
export interface JobSorting {
  field: string;
  order: 'ASC' | 'DESC';
}

function idList(key: string) {
  return {
    get: (now?: Date): Id[] => readExpiring<Id[]>(key, now) ?? [],
    set: (ids: readonly Id[], now?: Date) => writeExpiring(key, [...ids], now),
  };
}

export const clientStorage = {
  jobFilter: {
    get: (now?: Date) => readExpiring<JobFilter>(STORAGE_KEYS.jobFilter, now),
    set: (filter: JobFilter, now?: Date) => writeExpiring(STORAGE_KEYS.jobFilter, filter, now),
  },
  jobSorting: {
    get: (now?: Date) => readExpiring<JobSorting>(STORAGE_KEYS.jobSorting, now),
    set: (sorting: JobSorting, now?: Date) => writeExpiring(STORAGE_KEYS.jobSorting, sorting, now),
  },
  disabledMailAccounts: idList(STORAGE_KEYS.disabledMailAccounts),
  disabledGoogleAccounts: idList(STORAGE_KEYS.disabledGoogleAccounts),
  disabledMicrosoftAccounts: idList(STORAGE_KEYS.disabledMicrosoftAccounts),
};
