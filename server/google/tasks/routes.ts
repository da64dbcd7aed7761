/** Every tasks route (the queue task registers itself when ./syncTask.ts is imported by the sync routes). */
import type { FastifyInstance } from 'fastify';
import { registerTaskListRoutes } from './listRoutes';
import { registerResolveRoute } from './resolve';
import { registerTaskRoutes } from './taskRoutes';
import { registerTaskSyncRoutes } from './syncRoutes';

export function registerGoogleTaskRoutes(app: FastifyInstance): void {
  registerTaskListRoutes(app);
  registerTaskSyncRoutes(app);
  registerTaskRoutes(app);
  registerResolveRoute(app);
}
