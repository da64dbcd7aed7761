import { describe, expect, it } from 'vitest';
import { ApiError } from '../dataProvider/ApiError';
import { formErrors } from '../publicauth/formErrors';
import { mixesTypes, type BatchFile } from '../../core/devtools/sqlTypes';

const file = (se_type: BatchFile['se_type']): BatchFile => ({ bf_id: 1, bf_name: 'f', se_type, bf_sql: 'select 1', bf_description: null });

describe('SQL batch selection', () => {
  it("never lets 'global' and 'site_n' be chosen together", () => {
    expect(mixesTypes([file('site_n')], ['site_1', 'site_2'])).toBe(false);
    expect(mixesTypes([file('global')], ['global'])).toBe(false);
    expect(mixesTypes([file('site_n')], ['global'])).toBe(true);
    expect(mixesTypes([], ['global', 'site_1'])).toBe(true);
    expect(mixesTypes([file('global'), file('site_n')], [])).toBe(true);
  });
});

describe('form errors from a refused call', () => {
  it('puts each dbErrors entry on its field, and field-less ones on the form', () => {
    const err = new ApiError('x', 400, {
      dbErrors: [
        { error: 'VALIDATION', primary: 'Passwords must match!', details: 'password_again', general: null },
        { error: 'FORBIDDEN', primary: 'Public registration is not allowed!', details: null, general: 'feature' },
      ],
    });
    expect(formErrors(err, 'fallback')).toEqual({ fields: { password_again: 'Passwords must match!' }, form: 'Public registration is not allowed!' });
    expect(formErrors(new Error(''), 'fallback')).toEqual({ fields: {}, form: 'fallback' });
  });
});
