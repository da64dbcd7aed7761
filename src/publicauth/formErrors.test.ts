import { describe, expect, it } from 'vitest';
import { accountFormProblems, registrationProblems } from './formErrors';

const t = (key: string) =>
  ({
    'publicAuth.passwordsMatch': 'Passwords must match!',
    'publicAuth.terms': 'You need to accept the license and terms first!',
    'validation.passwordLength': 'The password must be at least 8 characters long.',
    'validation.required': 'Field is required!',
    'validation.email': 'Invalid email',
  })[key] ?? key;

describe('registration and reservation checks', () => {
  it('names both problems on their fields', () => {
    expect(accountFormProblems({ password: 'a long one', password_again: 'b long one' }, false, t)).toEqual({
      fields: { password_again: 'Passwords must match!', accept_terms: 'You need to accept the license and terms first!' },
      form: null,
    });
  });

  it('checks the length before the password is hashed (the server gets only the hash)', () => {
    expect(accountFormProblems({ password: 'short', password_again: 'short' }, true, t)).toEqual({
      fields: { password: 'The password must be at least 8 characters long.' },
      form: null,
    });
    // Counted as the user sees it: 8 characters, whatever their bytes.
    expect(accountFormProblems({ password: 'jelszó12', password_again: 'jelszó12' }, true, t)).toBeNull();
  });

  it('passes matching passwords with the terms accepted', () => {
    expect(accountFormProblems({ password: 'secret12', password_again: 'secret12' }, true, t)).toBeNull();
  });
});

describe('registration', () => {
  it('names the empty and invalid fields while the terms box is still unticked', () => {
    expect(registrationProblems({ firstname: ' ', surname: '', email: 'ann@', password: 'secret12', password_again: 'secret12' }, false, t)).toEqual({
      fields: {
        firstname: 'Field is required!',
        surname: 'Field is required!',
        email: 'Invalid email',
        accept_terms: 'You need to accept the license and terms first!',
      },
      form: null,
    });
    expect(
      registrationProblems({ firstname: 'Ann', surname: 'Plum', email: 'ann@plum.example', password: 'secret12', password_again: 'secret12' }, true, t),
    ).toBeNull();
  });
});
