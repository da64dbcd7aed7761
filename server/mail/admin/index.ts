/**
 * Mail administration (issue 5, "Accounts and servers"): outgoing and incoming servers, accounts
 * with their users and aliases, and the IMAP folder table. Admin and Developer on brands with
 * mail on (server/mail/admin/gate.ts).
 */
import type { FastifyInstance } from 'fastify';
import { decorateMailSyncQueue } from '../queue/requestSync';
import { registerAccountLinkRoutes } from './accountLinks';
import { registerAccountRoutes } from './accounts';
import { registerImapFolderRoutes } from './imapFolders';
import { IMAP, registerServerRoutes, SMTP } from './servers';

export function registerMailAdminRoutes(app: FastifyInstance): void {
  decorateMailSyncQueue(app);
  registerServerRoutes(app, SMTP);
  registerServerRoutes(app, IMAP);
  registerAccountRoutes(app);
  registerAccountLinkRoutes(app);
  registerImapFolderRoutes(app);
}
