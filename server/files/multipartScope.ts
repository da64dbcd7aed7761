/**
 * Routes that receive multipart bodies, registered in a Fastify context of their own with
 * @fastify/multipart. Registered app-wide, the plugin gives every request two async hooks and a
 * 'close' listener, there to clean up files it saves to disk, which these routes never ask for
 * (they stream each part, server/files/upload.ts); in their own context those run on uploads only.
 * A multipart body sent to any other route is refused as a content type it does not take.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

export function withMultipart(app: FastifyInstance, register: (scope: FastifyInstance) => void): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    register(scope);
  });
}
