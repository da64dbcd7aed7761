/**
 * The server's password policy (core/auth/passwordPolicy.ts has the shared length rule).
 *
 * A password that arrives as typed (changePassword, setPassword, addUser) must have at least 8
 * characters and not be one of the 10,000 most common passwords. One that arrives only as its
 * SHA-256 (register, resetPassword, reserveSchema) is compared with the hashes of the same list,
 * and the hash of the empty string is refused; its length was checked by the SPA before hashing.
 *
 * The list is the first 10,000 entries of the ranked common-password dictionary of
 * `@zxcvbn-ts/language-common` (from the leaked-password frequency lists zxcvbn is built on).
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordLengthProblem } from '../../core/auth/passwordPolicy';
import { invalidField } from '../envelope/errors';
import { sha256Hex } from './password';

export const COMMON_COUNT = 10_000;

/** Ranked, most common first: the head of the list. */
export const COMMON_PASSWORDS: readonly string[] = dictionary['passwords-common'].slice(0, COMMON_COUNT).map(String);

/** The lists are lower case, so the check is too ('Password1' is as common as 'password1'). */
const commonTyped = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));

/** The exact typed text of a listed password and its capitalised form (a hash hides any other casing). About 20 ms at start. */
const commonHashes = new Set(COMMON_PASSWORDS.flatMap((p) => [sha256Hex(p), sha256Hex(p.charAt(0).toUpperCase() + p.slice(1))]));

export function isCommonPassword(typed: string): boolean {
  return commonTyped.has(typed.toLowerCase());
}

export const EMPTY_HASH = sha256Hex('');

/** For the calls that get only the hash. */
export function isCommonPasswordHash(hash: string): boolean {
  const h = hash.toLowerCase();
  return h === EMPTY_HASH || commonHashes.has(h);
}

/** The i18n key of what is wrong with a new password as typed, or null. */
export function typedPasswordProblem(typed: string): string | null {
  return passwordLengthProblem(typed) ?? (isCommonPassword(typed) ? 'validation.passwordCommon' : null);
}

/** The i18n key of what is wrong with a new password sent as its hash, or null. */
export function hashedPasswordProblem(hash: string): string | null {
  if (hash.toLowerCase() === EMPTY_HASH) return 'validation.passwordLength';
  return isCommonPasswordHash(hash) ? 'validation.passwordCommon' : null;
}

/** Throws the field's 400 when a new password as typed breaks the policy. */
export function checkTypedPassword(typed: string, field: string): void {
  const problem = typedPasswordProblem(typed);
  if (problem) throw invalidField(field, problem);
}
