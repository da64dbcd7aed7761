/**
 * AppError carries everything the envelope needs (status, stable code and the dbErrors texts),
 * so any layer can throw it and the global error handler answers without guessing.
 */
import type { Blocked } from '../../core/access/access';
import type { DbError, GenericErrorCode } from '../../core/envelope/types';
import { enText } from '../../core/i18n/en-US';

export type ErrorCode = GenericErrorCode | (string & {});

export interface FieldMessage {
  /** Field name on the wire (goes to `details`). */
  field: string | null;
  /** English text (goes to `primary`). */
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly primary: string | null;
  readonly details: string | null;
  readonly general: string | null;
  /** Extra entries after the first, e.g. one per invalid field. */
  readonly more: DbError[];

  constructor(opts: { code: ErrorCode; status: number; primary?: string | null; details?: string | null; general?: string | null; more?: DbError[] }) {
    super(opts.primary ?? opts.code);
    this.name = 'AppError';
    this.code = opts.code;
    this.status = opts.status;
    this.primary = opts.primary ?? null;
    this.details = opts.details ?? null;
    this.general = opts.general ?? null;
    this.more = opts.more ?? [];
  }

  toDbErrors(): DbError[] {
    return [{ error: this.code, primary: this.primary, details: this.details, general: this.general }, ...this.more];
  }
}

/** One VALIDATION entry per field, as CONTRACT-NOTES asks. */
export function validationError(fields: FieldMessage[]): AppError {
  const list = fields.length ? fields : [{ field: null, message: enText('validation.value') }];
  const entries: DbError[] = list.map((f) => ({ error: 'VALIDATION', primary: f.message, details: f.field, general: null }));
  const [first, ...more] = entries;
  return new AppError({ code: 'VALIDATION', status: 400, primary: first.primary, details: first.details, more });
}

/** A single-field validation failure with an i18n key or text ('validation.required'). */
export function invalidField(field: string | null, messageKey = 'validation.value'): AppError {
  return validationError([{ field, message: enText(messageKey) }]);
}

export const authRequired = (primary = enText('errors.notLoggedIn')) => new AppError({ code: 'AUTH_REQUIRED', status: 401, primary });

export const forbidden = (blocked: Blocked) => new AppError({ code: 'FORBIDDEN', status: 403, primary: enText('errors.forbidden'), general: blocked });

export const notFound = (primary = enText('errors.notFound')) => new AppError({ code: 'NOT_FOUND', status: 404, primary });

export const conflict = (primary = enText('errors.duplicate'), details: string | null = null) =>
  new AppError({ code: 'CONFLICT', status: 409, primary, details });

export const tooLarge = () => new AppError({ code: 'TOO_LARGE', status: 413, primary: enText('errors.tooLarge') });

/** The database cannot be reached (restarting, refusing connections, out of connections): retry later. */
export const unavailable = () => new AppError({ code: 'UNAVAILABLE', status: 503, primary: enText('errors.unavailable') });

/** Seconds a 503 asks the client to wait (Retry-After). */
export const RETRY_AFTER_S = 5;

export const rateLimited = () => new AppError({ code: 'RATE_LIMITED', status: 429, primary: enText('errors.tooManyAttempts') });

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
