/** Who manages the brand's mailboxes (core/microsoft/constants.ts MICROSOFT_ADMIN_GATE): admins see every one. */
import { ADMINS, type Role } from '../../core/access/roles';

export const isAdminRole = (role: Role | null): boolean => role !== null && ADMINS.includes(role);
