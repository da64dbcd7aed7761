import { describe, expect, it } from 'vitest';
import { checkAccess, checkAccessAll, isFeatureOn, isValidFeatureKey, type FeatureTree, type Gate } from './access';
import { allFeatures } from '../brand/types';
import type { Role } from './roles';

const features: FeatureTree = {
  auth: { publicRegistration: true, passwordReset: false },
  job: { enabled: true, xero: false },
  google: { tasks: false, drive: true },
  global: {},
};

describe('access rule of SPEC.md point 5', () => {
  it.each<[string, Gate, Role | null, FeatureTree | null, string]>([
    // roles
    ['no roles: anyone', {}, 'Customer', features, 'ok'],
    ['ANY accepts every role', { roles: ['ANY'] }, 'Engineer', features, 'ok'],
    ['role listed', { roles: ['Admin', 'Developer'] }, 'Admin', features, 'ok'],
    ['role not listed', { roles: ['Admin', 'Developer'] }, 'Operator', features, 'role'],
    ['no role at all', { roles: ['Admin'] }, null, features, 'role'],
    ['role checked before features', { roles: ['Admin'], requiredFeatures: ['job.xero'] }, 'User', features, 'role'],
    // requiredFeatures: all of them
    ['all required on', { requiredFeatures: ['job.enabled', 'google.drive'] }, 'User', features, 'ok'],
    ['one required off', { requiredFeatures: ['job.enabled', 'job.xero'] }, 'User', features, 'feature'],
    ['unknown key is off', { requiredFeatures: ['job.nothing'] }, 'User', features, 'feature'],
    ['group key is not a boolean', { requiredFeatures: ['job'] }, 'User', features, 'feature'],
    // anyFeature: one of them
    ['anyFeature one on', { anyFeature: ['google.tasks', 'google.drive'] }, 'User', features, 'ok'],
    ['anyFeature none on', { anyFeature: ['google.tasks', 'job.xero'] }, 'User', features, 'feature'],
    ['required fails but anyFeature passes', { requiredFeatures: ['job.xero'], anyFeature: ['google.drive'] }, 'User', features, 'ok'],
    // '*'
    ["'*' in required", { requiredFeatures: ['*'] }, 'User', features, 'ok'],
    ["'*' in anyFeature", { anyFeature: ['job.xero', '*'] }, 'User', features, 'ok'],
    // brand without features
    ['brand without features (null)', { requiredFeatures: ['job.enabled'] }, 'User', null, 'brand'],
    ['brand without features (empty)', { anyFeature: ['*'] }, 'User', {}, 'brand'],
    ['no feature gate on a featureless brand', { roles: ['User'] }, 'User', null, 'ok'],
    // invalid keys
    ['empty key', { requiredFeatures: [''] }, 'User', features, 'feature'],
    ['key with a comma', { requiredFeatures: ['job.enabled,job.xero'] }, 'User', features, 'feature'],
    ['key with a space', { anyFeature: ['job. enabled'] }, 'User', features, 'feature'],
    // global.proNotify counts as on when absent
    ['proNotify absent = on', { requiredFeatures: ['global.proNotify'] }, 'User', features, 'ok'],
    ['proNotify false = off', { requiredFeatures: ['global.proNotify'] }, 'User', { ...features, global: { proNotify: false } }, 'feature'],
    ['proNotify true = on', { requiredFeatures: ['global.proNotify'] }, 'User', allFeatures(true), 'ok'],
  ])('%s', (_, gate, role, tree, expected) => {
    const result = checkAccess(gate, { role, features: tree });
    expect(result.ok ? 'ok' : result.blocked).toBe(expected);
  });

  it.each([
    ['', false],
    ['a,b', false],
    ['a b', false],
    ['a\tb', false],
    ['job.enabled', true],
    ['*', true],
  ])('isValidFeatureKey(%j) = %s', (key, valid) => {
    expect(isValidFeatureKey(key)).toBe(valid);
  });

  it('isFeatureOn reads dotted keys and treats other absent keys as off', () => {
    expect(isFeatureOn(features, 'job.enabled')).toBe(true);
    expect(isFeatureOn(features, 'mail.enabled')).toBe(false);
    expect(isFeatureOn(null, 'global.proNotify')).toBe(false);
  });

  it('checkAccessAll: every gate must pass, the first refusal is reported', () => {
    const block: Gate = { roles: ['Admin', 'Developer'] };
    const page: Gate = { requiredFeatures: ['job.xero'] };
    expect(checkAccessAll([block, page], { role: 'Operator', features })).toEqual({ ok: false, blocked: 'role' });
    expect(checkAccessAll([block, page], { role: 'Admin', features })).toEqual({ ok: false, blocked: 'feature' });
    expect(checkAccessAll([block], { role: 'Admin', features })).toEqual({ ok: true });
    expect(checkAccessAll([], { role: null, features: null })).toEqual({ ok: true });
  });
});
