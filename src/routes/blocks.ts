/** Block gates (SPEC.md points 2 and 6): a page under /admin must pass the /admin gate too. */
import type { Gate } from '../../core/access/access';
import { ADMINS, DEVELOPER, STAFF } from '../../core/access/roles';
import type { AppRoute, BlockId } from './types';

export const BLOCK_GATES: Record<BlockId, Gate> = {
  data: { roles: STAFF },
  admin: { roles: ADMINS },
  dev: { roles: DEVELOPER },
  google: { roles: STAFF, anyFeature: ['google.tasks', 'google.drive'] },
  microsoft: { roles: STAFF, requiredFeatures: ['microsoft.emails'] },
  xero: { roles: STAFF, requiredFeatures: ['job.enabled', 'job.xero'] },
};

/** Every gate a route must pass, block first (checkAccessAll reports the first refusal). */
export function gatesOf(route: Pick<AppRoute, 'gate' | 'block'>): Gate[] {
  const gates: Gate[] = [];
  if (route.block) gates.push(BLOCK_GATES[route.block]);
  if (route.gate) gates.push(route.gate);
  return gates;
}
