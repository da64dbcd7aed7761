import { describe, expect, it } from 'vitest';
import { allFeatures } from '../../../core/brand/types';
import { departments } from '../../../core/resources/definitions/departments';
import { users } from '../../../core/users/usersResource';
import { canDelete, canWrite } from './useCanWrite';

describe('write and delete actions', () => {
  it('follow the write roles', () => {
    expect(canWrite(departments, 'Operator')).toBe(true);
    expect(canWrite(departments, 'User')).toBe(false);
  });

  it('hide delete where the definition needs a feature the brand has off', () => {
    const off = allFeatures(true);
    off.auth.userDelete = false;
    expect(canDelete(users, 'Admin', allFeatures(true))).toBe(true);
    expect(canDelete(users, 'Admin', off)).toBe(false);
    expect(canDelete(departments, 'Admin', off)).toBe(true);
    expect(canDelete(users, 'Operator', allFeatures(true))).toBe(false);
  });
});
