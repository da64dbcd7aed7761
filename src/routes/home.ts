/** Where '/' sends each role (SPEC.md point 2: staff → job sheet; a Customer → their portal, issue 24). */
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
