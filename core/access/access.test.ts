import { describe, expect, it } from 'vitest';
import { checkAccess, checkAccessAll, featuresAllowed, isFeatureOn, isValidFeatureKey, roleAllowed, type FeatureTree, type Gate } from './access';
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

  it('an empty roles list admits every role, even none', () => {
    expect(roleAllowed('Customer', [])).toBe(true);
    expect(roleAllowed(null, [])).toBe(true);
    expect(roleAllowed(undefined, undefined)).toBe(true);
    expect(checkAccess({ roles: [] }, { role: 'Engineer', features })).toEqual({ ok: true });
  });

  it("'ANY' admits a user without a known role; a list without 'ANY' does not", () => {
    expect(roleAllowed(null, ['Admin', 'ANY'])).toBe(true);
    expect(roleAllowed(undefined, ['Admin'])).toBe(false);
    expect(roleAllowed('Admin', ['Admin'])).toBe(true);
  });

  it('a feature tree with a null branch, or a leaf where a branch is expected, is off', () => {
    const odd = { job: null, mail: true } as unknown as FeatureTree;
    expect(isFeatureOn(odd, 'job.enabled')).toBe(false);
    expect(isFeatureOn(odd, 'mail.enabled')).toBe(false);
    expect(isFeatureOn(odd, 'mail')).toBe(true);
    expect(isFeatureOn({ job: { enabled: 'yes' } } as unknown as FeatureTree, 'job.enabled')).toBe(false);
    expect(isFeatureOn(undefined, '*')).toBe(true);
  });

  it('featuresAllowed: no feature gate passes; required and any alone each decide', () => {
    expect(featuresAllowed(null, {})).toBe(true);
    expect(featuresAllowed(features, { requiredFeatures: [], anyFeature: [] })).toBe(true);
    expect(featuresAllowed(features, { requiredFeatures: ['job.enabled'] })).toBe(true);
    expect(featuresAllowed(features, { requiredFeatures: ['job.xero'] })).toBe(false);
    expect(featuresAllowed(features, { anyFeature: ['job.xero'] })).toBe(false);
    expect(featuresAllowed(features, { anyFeature: ['job.enabled'] })).toBe(true);
    expect(featuresAllowed(features, { requiredFeatures: ['job.xero'], anyFeature: ['google.tasks'] })).toBe(false);
  });

  it('a featureless brand is refused only for a gate that names features', () => {
    expect(checkAccess({ requiredFeatures: [] }, { role: 'User', features: null })).toEqual({ ok: true });
    expect(checkAccess({ anyFeature: ['*'] }, { role: 'User', features: undefined })).toEqual({ ok: false, blocked: 'brand' });
    expect(checkAccess({ requiredFeatures: ['*'] }, { role: 'User', features: {} })).toEqual({ ok: false, blocked: 'brand' });
  });

  it('an invalid key is off even when the tree holds it literally', () => {
    const literal = { 'a,b': true, 'a b': true, '': true } as unknown as FeatureTree;
    expect(isFeatureOn(literal, 'a,b')).toBe(false);
    expect(isFeatureOn(literal, 'a b')).toBe(false);
    expect(isFeatureOn(literal, '')).toBe(false);
    expect(checkAccess({ requiredFeatures: ['a,b'] }, { role: 'User', features: literal })).toEqual({ ok: false, blocked: 'feature' });
  });
});
