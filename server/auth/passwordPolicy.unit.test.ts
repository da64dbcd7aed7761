/** The password policy without a database: at least 8 characters, not among the 10,000 most common, typed or hashed. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../envelope/errors';
import { sha256Hex } from './password';
import { dictionary } from '@zxcvbn-ts/language-common';
import {
  checkTypedPassword,
  COMMON_COUNT,
  COMMON_PASSWORDS,
  EMPTY_HASH,
  hashedPasswordProblem,
  isCommonPassword,
  isCommonPasswordHash,
  typedPasswordProblem,
} from './passwordPolicy';

describe('a new password as typed', () => {
  it('has at least 8 characters, counted as the user sees them', () => {
    expect(typedPasswordProblem('kq7-zvx')).toBe('validation.passwordLength');
    expect(typedPasswordProblem('kq7-zvxw')).toBeNull();
    // Seven emoji are 14 UTF-16 units but 7 characters.
    expect(typedPasswordProblem('🔑🔑🔑🔑🔑🔑🔑')).toBe('validation.passwordLength');
  });

  it('is not one of the most common passwords, whatever its case', () => {
    for (const common of ['password', '12345678', 'Password1', 'QWERTYUIOP', 'iloveyou1'])
      expect(typedPasswordProblem(common), common).toBe('validation.passwordCommon');
    expect(isCommonPassword('correct horse battery')).toBe(false);
  });

  it('is refused with a 400 naming the field and the spec-style message', () => {
    const refused = (() => {
      try {
        checkTypedPassword('a', 'password');
        return null;
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(400);
    expect((refused as AppError).toDbErrors()[0]).toMatchObject({ details: 'password', primary: 'The password must be at least 8 characters long.' });
    expect(() => checkTypedPassword('password1', 'new_password')).toThrow(AppError);
    expect(() => checkTypedPassword('tile-grout-Aug', 'password')).not.toThrow();
  });

  it('takes the list as the 10,000 most common, no more', () => {
    expect(COMMON_COUNT).toBe(10_000);
    expect(COMMON_PASSWORDS).toHaveLength(10_000);
    expect(COMMON_PASSWORDS.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
    // Past rank 10,000 a password of 8 characters or more is accepted, typed or hashed.
    const listed = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));
    const beyond = dictionary['passwords-common']
      .slice(COMMON_COUNT)
      .map(String)
      .find((p) => [...p].length >= 8 && !listed.has(p.toLowerCase()) && !listed.has(p));
    expect(beyond).toBeDefined();
    expect(typedPasswordProblem(beyond!)).toBeNull();
    expect(hashedPasswordProblem(sha256Hex(beyond!))).toBeNull();
    const last = [...COMMON_PASSWORDS].reverse().find((p) => [...p].length >= 8)!;
    expect(typedPasswordProblem(last)).toBe('validation.passwordCommon');
    expect(typedPasswordProblem(last.toUpperCase())).toBe('validation.passwordCommon');
    expect(hashedPasswordProblem(sha256Hex(last))).toBe('validation.passwordCommon');
  });
});

describe('a new password sent as its SHA-256', () => {
  it('refuses the hash of the empty string as too short', () => {
    expect(EMPTY_HASH).toBe(sha256Hex(''));
    expect(hashedPasswordProblem(EMPTY_HASH)).toBe('validation.passwordLength');
    expect(hashedPasswordProblem(EMPTY_HASH.toUpperCase())).toBe('validation.passwordLength');
    expect(isCommonPasswordHash(EMPTY_HASH)).toBe(true);
  });

  it('refuses the hash of a common password as listed or capitalised, in either hex case', () => {
    expect(hashedPasswordProblem(sha256Hex('password'))).toBe('validation.passwordCommon');
    expect(hashedPasswordProblem(sha256Hex('Password'))).toBe('validation.passwordCommon');
    expect(hashedPasswordProblem(sha256Hex('qwerty').toUpperCase())).toBe('validation.passwordCommon');
    // Only the listed and the capitalised form: other casings cannot be told from the hash.
    expect(hashedPasswordProblem(sha256Hex('pAsSwOrD'))).toBeNull();
    expect(hashedPasswordProblem(sha256Hex('tile-grout-Aug'))).toBeNull();
  });
});
