import { describe, expect, it } from 'vitest';
import { contacts } from '../../../core/resources/definitions/contacts';
import { jobsites } from '../../../core/resources/definitions/jobsites';
import { validateResource } from '../../../core/resources/engine/schema';

const errors = (r: ReturnType<typeof validateResource>) => (r.ok ? [] : r.errors.map((e) => [e.field, e.message]));

describe('cross-field rules and relation rows of the shared schema', () => {
  it('a note is required while its flag is set, and only then', () => {
    expect(
      errors(
        validateResource(
          contacts,
          { co_name: 'A', co_type: 'CLIENT', co_rates_special: true, co_commission_special: true, co_commission_note: '  ' },
          'create',
        ),
      ),
    ).toEqual([
      ['co_rates_note', 'validation.required'],
      ['co_commission_note', 'validation.required'],
    ]);
    expect(validateResource(contacts, { co_name: 'A', co_type: 'CLIENT', co_rates_special: false }, 'create').ok).toBe(true);
  });

  it('an update sees the stored flag when the body names only the note', () => {
    const stored = { co_rates_special: true, co_rates_note: 'Night rate' };
    expect(errors(validateResource(contacts, { co_rates_note: null }, 'update', stored))).toEqual([['co_rates_note', 'validation.required']]);
    expect(validateResource(contacts, { co_name: 'B' }, 'update', stored).ok).toBe(true);
  });

  it('each relation row needs its reference; unknown row keys are refused', () => {
    const result = validateResource(
      jobsites,
      { js_address: '1 High St', clients: [{ co_id: 3, is_lead: true }, { co_id: '' }], propertymanagers: [{ pm_id: 2, extra: 1 }] },
      'create',
    );
    expect(errors(result)).toEqual([
      ['clients[1].co_id', 'validation.rowSelect'],
      ['propertymanagers[0]', 'validation.value'],
    ]);
    expect(validateResource(jobsites, { js_address: '1 High St', clients: [{ co_id: 3 }], sitecontacts: [] }, 'create').ok).toBe(true);
  });
});
