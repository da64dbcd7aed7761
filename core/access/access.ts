/**
 * The access rule of SPEC.md point 5, used unchanged by the SPA's route guards and the server's
 * route hooks, so that what the UI hides the server also refuses.
 */
import type { Role, RoleGate } from './roles';

export interface FeatureTree {
  [key: string]: boolean | FeatureTree | undefined;
}

export interface Gate {
  /** Accepted roles; 'ANY' accepts all. Omitted or empty: any role. */
  roles?: readonly RoleGate[];
  /** Every key must be on ('*' always passes). */
  requiredFeatures?: readonly string[];
  /** At least one key must be on ('*' always passes). */
  anyFeature?: readonly string[];
}

export type Blocked = 'role' | 'feature' | 'brand';
export type AccessResult = { ok: true } | { ok: false; blocked: Blocked };

/** Keys whose absence counts as on (SPEC.md point 3: global.proNotify). */
const ON_WHEN_ABSENT = new Set(['global.proNotify']);

/** A feature key is invalid if empty or if it contains a comma or a space. */
export function isValidFeatureKey(key: string): boolean {
  return key.length > 0 && !/[,\s]/.test(key);
}

/** Reads a dotted key ('job.xero') from the brand's feature tree. Invalid keys are off. */
export function isFeatureOn(features: FeatureTree | null | undefined, key: string): boolean {
  if (key === '*') return true;
  if (!features || !isValidFeatureKey(key)) return false;
  let node: FeatureTree | boolean | undefined = features;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return false;
    node = node[part];
  }
  if (node === undefined) return ON_WHEN_ABSENT.has(key);
  return node === true;
}

export function roleAllowed(role: Role | null | undefined, roles: readonly RoleGate[] | undefined): boolean {
  if (!roles || roles.length === 0 || roles.includes('ANY')) return true;
  return !!role && roles.includes(role);
}

export function featuresAllowed(features: FeatureTree | null | undefined, gate: Gate): boolean {
  const required = gate.requiredFeatures ?? [];
  const any = gate.anyFeature ?? [];
  if (required.length === 0 && any.length === 0) return true;
  const allRequired = required.length > 0 && required.every((key) => isFeatureOn(features, key));
  const oneOfAny = any.length > 0 && any.some((key) => isFeatureOn(features, key));
  return allRequired || oneOfAny;
}

/**
 * Role first, then features. A brand without a feature tree denies every gated page
 * ('brand'), because nothing about that brand can be trusted to be switched on.
 */
export function checkAccess(gate: Gate, subject: { role: Role | null | undefined; features: FeatureTree | null | undefined }): AccessResult {
  if (!roleAllowed(subject.role, gate.roles)) return { ok: false, blocked: 'role' };
  const hasFeatureGate = (gate.requiredFeatures?.length ?? 0) + (gate.anyFeature?.length ?? 0) > 0;
  if (hasFeatureGate && (!subject.features || Object.keys(subject.features).length === 0)) {
    return { ok: false, blocked: 'brand' };
  }
  if (!featuresAllowed(subject.features, gate)) return { ok: false, blocked: 'feature' };
  return { ok: true };
}

/** Several gates (a page inside a block such as /admin) must all pass; the first refusal wins. */
export function checkAccessAll(gates: readonly Gate[], subject: { role: Role | null | undefined; features: FeatureTree | null | undefined }): AccessResult {
  for (const gate of gates) {
    const result = checkAccess(gate, subject);
    if (!result.ok) return result;
  }
  return { ok: true };
}
