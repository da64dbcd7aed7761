import { describe, expect, it } from 'vitest';
import { messageFromDbErrors, fieldErrorsFrom } from './errorMessage';
import { enTranslate } from './testing';

const ctx = { translate: enTranslate, fieldLabel: (f: string) => ({ de_name: 'Name' })[f] };
const e = (error: string, primary: string | null, details: string | null, general: string | null) => [{ error, primary, details, general }];

describe('message of a failed answer', () => {
  it.each([
    // The spec's literal rule, for codes that are not our generic ones.
    ['non-generic, primary with null value', e('DB_ERR', 'null value in column "x"', 'd', 'g'), 'null value in column "x"'],
    ['non-generic, primary without null value → details', e('DB_ERR', 'duplicate key', 'Key (x)=(1) exists', 'g'), 'Key (x)=(1) exists'],
    ['non-generic, no details → general', e('DB_ERR', 'duplicate key', null, 'General text'), 'General text'],
    ['non-generic, empty strings count as empty', e('DB_ERR', '', '  ', 'General text'), 'General text'],
    ['non-generic, all empty → Unknown error', e('DB_ERR', null, null, null), 'Unknown error'],
    ['accounting code, all empty → its table text', e('XE_SEC_FINAL', null, null, null), 'Section is final, update is not allowed.'],
    ['accounting code with details', e('XE_CONN_ERR', null, 'Timeout', null), 'Timeout'],
    // Our generic codes (API.md): primary is the user-facing text.
    ['VALIDATION → label: primary', e('VALIDATION', 'Field is required!', 'de_name', null), 'Name: Field is required!'],
    ['VALIDATION, unknown field → name: primary', e('VALIDATION', 'Max. 100 chars!', 'other', null), 'other: Max. 100 chars!'],
    ['VALIDATION without a field', e('VALIDATION', 'At least 3 characters', null, null), 'At least 3 characters'],
    ['CONFLICT → primary', e('CONFLICT', 'This record is in use and cannot be deleted.', null, null), 'This record is in use and cannot be deleted.'],
    ['INTERNAL → primary, not the error id', e('INTERNAL', 'Unknown error!', null, 'err-123'), 'Unknown error!'],
    ['FORBIDDEN without primary → general', e('FORBIDDEN', null, null, 'role'), 'role'],
    ['generic, all empty → Unknown error', e('NOT_FOUND', null, null, null), 'Unknown error'],
    ['no entries → Unknown error', [], 'Unknown error'],
    ['null → Unknown error', null, 'Unknown error'],
  ])('%s', (_, dbErrors, expected) => {
    expect(messageFromDbErrors(dbErrors, ctx)).toBe(expected);
  });

  it('re-translates known server texts', () => {
    const hu = (key: string) => (key === 'validation.required' ? 'A mező kitöltése kötelező!' : key);
    expect(messageFromDbErrors(e('VALIDATION', 'Field is required!', 'de_name', null), { translate: hu })).toBe('de_name: A mező kitöltése kötelező!');
  });

  it("re-translates a feature's own server texts too", () => {
    const keys: string[] = [];
    const hu = (key: string) => (keys.push(key), key === 'jobs.errors.notAllowedToModify' ? 'Ezt a munkát nem módosíthatod.' : key);
    expect(messageFromDbErrors(e('FORBIDDEN', 'You are not allowed to modify this job.', null, 'record'), { translate: hu })).toBe(
      'Ezt a munkát nem módosíthatod.',
    );
    expect(messageFromDbErrors(e('VALIDATION', 'Field is required!', 'de_name', null), { translate: hu })).toBe('de_name: validation.required');
  });

  it('maps VALIDATION entries to form errors', () => {
    expect(
      fieldErrorsFrom([...e('VALIDATION', 'Field is required!', 'de_name', null), ...e('VALIDATION', 'Odd', 'x', null), ...e('CONFLICT', 'c', 'y', null)]),
    ).toEqual({
      de_name: 'validation.required',
      x: 'Odd',
    });
    expect(fieldErrorsFrom(null)).toBeUndefined();
  });
});
