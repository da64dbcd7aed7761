/**
 * Binds every API request to the brand of its Host: `req.brand` and `req.db`, the Kysely instance
 * bound to that brand's schema. Handlers use `req.db` only, so a request cannot reach another
 * brand's tables.
 */
import type { FastifyInstance } from 'fastify';
import { enText } from '../../src/i18n/en-US';
import { brandDb, type RootDb } from '../db/types';
import { notFound } from '../envelope/errors';
import { hostnameOf, needsBrand } from './host';
import type { BrandResolver } from './resolve';

export function registerBrandHook(app: FastifyInstance, root: RootDb, resolver: BrandResolver): void {
  app.decorateRequest('brand', null);
  app.decorateRequest('db', null);
  app.addHook('onRequest', async (req) => {
    if (!needsBrand(req.url)) return;
    const brand = await resolver.resolve(hostnameOf(req));
    if (!brand) throw notFound(enText('errors.notAvailable'));
    req.brand = brand;
    req.db = brandDb(root, brand.schema);
  });
}
