/**
 * Mail administration (issue 5, "Accounts and servers"): accounts
 * with their users and aliases, and the IMAP folder table. Admin and Developer on brands with
 * mail on (server/mail/admin/gate.ts). The servers are resources of the engine (hooks: serverHooks.ts).
 */
import type { FastifyInstance } from 'fastify';
import { decorateMailSyncQueue } from '../queue/requestSync';
import { registerAccountLinkRoutes } from './accountLinks';
import { registerAccountRoutes } from './accounts';
import { registerImapFolderRoutes } from './imapFolders';

export function registerMailAdminRoutes(app: FastifyInstance): void {
  decorateMailSyncQueue(app);
  registerAccountRoutes(app);
  registerAccountLinkRoutes(app);
  registerImapFolderRoutes(app);
}
