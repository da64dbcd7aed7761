/** localStorage keys of SPEC.md point 3 ("client-side storage holds ..."), in one place. */
export const STORAGE_KEYS = {
  jobFilter: 'job-filter',
  jobSorting: 'job-sorting',
  /** The error list; the key name is fixed by SPEC.md point 9. */
  lastErrors: 'system-last-errors',
  disabledMailAccounts: 'disabled-mail-account-ids',
  disabledGoogleAccounts: 'disabled-google-account-ids',
  disabledMicrosoftAccounts: 'disabled-microsoft-account-ids',
  darkMode: 'dark-mode',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
