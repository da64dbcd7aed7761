/**
 * Binds every API request to the brand of its Host: `req.brand` and `req.db`, the Kysely instance
 * bound to that brand's schema. Handlers use `req.db` only, so a request cannot reach another
 * brand's tables.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enText } from '../../core/i18n/en-US';
import { brandDb, type RootDb } from '../db/types';
import { notFound } from '../envelope/errors';
import { settle } from '../hooks/settle';
import type { BrandBinding } from './types';
import { hostnameOf, needsBrand } from './host';
import type { BrandResolver } from './resolve';

export function registerBrandHook(app: FastifyInstance, root: RootDb, resolver: BrandResolver): void {
  app.decorateRequest('brand', null);
  app.decorateRequest('db', null);
  const bind = (req: FastifyRequest, brand: BrandBinding | null) => {
    if (!brand) throw notFound(enText('errors.notAvailable'));
    req.brand = brand;
    req.db = brandDb(root, brand.schema);
  };
  app.addHook('onRequest', (req, _reply, done) => {
    if (!needsBrand(req.url)) return done();
    const hostname = hostnameOf(req);
    const known = resolver.known(hostname);
    settle(done, known !== undefined ? bind(req, known) : resolver.resolve(hostname).then((brand) => bind(req, brand)));
  });
}
