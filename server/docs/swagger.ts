/**
 * The OpenAPI document (/api/docs/json) and its browsable UI (/api/docs). Registered before the
 * routes so @fastify/swagger sees them all. The brand hook skips /api/docs, so any host can read it.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { operationIdFor } from './operationId';

export async function registerDocs(app: FastifyInstance): Promise<void> {
  // Every method each URL serves, for the operationId rule (server/docs/operationId.ts).
  const methodsByUrl = new Map<string, string[]>();
  app.addHook('onRoute', (route) => {
    const methods = methodsByUrl.get(route.url) ?? [];
    methods.push(...[route.method].flat());
    methodsByUrl.set(route.url, methods);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Back-office API',
        version: '0.1.0',
        description:
          'Every answer is an envelope keyed by the API group: { [group]: { data, warning, metadata, dbErrors } }. ' +
          'The brand is chosen by the Host header; the session is the HttpOnly cookie `sid` set by POST /api/auth/login. ' +
          "Dates are 'YYYY-MM-DD HH:mm:ss' UTC. Lists take limit, pagenumber (1-based), sort ('a,-b') and totalcount=1.",
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
      security: [{ session: [] }],
    },
    // A body still checked by its handler alone rides in route config (`docBody`) and is marked
    // `x-checked-by: handler`; the docs test lists those operations until each has a real `schema.body`.
    transform: ({ schema, url, route }) => {
      const docBody = route.config?.docBody;
      const out = docBody && schema ? { ...schema, body: { ...docBody, 'x-checked-by': 'handler' } } : schema;
      const method = [route.method].flat()[0];
      const operationId = out?.operationId ?? operationIdFor(method, url, methodsByUrl.get(url));
      return { schema: operationId ? { ...out, operationId } : out, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
}
