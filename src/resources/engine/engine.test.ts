import { describe, expect, it } from 'vitest';
import { departments } from '../../../core/resources/definitions/departments';
import { dateInputToWire, formatWireDate, wireToDateInput } from './dateText';
import { defaultValuesOf, sortOf } from './formValues';
import { canWrite } from './useCanWrite';
import { buildResourceSchema } from '../../../core/resources/engine/schema';

describe('resource engine helpers', () => {
  it('write roles decide the write actions', () => {
    expect(canWrite(departments, 'Operator')).toBe(true);
    expect(canWrite(departments, 'Admin')).toBe(true);
    expect(canWrite(departments, 'User')).toBe(false);
    expect(canWrite({ ...departments, writeRoles: undefined }, 'User')).toBe(true);
  });

  it('sort and defaults come from the definition', () => {
    expect(sortOf('de_name')).toEqual({ field: 'de_name', order: 'ASC' });
    expect(sortOf('-created_at')).toEqual({ field: 'created_at', order: 'DESC' });
    expect(defaultValuesOf(departments)).toEqual({ de_is_active: true });
  });

  it('dates: date-only values go out at 12:00, wire dates show in local time', () => {
    expect(dateInputToWire('2026-11-21')).toBe('2026-11-21 12:00:00');
    expect(dateInputToWire('')).toBeNull();
    expect(wireToDateInput('2026-11-21 12:00:00')).toBe('2026-11-21');
    expect(formatWireDate('2026-11-21 12:00:00', 'YYYY')).toBe('2026');
    expect(formatWireDate(null)).toBe('');
  });

  it('the form schema gives the translated-message keys and tolerates id and read-only fields', async () => {
    const schema = buildResourceSchema(departments, 'create').noUnknown(false);
    const err = await schema.validate({ id: 1, de_id: 1, de_name: '', de_prefix: 'x'.repeat(101) }, { abortEarly: false }).catch((e) => e);
    expect(err.errors).toEqual(expect.arrayContaining(['validation.required', 'validation.max100']));
    await expect(schema.validate({ id: 1, de_id: 1, de_name: 'Plumbing', de_prefix: 'PL' })).resolves.toMatchObject({ de_name: 'Plumbing' });
  });
});
