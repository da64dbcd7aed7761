/** Every route of user administration (SPEC.md point 7, Users). */
import type { FastifyInstance } from 'fastify';
import type { RootDb } from '../db/types';
import { registerUserAssignRoutes } from './assignRoutes';
import { registerChangePasswordRoute } from './passwordRoutes';
import { registerUserReadRoutes } from './readRoutes';
import { registerUserWriteRoutes } from './writeRoutes';

export function registerUserRoutes(app: FastifyInstance, root: RootDb): void {
  registerUserReadRoutes(app);
  registerUserWriteRoutes(app);
  registerUserAssignRoutes(app);
  registerChangePasswordRoute(app, root);
}
