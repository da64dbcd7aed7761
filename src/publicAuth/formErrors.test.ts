import { describe, expect, it } from 'vitest';
import { accountFormProblems } from './formErrors';

const t = (key: string) => ({ 'publicAuth.passwordsMatch': 'Passwords must match!', 'publicAuth.terms': 'You need to accept the license and terms first!' })[key] ?? key;

describe('registration and reservation checks', () => {
  it('names both problems on their fields', () => {
    expect(accountFormProblems({ password: 'a', password_again: 'b' }, false, t)).toEqual({
      fields: { password_again: 'Passwords must match!', accept_terms: 'You need to accept the license and terms first!' },
      form: null,
    });
  });

  it('passes matching passwords with the terms accepted', () => {
    expect(accountFormProblems({ password: 'secret1', password_again: 'secret1' }, true, t)).toBeNull();
  });
});
