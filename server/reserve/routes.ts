/**
 * The /reserve calls of the auth group. They are public but still bound to the Host's brand:
 * only a brand with `auth.publicRegistration` on (the operator's own sales site, e.g. the demo
 * brand) hands out new brand sites; elsewhere they answer 403 FORBIDDEN 'feature'.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isFeatureOn } from '../../core/access/access';
import { enText } from '../../core/i18n/en-US';
import type { RootDb } from '../db/types';
import { sendOk } from '../envelope/envelope';
import { forbidden, validationError, type FieldMessage } from '../envelope/errors';
import { responses } from '../envelope/schemas';
import { toolsDb } from '../devtools/tables';
import { hashedPasswordProblem } from '../auth/passwordPolicy';
import { availableSchemasCount, reserveBrand, reserveDomainSuffix, SUBDOMAIN_RE } from './reserve';

const key = 'auth';
const tags = ['auth'];
const config = { envelopeKey: key, gate: { requiredFeatures: ['auth.publicRegistration'] } } as const;

async function reservationsOpen(req: FastifyRequest): Promise<void> {
  if (!isFeatureOn(req.brand?.config.features, 'auth.publicRegistration')) throw forbidden('feature');
}

interface ReserveBody {
  company: string;
  subdomain: string;
  email: string;
  firstname: string;
  surname: string;
  password: string;
  password_again: string;
  accept_terms: boolean;
}

const text100 = { type: 'string', maxLength: 100 };
const reserveBodySchema = {
  type: 'object',
  properties: {
    company: text100,
    subdomain: { type: 'string', maxLength: 32, description: `The new site's address is <subdomain>.${'{RESERVE_DOMAIN_SUFFIX}'}` },
    email: text100,
    firstname: text100,
    surname: text100,
    password: { type: 'string', maxLength: 200, description: 'lowercase hex SHA-256 of the typed password' },
    password_again: { type: 'string', maxLength: 200 },
    accept_terms: { type: 'boolean' },
  },
  required: ['company', 'subdomain', 'email', 'firstname', 'surname', 'password', 'password_again', 'accept_terms'],
  additionalProperties: false,
} as const;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkReservation(b: ReserveBody): void {
  const problems: FieldMessage[] = [];
  for (const field of ['company', 'subdomain', 'email', 'firstname', 'surname', 'password'] as const) {
    if (!b[field]?.trim()) problems.push({ field, message: enText('validation.required') });
  }
  if (b.subdomain && !SUBDOMAIN_RE.test(b.subdomain)) problems.push({ field: 'subdomain', message: enText('validation.value') });
  if (b.email && !EMAIL_RE.test(b.email.trim())) problems.push({ field: 'email', message: enText('validation.email') });
  if (b.password && !/^[0-9a-f]{64}$/.test(b.password)) problems.push({ field: 'password', message: enText('validation.value') });
  else if (b.password) {
    // Only the hash arrives: the SPA checked the length; the server refuses the empty and the common ones.
    const weak = hashedPasswordProblem(b.password);
    if (weak) problems.push({ field: 'password', message: enText(weak) });
  }
  if (b.password !== b.password_again) problems.push({ field: 'password_again', message: enText('validation.passwordsMatch') });
  if (b.accept_terms !== true) problems.push({ field: 'accept_terms', message: enText('validation.terms') });
  if (problems.length) throw validationError(problems);
}

export function registerReserveRoutes(app: FastifyInstance, root: RootDb): void {
  const route = { config, preHandler: reservationsOpen };

  app.get(
    '/api/auth/getReservedBrands',
    { ...route, schema: { tags, summary: 'Subdomains already taken by reserved brand sites', response: responses(key) } },
    async (req, reply) => {
      const rows = await toolsDb(root).selectFrom('reservations').select(['subdomain', 'created_at']).orderBy('created_at', 'desc').limit(1000).execute();
      return sendOk(req, reply, { domainSuffix: reserveDomainSuffix(), reserved: rows.map((r) => r.subdomain) });
    },
  );

  app.get(
    '/api/auth/getAvailableSchemasCount',
    { ...route, schema: { tags, summary: 'How many more brand sites this deployment can take', response: responses(key, { type: 'integer' }) } },
    async (req, reply) => sendOk(req, reply, await availableSchemasCount(root)),
  );

  app.post<{ Body: ReserveBody }>(
    '/api/auth/reserveSchema',
    {
      ...route,
      schema: { tags, summary: 'Reserve a brand site: its own schema, domain and first Admin', body: reserveBodySchema, response: responses(key, {}, 201) },
    },
    async (req, reply) => {
      const b = req.body;
      checkReservation(b);
      const subdomain = b.subdomain.trim().toLowerCase();
      const port = /:(\d+)$/.exec(String(req.headers.host ?? ''))?.[1];
      const domain = `${subdomain}.${reserveDomainSuffix()}`;
      const origin = `${req.protocol}://${domain}${port ? `:${port}` : ''}`;
      const brand = await reserveBrand(root, {
        company: b.company.trim(),
        subdomain,
        email: b.email.trim().toLowerCase(),
        firstname: b.firstname.trim(),
        surname: b.surname.trim(),
        password: b.password,
        systemUrl: origin,
        reservedFrom: req.brand!.schema,
      });
      app.brands.invalidate();
      return sendOk(req, reply, { s_id: brand.s_id, schema: brand.schema, domain: brand.domain, loginUrl: `${origin}/login` }, { status: 201, snackbar: true });
    },
  );
}
