/**
 * POST /api/auth/prelogin: a user who does not know where to sign in gives their address, and the
 * list of brand sites it signs in to (and how) goes by mail to that address, through this brand's
 * system mail. The answer is the same for known and unknown addresses, so it tells an
 * enumerator nothing; requests are limited per client address and per target address. Behind
 * `auth.preLogin`.
 */
import type { FastifyInstance } from 'fastify';
import { isFeatureOn } from '../../core/access/access';
import { brandDb, globalDb, isBrandSchemaName, type RootDb } from '../db/types';
import { sendOk } from '../envelope/envelope';
import { enText } from '../../core/i18n/en-US';
import { throttle } from '../auth/rateLimit';
import { logInternalError } from '../envelope/errorLog';
import { forbidden, invalidField } from '../envelope/errors';
import { responses } from '../envelope/schemas';
import { brandOrigin, EMAIL_RE, mailAddressBody, NoBrandAddress } from './shared';
import { sendSystemMail } from './systemMail';

/** Per client address and per target address, in 15 minutes. */
export const PRELOGIN_PER_ADDRESS = 10;
export const PRELOGIN_PER_EMAIL = 3;

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

/** The mail's list: one sign-in link per site, on this brand's scheme and port. */
export function preloginText(brands: PreloginBrand[], origin: string, email: string): string {
  const here = new URL(origin);
  const lines = brands.map((b) => {
    const site = b.current ? origin : `${here.protocol}//${b.domain}${here.port ? `:${here.port}` : ''}`;
    return `- ${b.name}: ${site}/login?email=${encodeURIComponent(email)}`;
  });
  return `${enText('auth.preloginIntro')}\n\n${lines.join('\n')}\n\n${enText('auth.preloginIgnore')}`;
}

export function registerPrelogin(app: FastifyInstance, root: RootDb): void {
  app.post<{ Body: { mail_address: string } }>(
    '/api/auth/prelogin',
    {
      config: { envelopeKey: 'auth', gate: { requiredFeatures: ['auth.preLogin'] } },
      preHandler: async (req) => {
        if (!isFeatureOn(req.brand?.config.features, 'auth.preLogin')) throw forbidden('feature');
      },
      schema: {
        tags: ['auth'],
        summary: 'Mails the list of brand sites an address signs in to; the answer is the same for unknown addresses',
        body: mailAddressBody,
        response: responses('auth'),
      },
    },
    async (req, reply) => {
      const email = req.body.mail_address.trim().toLowerCase();
      if (!EMAIL_RE.test(email)) throw invalidField('mail_address', 'validation.email');
      await throttle(root, [
        [`prelogin-ip:${req.ip || 'unknown'}`, PRELOGIN_PER_ADDRESS],
        [`prelogin:${email}`, PRELOGIN_PER_EMAIL],
      ]);
      const brands = await brandsOfAddress(root, email, req.brand!.schema);
      if (brands.length) {
        const origin = brandOrigin(req);
        const brandName = req.brand!.config.customSettings.visibleName || req.brand!.config.name;
        const mail = origin
          ? sendSystemMail(req.db!, { to: email, subject: `${brandName}: ${enText('auth.preloginSubject')}`, text: preloginText(brands, origin, email) })
          : Promise.reject(new NoBrandAddress());
        // Not awaited: the answer must take as long for an unknown address as for a known one.
        void mail.catch((err) => logInternalError(root, req, err));
      }
      return sendOk(req, reply, { mail_address: email, mail_sent: true, message: enText('auth.preloginSent') });
    },
  );
}
