/** Placeholder until this area's routes are written; server/app.ts already registers it. */
import type { FastifyInstance } from 'fastify';

export async function registerFileRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
