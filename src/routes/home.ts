/**
 * Where '/' sends each role (SPEC.md point 2: staff → job sheet; a Customer → their portal, issue 24).
 * Office staff who may open the sheet stay on '/': their home page (issue 28) links into it.
 */
import type { FeatureTree } from '../../core/access/access';
import { STAFF, type Role } from '../../core/access/roles';
import { canOpen } from './guard';
import { ROUTES } from './routeTable';

export function homePathFor(role: Role | null | undefined): string | null {
  if (!role) return null;
  if (STAFF.includes(role)) return '/sheet';
  if (role === 'Customer') return '/portal';
  if (role === 'Engineer') return '/engineer-view';
  if (role === 'Sales') return '/brands';
  return null;
}

/** The home route if this user may open it; null means "show the small home page instead". */
export function homeTarget(role: Role | null | undefined, features: FeatureTree | null | undefined): string | null {
  const path = homePathFor(role);
  if (!path) return null;
  const route = ROUTES.find((r) => r.path === path || r.path === `${path}/:id?`);
  return route && canOpen(route, role, features) ? path : null;
}

/** Whether '/' is the office home page for this user: staff who may open the job sheet. */
export function showsOfficeHome(role: Role | null | undefined, features: FeatureTree | null | undefined): boolean {
  return !!role && STAFF.includes(role) && homeTarget(role, features) === '/sheet';
}
