/** A refused call as form feedback: the message per field (from dbErrors) and one for the form. */
import { passwordLengthProblem } from '../../core/auth/passwordPolicy';
import { isValidEmail } from '../../core/mail/compose/addresses';
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

/** The checks registration and reservation share before anything is sent (SPEC.md point 5). */
export function accountFormProblems(
  values: { password: string; password_again: string },
  termsAccepted: boolean,
  translate: (key: string) => string,
): FormErrors | null {
  const fields: Record<string, string> = {};
  // Only the hash is sent, so the length is checked here, before hashing (the server cannot count).
  const short = passwordLengthProblem(values.password);
  if (short) fields.password = translate(short);
  if (values.password !== values.password_again) fields.password_again = translate('publicAuth.passwordsMatch');
  if (!termsAccepted) fields.accept_terms = translate('publicAuth.terms');
  return Object.keys(fields).length ? { fields, form: null } : null;
}

/**
 * Registration's checks, all at once: the name and address fields are named together with the
 * password and terms problems, so ticking the terms box is not what reveals the other errors.
 */
export function registrationProblems(
  values: { firstname: string; surname: string; email: string; password: string; password_again: string },
  termsAccepted: boolean,
  translate: (key: string) => string,
): FormErrors | null {
  const fields: Record<string, string> = {};
  if (!values.firstname.trim()) fields.firstname = translate('validation.required');
  if (!values.surname.trim()) fields.surname = translate('validation.required');
  if (!isValidEmail(values.email)) fields.email = translate(values.email.trim() ? 'validation.email' : 'validation.required');
  Object.assign(fields, accountFormProblems(values, termsAccepted, translate)?.fields);
  return Object.keys(fields).length ? { fields, form: null } : null;
}
