/**
 * The Microsoft area's access rules (SPEC points 2 and 6), shared by the server's routes and the
 * SPA's screens: staff see the mailboxes (the ones assigned to them); admins connect, disconnect,
 * choose the default and assign users.
 */
import type { Gate } from '../access/access';
import { ADMINS, STAFF } from '../access/roles';

export const MICROSOFT_FEATURE = 'microsoft.emails';
export const MICROSOFT_GATE: Gate = { roles: STAFF, requiredFeatures: [MICROSOFT_FEATURE] };
export const MICROSOFT_ADMIN_GATE: Gate = { roles: ADMINS, requiredFeatures: [MICROSOFT_FEATURE] };

/** The pg-boss task (accounting queue, server/accounting/queue/) that syncs one mailbox's mail through Graph. */
export const MICROSOFT_SYNC_TASK = 'microsoft-mail-sync';

/** What the product asks Microsoft for: a refresh token, the user's address, and the mailbox. */
export const MICROSOFT_SCOPES = ['openid', 'email', 'offline_access', 'User.Read', 'Mail.ReadWrite', 'Mail.Send'] as const;
