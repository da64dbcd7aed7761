/** Roles and role groups of SPEC.md point 6. Pure data: the SPA and the server both import it. */
export const ROLES = ['Developer', 'Admin', 'Operator', 'BemAccount', 'Procurement', 'User', 'Engineer', 'Sales', 'Customer'] as const;
export type Role = (typeof ROLES)[number];

/** 'ANY' accepts every role (SPEC.md point 5). */
export type RoleGate = Role | 'ANY';

export const STAFF: readonly Role[] = ['Developer', 'Admin', 'Operator', 'BemAccount', 'Procurement', 'User'];
export const OPERATOR_GROUP: readonly Role[] = ['Operator', 'BemAccount', 'Procurement'];
export const ADMINS: readonly Role[] = ['Admin', 'Developer'];
export const DEVELOPER: readonly Role[] = ['Developer'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
