/**
 * The Google area's access rules and selection rule (SPEC points 4 and 6), shared by the server's
 * routes and the SPA's screens.
 */
import { STAFF } from '../access/roles';
import type { Gate } from '../access/access';

/** The Google menu block: staff, with Tasks or Drive on (the cloud data loads when either is). */
export const GOOGLE_GATE: Gate = { roles: STAFF, anyFeature: ['google.tasks', 'google.drive'] };
export const GOOGLE_DRIVE_GATE: Gate = { roles: STAFF, requiredFeatures: ['google.drive'] };
export const GOOGLE_TASKS_GATE: Gate = { roles: STAFF, requiredFeatures: ['google.tasks'] };

/**
 * Toggle-all (SPEC point 4): when every account is selected, all are deselected; otherwise all are
 * selected. Answers the new disabled list.
 */
export function toggleAllDisabled<T>(ids: readonly T[], disabled: readonly T[]): T[] {
  const allSelected = ids.every((id) => !disabled.includes(id));
  return allSelected ? [...ids] : [];
}

/** Toggle one: an account in the disabled list leaves it, any other joins it. */
export function toggleOneDisabled<T>(id: T, disabled: readonly T[]): T[] {
  return disabled.includes(id) ? disabled.filter((d) => d !== id) : [...disabled, id];
}
