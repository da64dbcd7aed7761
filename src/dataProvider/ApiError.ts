import { HttpError } from 'ra-core';
import type { DbError } from '../../core/envelope/types';

/**
 * A rejected API call. Extends react-admin's HttpError so that `body.errors` (field → message)
 * lands on the form inputs of a pessimistic save.
 */
export class ApiError extends HttpError {
  readonly dbErrors: DbError[] | null;
  readonly canceled: boolean;

  constructor(message: string, status: number, options: { dbErrors?: DbError[] | null; fieldErrors?: Record<string, string>; canceled?: boolean } = {}) {
    super(message, status, { errors: options.fieldErrors, dbErrors: options.dbErrors ?? null });
    // HttpError pins its own prototype; restore ours so `instanceof ApiError` holds.
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'ApiError';
    this.dbErrors = options.dbErrors ?? null;
    this.canceled = options.canceled ?? false;
  }
}
