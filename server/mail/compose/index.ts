/**
 * The mail compose area (issue 5): drafts and sending, signatures, templates, tags, local folders,
 * the From aliases and the contact manager. Every route is gated to staff with mail.enabled, and
 * the per-account rules of SPEC.md point 6 are checked in ./access.ts.
 */
import type { FastifyInstance } from 'fastify';
import { registerAccountTextRoutes } from './accountTexts';
import { registerAliasRoutes } from './aliases';
import { registerContactManagerRoutes } from './contactManager';
import { registerDraftRoutes } from './drafts/routes';
import { registerFolderRoutes } from './folders';
import { registerTagRoutes } from './tags';

export function registerMailComposeRoutes(app: FastifyInstance): void {
  registerAliasRoutes(app);
  registerDraftRoutes(app);
  registerAccountTextRoutes(app);
  registerTagRoutes(app);
  registerFolderRoutes(app);
  registerContactManagerRoutes(app);
}
