import type { DbError } from '../../core/envelope/types';

/** One entry of the locally stored error list (SPEC.md point 3, "Stored error entry"). */
export interface StoredError {
  id: string;
  /** The error text shown to the user; null for a pure warning. */
  msg: string | null;
  dbErrors: DbError[] | null;
  /** ISO timestamp of when the client saw the error. */
  datetime: string;
  url: string;
  warning: string | null;
}
