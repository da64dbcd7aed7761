import { ROLES, type Role } from '../../core/access/roles';

/** Roles a user may give to others (SPEC.md point 6): a Developer any, an Admin all but Developer, others none. */
export function changeableRoles(role: Role | null): Role[] {
  if (role === 'Developer') return [...ROLES];
  if (role === 'Admin') return ROLES.filter((r) => r !== 'Developer');
  return [];
}
