/** The wire envelope of API.md: every answer, success or failure, is keyed by resource name. */
export const ERROR_CODES = [
  'AUTH_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'VALIDATION',
  'CONFLICT',
  'TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type GenericErrorCode = (typeof ERROR_CODES)[number];

export interface DbError {
  error: string;
  primary: string | null;
  details: string | null;
  general: string | null;
}

export interface EnvelopeMetadata {
  server_datetime: string;
  userData: { isLogged: boolean };
  totalCount?: number;
}

export interface EnvelopeBody<T = unknown> {
  data: T;
  warning: string | null;
  metadata: EnvelopeMetadata;
  dbErrors: DbError[] | null;
}

export type Envelope<T = unknown> = Record<string, EnvelopeBody<T>>;

/** Header on an answer that asks the SPA for a success notice. */
export const SHOW_SNACKBAR_HEADER = 'x-show-snackbar';
