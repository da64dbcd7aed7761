/** The mail client's calls (group 'mails'): reading, one mail, changes and a sync on request. */
import type { FastifyInstance } from 'fastify';
import { registerAssignFilesRoute } from './assignFiles';
import { registerMailChangesRoute } from './changes';
import { registerMailDetailRoutes } from './detailRoutes';
import { registerMailListRoutes } from './listRoutes';
import { registerMailReadRoutes } from './readRoutes';
import { registerMailWriteRoutes } from './writeRoutes';
import { registerMailRoutingRoutes } from '../routing/routes';

export function registerMailClientRoutes(app: FastifyInstance): void {
  registerMailReadRoutes(app);
  registerMailListRoutes(app);
  registerMailDetailRoutes(app);
  registerMailWriteRoutes(app);
  registerAssignFilesRoute(app);
  registerMailChangesRoute(app);
  registerMailRoutingRoutes(app);
}
