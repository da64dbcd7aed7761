/**
 * The OpenAPI document (/api/docs/json) and its browsable UI (/api/docs). Registered before the
 * routes so @fastify/swagger sees them all. The brand hook skips /api/docs, so any host can read it.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export async function registerDocs(app: FastifyInstance): Promise<void> {
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
    // Resource bodies are validated by the shared resource definitions, not by AJV; their schema
    // rides in route config so it can be documented without being enforced twice.
    transform: ({ schema, url, route }) => {
      const docBody = route.config?.docBody;
      const out = docBody && schema ? { ...schema, body: docBody } : schema;
      return { schema: out, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
}
