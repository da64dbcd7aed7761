/** The accounting area's routes beyond the engine's CRUD of xerotaxrates and xeroitems. */
import type { FastifyInstance } from 'fastify';
import { registerCatalogRoutes } from './catalogRoutes';
import { registerSyncPendingRoutes } from './syncPendingRoutes';

export function registerAccountingRoutes(app: FastifyInstance): void {
  registerCatalogRoutes(app);
  registerSyncPendingRoutes(app);
}
