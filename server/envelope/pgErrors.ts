/**
 * Turns PostgreSQL constraint errors into client answers. Only codes and column names leave the
 * server, never the database's own text (it can name tables, values and SQL).
 */
import { enText } from '../../core/i18n/en-US';
import { AppError, conflict, invalidField, unavailable } from './errors';

interface PgError {
  code?: string;
  column?: string;
  detail?: string;
  constraint?: string;
}

function isPgError(err: unknown): err is PgError & Error {
  return err instanceof Error && typeof (err as PgError).code === 'string' && /^[0-9A-Z]{5}$/.test((err as PgError).code ?? '');
}

/** 'Key (de_prefix)=(PLB) already exists.' → 'de_prefix' (column names only, never values). */
function keyColumn(err: PgError): string | null {
  const match = /^Key \(([A-Za-z0-9_, ]+)\)=/.exec(err.detail ?? '');
  return match ? match[1] : (err.column ?? null);
}

/** SQLSTATE classes and codes that mean the database is not there, not that the statement is wrong. */
const OUTAGE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006', '08P01']);
/** Node's socket errors when PostgreSQL is down or restarting. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** pg's and pg-pool's own texts for a lost or unobtainable connection (they carry no code). */
const OUTAGE_TEXT =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down|in recovery mode))/i;

/** True when the error says the database cannot be reached now (503 with Retry-After, not a fault). */
export function isDatabaseOutage(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (OUTAGE_CODES.has(code) || SOCKET_CODES.has(code))) return true;
  if (OUTAGE_TEXT.test(err.message)) return true;
  // net.connect with several addresses (localhost: ::1 and 127.0.0.1) fails with an AggregateError.
  if (err instanceof AggregateError) return err.errors.some(isDatabaseOutage);
  const cause = (err as { cause?: unknown }).cause;
  return cause !== undefined && cause !== err && isDatabaseOutage(cause);
}

export function mapPgError(err: unknown, method: string): AppError | null {
  if (isDatabaseOutage(err)) return unavailable();
  if (!isPgError(err)) return null;
  switch (err.code) {
    case '22021': // character_not_in_repertoire: a NUL byte in a text value
    case '22P05': // untranslatable_character
    case '54001': // statement_too_complex (a value nested too deep for PostgreSQL)
      return invalidField(err.column ?? null);
    case '23505': // unique_violation
      return conflict(enText('errors.duplicate'), keyColumn(err));
    case '23503': // foreign_key_violation
      // On delete it means another row still points here; on write, the reference is unknown.
      if (method === 'DELETE') return conflict(enText('errors.inUse'));
      return invalidField(keyColumn(err));
    case '23502': // not_null_violation
      return invalidField(err.column ?? null, 'validation.required');
    case '23514': // check_violation
    case '22P02': // invalid_text_representation
    case '22001': // string_data_right_truncation
    case '22003': // numeric_value_out_of_range
    case '22007': // invalid_datetime_format
    case '22008': // datetime_field_overflow
      return invalidField(err.column ?? null);
    default:
      return null;
  }
}
