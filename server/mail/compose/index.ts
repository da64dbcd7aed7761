/** Placeholder until this area's routes are written; server/app.ts already registers it. */
import type { FastifyInstance } from 'fastify';

export function registerMailComposeRoutes(app: FastifyInstance): void {
  void app;
}
