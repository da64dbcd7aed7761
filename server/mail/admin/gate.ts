/** Who may administer mail accounts and servers: Admin and Developer, on brands with mail on. */
import type { Gate } from '../../../core/access/access';
import { ADMINS } from '../../../core/access/roles';

export const MAIL_ADMIN_GATE: Gate = { roles: ADMINS, requiredFeatures: ['mail.enabled'] };
