/**
 * Turns PostgreSQL constraint errors into client answers. Only codes and column names leave the
 * server, never the database's own text (it can name tables, values and SQL).
 */
import { enText } from '../../src/i18n/en-US';
import { AppError, conflict, invalidField } from './errors';

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

export function mapPgError(err: unknown, method: string): AppError | null {
  if (!isPgError(err)) return null;
  switch (err.code) {
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
