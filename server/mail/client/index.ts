/** Placeholder until this area's routes are written; server/app.ts already registers it. */
import type { FastifyInstance } from 'fastify';

export function registerMailClientRoutes(app: FastifyInstance): void {
  void app;
}
