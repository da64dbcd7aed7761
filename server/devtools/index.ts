/** The developer and admin tools: SQL batches and their log, error logs, the dashboard and configs by path. */
import type { FastifyInstance } from 'fastify';
import type { RootDb } from '../db/types';
import { registerBatchRoutes } from './batchRoutes';
import { registerConfigRoutes } from './configs';
import { registerDashboardRoute } from './dashboard';
import { registerLogRoutes } from './logRoutes';

export function registerDevTools(app: FastifyInstance, root: RootDb): void {
  registerBatchRoutes(app, root);
  registerLogRoutes(app, root);
  registerDashboardRoute(app, root);
  registerConfigRoutes(app, root);
}
