/**
 * The password rule both sides share: at least PASSWORD_MIN_LENGTH characters (counted as the user
 * sees them, code points). The SPA checks it before hashing, since calls that send only the hash
 * (register, reset, reserve) leave the server unable to count; the server also refuses the 10,000
 * most common passwords (server/auth/passwordPolicy.ts), by the typed text or by their hashes.
 */
export const PASSWORD_MIN_LENGTH = 8;

/** The i18n key of what is wrong with a new password as typed, or null. */
export function passwordLengthProblem(typed: string): 'validation.passwordLength' | null {
  return [...typed].length < PASSWORD_MIN_LENGTH ? 'validation.passwordLength' : null;
}
