/**
 * dev/sites: brand sites with their domains and JSON configuration (SPEC.md "Brand site"), for
 * Sales and Developer: their own brand, or every brand of the deployment with a platform account
 * (server/platform/accounts.ts); creating and deleting brands needs one. A change clears the
 * Host → brand cache, so it is live on the brand's next request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Gate } from '../../core/access/access';
import { DOMAIN_TYPES } from '../../core/brand/domains';
import { enText } from '../../core/i18n/en-US';
import { requireGate } from '../auth/gate';
import { createBrand } from '../brand/create';
import { globalDb, isBrandSchemaName, type RootDb } from '../db/types';
import { sendOk } from '../envelope/envelope';
import { conflict, invalidField, notFound } from '../envelope/errors';
import { responses } from '../envelope/schemas';
import { listQuerySchema, parseSearchText, stextBodySchema, type ListQuery } from '../http/listQuery';
import { idParams } from '../http/route';
import { actsAcrossBrands, requireAcrossBrands, requireBrandOrPlatform } from '../platform/accounts';
import { checkSiteWrite, listSites, setDomains, siteDetails, updateSite, type SiteWrite } from './store';

export const SITES_GATE: Gate = { roles: ['Sales', 'Developer'] };
const config = { envelopeKey: 'dev', gate: SITES_GATE } as const;
const guard = requireGate(SITES_GATE);
const tags = ['dev'];

const nullableText = { type: ['string', 'null'], maxLength: 3000 };
const domainSchema = {
  type: 'object',
  properties: {
    d_id: { type: ['integer', 'null'] },
    d_type: { type: 'string', description: DOMAIN_TYPES.join(' | ') },
    d_name: { type: 'string' },
    d_enabled: { type: 'boolean', default: true },
    d_config: { type: 'object', additionalProperties: true, description: 'Overrides deep-merged over the config for this domain' },
  },
  required: ['d_type', 'd_name'],
  additionalProperties: false,
};
const writeBody = (required: string[]) => ({
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: 100 },
    product_name: { type: ['string', 'null'], maxLength: 100 },
    logo_url: nullableText,
    wcf_form_url: nullableText,
    description: nullableText,
    config: { type: 'object', additionalProperties: true, description: 'Partial BrandConfig (core/brand/configSchema.ts)' },
    domains: { type: 'array', items: domainSchema, maxItems: 50 },
  },
  required,
  additionalProperties: false,
});

/** The request's own brand, unless its user holds a platform account (then every brand: null). */
const onlySite = async (req: FastifyRequest) => ((await actsAcrossBrands(req)) ? null : req.brand!.s_id);

export function registerDevSiteRoutes(app: FastifyInstance, root: RootDb): void {
  const route = { config, preHandler: guard };

  app.get<{ Querystring: ListQuery }>(
    '/api/dev/sites/list',
    { ...route, schema: { tags, summary: 'Brand sites with their domains', querystring: listQuerySchema, response: responses('dev') } },
    async (req, reply) => {
      const { data, totalCount } = await listSites(root, req.query, null, await onlySite(req));
      return sendOk(req, reply, data, { totalCount });
    },
  );

  app.post<{ Querystring: ListQuery; Body: { stext?: string | null } }>(
    '/api/dev/sites/filter',
    {
      ...route,
      schema: {
        tags,
        summary: 'Brand sites matching stext (name, schema, product name, domain)',
        querystring: listQuerySchema,
        body: stextBodySchema,
        response: responses('dev'),
      },
    },
    async (req, reply) => {
      const stext = parseSearchText(req.body?.stext);
      const { data, totalCount } = await listSites(root, req.query, stext, await onlySite(req));
      return sendOk(req, reply, data, { totalCount });
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/dev/sites/:id/details',
    { ...route, schema: { tags, summary: 'One brand site: columns, config and domains', params: idParams, response: responses('dev') } },
    async (req, reply) => {
      await requireBrandOrPlatform(req, req.params.id);
      const site = await siteDetails(root, req.params.id);
      if (!site) throw notFound();
      return sendOk(req, reply, site);
    },
  );

  app.post<{ Body: SiteWrite }>(
    '/api/dev/sites/create',
    {
      ...route,
      schema: {
        tags,
        summary: 'A new brand: site row, its own schema (migrated) and its domains',
        body: writeBody(['name', 'domains']),
        response: responses('dev', {}, 201),
      },
    },
    async (req, reply) => {
      await requireAcrossBrands(req);
      const body = req.body;
      checkSiteWrite(body, true);
      const domains = body.domains!;
      const primary = domains.find((d) => d.d_type === 'primary')!;
      const taken = await globalDb(root)
        .selectFrom('domains')
        .select('d_name')
        .where(
          'd_name',
          'in',
          domains.map((d) => d.d_name),
        )
        .executeTakeFirst();
      if (taken) throw conflict(enText('errors.duplicate'), 'domains');
      const brand = await createBrand(root, {
        name: body.name!.trim(),
        domain: primary.d_name,
        productName: body.product_name ?? null,
        logoUrl: body.logo_url ?? null,
        wcfFormUrl: body.wcf_form_url ?? null,
        description: body.description ?? null,
        config: body.config ?? {},
      });
      await setDomains(root, brand.s_id, domains);
      app.brands.invalidate();
      return sendOk(req, reply, await siteDetails(root, brand.s_id), { status: 201, snackbar: true });
    },
  );

  app.patch<{ Params: { id: number }; Body: SiteWrite }>(
    '/api/dev/sites/:id',
    {
      ...route,
      schema: {
        tags,
        summary: 'Change a brand site; domains, when given, replace the list',
        params: idParams,
        body: writeBody([]),
        response: responses('dev'),
      },
    },
    async (req, reply) => {
      await requireBrandOrPlatform(req, req.params.id);
      checkSiteWrite(req.body, false);
      if (req.body.name !== undefined && !req.body.name.trim()) throw invalidField('name', 'validation.required');
      if (!(await updateSite(root, req.params.id, req.body))) throw notFound();
      app.brands.invalidate();
      return sendOk(req, reply, await siteDetails(root, req.params.id), { snackbar: true });
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/dev/sites/:id',
    {
      config: { envelopeKey: 'dev', gate: { roles: ['Developer'] } },
      preHandler: requireGate({ roles: ['Developer'] }),
      schema: {
        tags,
        summary: 'Remove a brand with its schema (Developer; not the brand asking)',
        params: idParams,
        response: responses('dev', { type: 'null' }),
      },
    },
    async (req, reply) => {
      await requireAcrossBrands(req);
      if (req.params.id === req.brand!.s_id) throw conflict(enText('errors.ownBrand'));
      const site = await globalDb(root).selectFrom('sites').select(['s_id', 'schema_name']).where('s_id', '=', req.params.id).executeTakeFirst();
      if (!site) throw notFound();
      await root.transaction().execute(async (trx) => {
        await globalDb(trx).deleteFrom('sites').where('s_id', '=', site.s_id).execute();
        if (site.schema_name && isBrandSchemaName(site.schema_name)) await sql`drop schema if exists ${sql.id(site.schema_name)} cascade`.execute(trx);
      });
      app.brands.invalidate();
      return sendOk(req, reply, null, { snackbar: true });
    },
  );
}
