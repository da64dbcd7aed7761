/** The accounting area's routes beyond the engine's CRUD of xerotaxrates and xeroitems. */
import type { FastifyInstance } from 'fastify';
import { registerCatalogRoutes } from './catalogRoutes';
import { registerConnectRoutes } from './connectRoutes';
import { registerDashboardRoutes } from './dashboardRoutes';
import { registerSyncPendingRoutes } from './syncPendingRoutes';
import { registerSyncRoutes } from './syncRoutes';
import { decorateAccountingQueue } from './queue/workers';
import { registerXeroFetchRoutes } from './documents/adminRoutes';
import { registerGenerateRoute } from './documents/routes';
import { registerItemChoiceRoute } from './itemChoices';

export function registerAccountingRoutes(app: FastifyInstance): void {
  registerCatalogRoutes(app);
  registerItemChoiceRoute(app);
  registerConnectRoutes(app);
  registerSyncPendingRoutes(app);
  registerDashboardRoutes(app);
  registerSyncRoutes(app);
  decorateAccountingQueue(app);
  registerGenerateRoute(app);
  registerXeroFetchRoutes(app);
}
