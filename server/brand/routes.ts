/** GET /api/brandsiteconfig: the brand configuration the SPA reads before anything else. Public. */
import type { FastifyInstance } from 'fastify';
import { sendOk } from '../envelope/envelope';
import { responses } from '../envelope/schemas';
import { brandConfigSchema } from './schema';

export function registerBrandRoutes(app: FastifyInstance): void {
  app.get(
    '/api/brandsiteconfig',
    {
      config: { envelopeKey: 'brandsiteconfig' },
      schema: {
        tags: ['brand'],
        summary: 'Brand configuration of the requesting host',
        description: 'Picked by the Host header among enabled domains. Public.',
        response: responses('brandsiteconfig', {
          type: 'array',
          items: { type: 'object', properties: { finalDomainConfig: brandConfigSchema, d_id: { type: 'integer' } }, required: ['finalDomainConfig', 'd_id'] },
        }),
      },
    },
    async (req, reply) => {
      const brand = req.brand!;
      return sendOk(req, reply, [{ finalDomainConfig: brand.config, d_id: brand.d_id }]);
    },
  );
}
