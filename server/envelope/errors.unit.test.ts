import { describe, expect, it } from 'vitest';
import { AppError, authRequired, conflict, forbidden, invalidField, isAppError, notFound, rateLimited, tooLarge, unavailable, validationError } from './errors';

/** API.md: every error answer carries dbErrors entries { error, primary, details, general } and its HTTP status. */
describe('envelope errors', () => {
  it('an AppError carries status, code and the dbErrors texts', () => {
    const err = new AppError({
      code: 'X_CODE',
      status: 418,
      primary: 'Text',
      details: 'field',
      general: 'why',
      more: [{ error: 'Y', primary: null, details: null, general: null }],
    });
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('AppError');
    expect(err.message).toBe('Text');
    expect(err.status).toBe(418);
    expect(err.code).toBe('X_CODE');
    expect(err.toDbErrors()).toEqual([
      { error: 'X_CODE', primary: 'Text', details: 'field', general: 'why' },
      { error: 'Y', primary: null, details: null, general: null },
    ]);
  });

  it('missing texts are null and the message falls back to the code', () => {
    const err = new AppError({ code: 'BARE', status: 500 });
    expect(err.message).toBe('BARE');
    expect(err.toDbErrors()).toEqual([{ error: 'BARE', primary: null, details: null, general: null }]);
    expect(err.more).toEqual([]);
  });

  it('one VALIDATION entry per field, in order', () => {
    const err = validationError([
      { field: 'a', message: 'Field is required!' },
      { field: 'b', message: 'Invalid number' },
    ]);
    expect(err.status).toBe(400);
    expect(err.toDbErrors()).toEqual([
      { error: 'VALIDATION', primary: 'Field is required!', details: 'a', general: null },
      { error: 'VALIDATION', primary: 'Invalid number', details: 'b', general: null },
    ]);
  });

  it("no field named: one 'Invalid value' entry", () => {
    expect(validationError([]).toDbErrors()).toEqual([{ error: 'VALIDATION', primary: 'Invalid value', details: null, general: null }]);
  });

  it('invalidField turns the i18n key into its en-US text', () => {
    expect(invalidField('de_name', 'validation.required').toDbErrors()).toEqual([
      { error: 'VALIDATION', primary: 'Field is required!', details: 'de_name', general: null },
    ]);
    expect(invalidField(null).toDbErrors()).toEqual([{ error: 'VALIDATION', primary: 'Invalid value', details: null, general: null }]);
  });

  it.each([
    ['authRequired', authRequired(), 401, 'AUTH_REQUIRED', 'Please log in.', null, null],
    ['authRequired with a text', authRequired('Session ended'), 401, 'AUTH_REQUIRED', 'Session ended', null, null],
    ['forbidden', forbidden('feature'), 403, 'FORBIDDEN', 'You are not allowed to do this.', null, 'feature'],
    ['notFound', notFound(), 404, 'NOT_FOUND', 'The requested record does not exist.', null, null],
    ['notFound with a text', notFound('No such job'), 404, 'NOT_FOUND', 'No such job', null, null],
    ['conflict', conflict(), 409, 'CONFLICT', 'A record with this value already exists.', null, null],
    ['conflict with a column', conflict('Taken', 'de_prefix'), 409, 'CONFLICT', 'Taken', 'de_prefix', null],
    ['tooLarge', tooLarge(), 413, 'TOO_LARGE', 'Max upload limit reached.', null, null],
    ['unavailable', unavailable(), 503, 'UNAVAILABLE', 'The service is briefly unavailable. Please try again in a moment.', null, null],
    ['rateLimited', rateLimited(), 429, 'RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.', null, null],
  ])('%s: %i %s', (_, err, status, error, primary, details, general) => {
    expect(err.status).toBe(status);
    expect(err.toDbErrors()).toEqual([{ error, primary, details, general }]);
  });

  it('isAppError tells AppErrors from other errors', () => {
    expect(isAppError(notFound())).toBe(true);
    expect(isAppError(new Error('x'))).toBe(false);
    expect(isAppError({ code: 'NOT_FOUND', status: 404 })).toBe(false);
  });
});
