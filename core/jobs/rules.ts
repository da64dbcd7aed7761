/** Job rules both sides apply (SPEC.md points 4 and 6). Pure data and functions. */
import { STAFF, type Role } from '../access/roles';
import type { JobStatus } from '../enums';

/** The statuses a customer sees; a job in any other status shows them no status at all. */
export const CUSTOMER_VISIBLE_STATUSES: readonly JobStatus[] = ['QUOTED', 'APPROVED', 'BOOKED', 'IN_PROGRESS', 'COMPLETED'];

/** Who opens the job sheet (SPEC.md point 6: sheets are open to staff plus Customer). */
export const SHEET_ROLES: readonly Role[] = [...STAFF, 'Customer'];

/** Who may change any job whatever its assigned list. */
export const JOB_SUPER_ROLES: readonly Role[] = ['Admin', 'Developer'];

/**
 * A job with an assigned list can be changed only by its assigned users (and Admin/Developer);
 * a job with nobody assigned by any staff member. So a user who removes themselves from the list
 * can no longer modify the job (SPEC.md point 4).
 */
export function canModifyJob(role: Role | null, usId: number, assigned: readonly number[]): boolean {
  if (!role || !STAFF.includes(role)) return false;
  if (JOB_SUPER_ROLES.includes(role)) return true;
  return assigned.length === 0 || assigned.includes(usId);
}

export function isCustomerVisibleStatus(status: string | null | undefined): boolean {
  return !!status && (CUSTOMER_VISIBLE_STATUSES as readonly string[]).includes(status);
}
