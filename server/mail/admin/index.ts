/** Placeholder until this area's routes are written; server/app.ts already registers it. */
import type { FastifyInstance } from 'fastify';

export function registerMailAdminRoutes(app: FastifyInstance): void {
  void app;
}
