/**
 * GET and PATCH /api/siteconfig/values: the brand's site configuration as one key-value object,
 * defaults filled in (core/siteconfig/siteConfig.ts). Any staff member reads it (jobs need it);
 * Admin and Developer change it. A PATCH changes only the keys it names.
 */
import type { FastifyInstance } from 'fastify';
import { ADMINS, STAFF } from '../../core/access/roles';
import { enText } from '../../core/i18n/en-US';
import { SITE_CONFIG_DEFAULTS, validateSiteConfigPatch } from '../../core/siteconfig/siteConfig';
import { validationError } from '../envelope/errors';
import { asObject } from '../http/objects';
import { action } from '../http/route';
import { adminDb, type AdminDb } from '../users/tables';

const key = 'siteconfig';
const url = '/api/siteconfig/values';
const feature = ['job.enabled'];
const data = {
  type: 'object',
  properties: Object.fromEntries(Object.entries(SITE_CONFIG_DEFAULTS).map(([k, v]) => [k, { type: typeof v === 'number' ? 'number' : 'string', default: v }])),
};

async function readConfig(db: AdminDb) {
  const rows = await db.selectFrom('site_config').select(['sc_key', 'sc_value']).execute();
  const stored = Object.fromEntries(rows.filter((r) => r.sc_key in SITE_CONFIG_DEFAULTS).map((r) => [r.sc_key, r.sc_value]));
  return { ...SITE_CONFIG_DEFAULTS, ...stored };
}

export function registerSiteConfigRoutes(app: FastifyInstance): void {
  action(
    app,
    { method: 'GET', url, key, gate: { roles: STAFF, requiredFeatures: feature }, summary: "The brand's site configuration, defaults filled in", data },
    async (req) => ({
      data: await readConfig(adminDb(req.db)),
    }),
  );

  action(
    app,
    {
      method: 'PATCH',
      url,
      key,
      gate: { roles: ADMINS, requiredFeatures: feature },
      change: true,
      summary: 'Change some values: a key-value object of the keys to change',
      // Each value is checked by its key's own rule (validateSiteConfigPatch), all failures at once.
      body: {
        type: 'object',
        properties: Object.fromEntries(
          Object.keys(SITE_CONFIG_DEFAULTS).map((k) => [k, { description: `a ${typeof SITE_CONFIG_DEFAULTS[k as keyof typeof SITE_CONFIG_DEFAULTS]}` }]),
        ),
      },
      data,
    },
    async (req) => {
      const patch = asObject(req.body);
      const errors = validateSiteConfigPatch(patch);
      if (errors.length) throw validationError(errors.map((e) => ({ field: e.field, message: enText(e.message) })));
      const db = adminDb(req.db);
      const entries = Object.entries(patch);
      if (entries.length) {
        await db
          .insertInto('site_config')
          .values(entries.map(([k, v]) => ({ sc_key: k, sc_value: JSON.stringify(v) })))
          .onConflict((oc) => oc.column('sc_key').doUpdateSet((eb) => ({ sc_value: eb.ref('excluded.sc_value'), updated_at: new Date() })))
          .execute();
      }
      return { data: await readConfig(db) };
    },
  );
}
