/** The accounting area's routes beyond the engine's CRUD of xerotaxrates and xeroitems. */
import type { FastifyInstance } from 'fastify';
import { registerCatalogRoutes } from './catalogRoutes';
import { registerConnectRoutes } from './connectRoutes';
import { registerSyncPendingRoutes } from './syncPendingRoutes';
import { registerXeroFetchRoutes } from './documents/adminRoutes';
import { registerGenerateRoute } from './documents/routes';

export function registerAccountingRoutes(app: FastifyInstance): void {
  registerCatalogRoutes(app);
  registerConnectRoutes(app);
  registerSyncPendingRoutes(app);
  registerGenerateRoute(app);
  registerXeroFetchRoutes(app);
}
