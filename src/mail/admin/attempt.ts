/**
 * Runs one admin call: the fetch wrapper has already shown any failure as a notice, so here a
 * failure only yields null plus the per-field messages of a VALIDATION answer for the form.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { ApiError } from '../../dataProvider/ApiError';

dayjs.extend(utc);

export type FieldErrorMap = Record<string, string>;

export async function attempt<T>(call: () => Promise<T>, onFieldErrors?: (errors: FieldErrorMap) => void): Promise<T | null> {
  try {
    const result = await call();
    onFieldErrors?.({});
    return result;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    onFieldErrors?.(((err.body as { errors?: FieldErrorMap } | undefined)?.errors ?? {}) as FieldErrorMap);
    return null;
  }
}

/** A wire date ('YYYY-MM-DD HH:mm:ss', UTC) in the reader's time zone, minutes precision. */
export function showDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs.utc(value);
  return d.isValid() ? d.local().format('YYYY-MM-DD HH:mm') : value;
}
