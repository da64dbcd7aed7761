/**
 * POST /api/auth/prelogin: before the password, tell which brand sites an address signs in to
 * and how, so a user who typed it on the wrong brand is sent to the right one. Behind
 * `auth.preLogin`; an unknown address gets the same shape with an empty list.
 */
import type { FastifyInstance } from 'fastify';
import { isFeatureOn } from '../../src/access/access';
import { brandDb, globalDb, isBrandSchemaName, type RootDb } from '../db/types';
import { sendOk } from '../envelope/envelope';
import { forbidden, invalidField } from '../envelope/errors';
import { responses } from '../envelope/schemas';
import { EMAIL_RE, mailAddressBody } from './shared';

export interface PreloginBrand {
  name: string;
  domain: string;
  current: boolean;
  method: 'password';
}

export async function brandsOfAddress(root: RootDb, email: string, currentSchema: string): Promise<PreloginBrand[]> {
  const sites = await globalDb(root)
    .selectFrom('sites as s')
    .innerJoin('domains as d', 'd.s_id', 's.s_id')
    .select(['s.name', 's.schema_name', 'd.d_name'])
    .where('d.d_type', '=', 'primary')
    .where('d.d_enabled', '=', true)
    .orderBy('s.s_id')
    .execute();
  const found = await Promise.all(
    sites.map(async (site) => {
      if (!site.schema_name || !isBrandSchemaName(site.schema_name)) return null;
      const user = await brandDb(root, site.schema_name).selectFrom('users').select('us_id').where('email', '=', email).executeTakeFirst();
      return user ? { name: site.name, domain: site.d_name, current: site.schema_name === currentSchema, method: 'password' as const } : null;
    }),
  );
  return found.filter((b): b is PreloginBrand => b !== null);
}

export function registerPrelogin(app: FastifyInstance, root: RootDb): void {
  app.post<{ Body: { mail_address: string } }>(
    '/api/auth/prelogin',
    {
      config: { envelopeKey: 'auth', gate: { requiredFeatures: ['auth.preLogin'] } },
      preHandler: async (req) => {
        if (!isFeatureOn(req.brand?.config.features, 'auth.preLogin')) throw forbidden('feature');
      },
      schema: { tags: ['auth'], summary: 'Which brand sites an address signs in to, and how', body: mailAddressBody, response: responses('auth') },
    },
    async (req, reply) => {
      const email = req.body.mail_address.trim().toLowerCase();
      if (!EMAIL_RE.test(email)) throw invalidField('mail_address', 'validation.email');
      const brands = await brandsOfAddress(root, email, req.brand!.schema);
      return sendOk(req, reply, { mail_address: email, brands });
    },
  );
}
