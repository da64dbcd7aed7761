/** The jobs group (SPEC.md point 7) and its export (exportjobs). */
import type { FastifyInstance } from 'fastify';
import { registerExportRoutes } from '../exportjobs/index';
import { registerJobAssignRoutes } from './assignRoutes';
import { registerJobFlagRoutes } from './flagRoutes';
import { registerJobHomeRoutes } from './home/route';
import { registerJobBulkRoutes } from './home/bulkRoute';
import { registerJobClientRoutes } from './clientRoutes';
import { registerJobReadRoutes } from './readRoutes';
import { registerJobWriteRoutes } from './writeRoutes';

export function registerJobRoutes(app: FastifyInstance): void {
  registerJobReadRoutes(app);
  registerJobWriteRoutes(app);
  registerJobAssignRoutes(app);
  registerJobFlagRoutes(app);
  registerJobHomeRoutes(app);
  registerJobBulkRoutes(app);
  registerJobClientRoutes(app);
  registerExportRoutes(app);
}
