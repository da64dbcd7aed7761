/** A refused call as form feedback: the message per field (from dbErrors) and one for the form. */
import { ApiError } from '../dataProvider/ApiError';

export interface FormErrors {
  fields: Record<string, string>;
  form: string | null;
}

export function formErrors(err: unknown, fallback: string): FormErrors {
  if (err instanceof ApiError && err.dbErrors?.length) {
    const fields: Record<string, string> = {};
    let form: string | null = null;
    for (const e of err.dbErrors) {
      const text = e.primary || e.general || fallback;
      if (e.details && !fields[e.details]) fields[e.details] = text;
      else if (!e.details) form ??= text;
    }
    return { fields, form: form ?? (Object.keys(fields).length ? null : err.message || fallback) };
  }
  return { fields: {}, form: err instanceof Error && err.message ? err.message : fallback };
}

export const NO_ERRORS: FormErrors = { fields: {}, form: null };
