/**
 * Brand configuration by path, Developer only: dev/configs (list, details, PATCH one brand) and
 * configs/updateAll (the same path and value in every brand); another brand's, or every brand's,
 * needs a platform account. Each result is checked against the
 * brand-configuration schema before it is stored, and the brand cache is cleared so it is live at once.
 */
import type { FastifyInstance } from 'fastify';
import { DEVELOPER } from '../../core/access/roles';
import { validateBrandConfig } from '../../core/brand/configSchema';
import { requireGate } from '../auth/gate';
import { actsAcrossBrands, acrossBrandsOnly, requireBrandOrPlatform } from '../platform/accounts';
import { globalDb, type RootDb } from '../db/types';
import { sendOk } from '../envelope/envelope';
import { invalidField, notFound, validationError } from '../envelope/errors';
import { responses } from '../envelope/schemas';
import { idParams } from '../http/route';

const gate = { roles: DEVELOPER };
const tags = ['dev'];
const SEGMENT = /^[A-Za-z][A-Za-z0-9_]*$/;

const pathBody = {
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1, maxLength: 200, description: "Dotted path in the brand configuration, e.g. 'features.job.xero'" },
    value: { description: 'Any JSON value; null removes the key' },
  },
  required: ['path', 'value'],
  additionalProperties: false,
} as const;

interface PathBody {
  path: string;
  value: unknown;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A copy of `config` with `value` at `path` (null deletes), creating objects on the way. */
export function setAtPath(config: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const parts = path.split('.');
  if (!parts.every((p) => SEGMENT.test(p))) throw invalidField('path');
  const out = structuredClone(config);
  let node = out;
  for (const part of parts.slice(0, -1)) {
    if (!isObject(node[part])) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  const last = parts[parts.length - 1];
  if (value === null) delete node[last];
  else node[last] = value;
  return out;
}

function checked(config: Record<string, unknown>, label: string): Record<string, unknown> {
  const issues = validateBrandConfig(config);
  if (issues.length) throw validationError(issues.map((i) => ({ field: i.path ? `${label}.${i.path}` : label, message: i.message })));
  return config;
}

async function updateOne(root: RootDb, sId: number, body: PathBody): Promise<Record<string, unknown> | null> {
  return root.transaction().execute(async (trx) => {
    const g = globalDb(trx);
    const site = await g.selectFrom('sites').select(['s_id', 'config']).where('s_id', '=', sId).forUpdate().executeTakeFirst();
    if (!site) return null;
    const next = checked(setAtPath((site.config ?? {}) as Record<string, unknown>, body.path, body.value), 'config');
    await g
      .updateTable('sites')
      .set({ config: JSON.stringify(next) })
      .where('s_id', '=', sId)
      .execute();
    return next;
  });
}

export function registerConfigRoutes(app: FastifyInstance, root: RootDb): void {
  const route = { config: { envelopeKey: 'dev', gate }, preHandler: requireGate(gate) };

  app.get(
    '/api/dev/configs/list',
    { ...route, schema: { tags, summary: 'Every brand with its stored configuration', response: responses('dev') } },
    async (req, reply) => {
      let q = globalDb(root).selectFrom('sites').select(['s_id', 'name', 'schema_name', 'config']).orderBy('s_id');
      if (!(await actsAcrossBrands(req))) q = q.where('s_id', '=', req.brand!.s_id);
      const rows = await q.execute();
      return sendOk(req, reply, rows, { totalCount: rows.length });
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/dev/configs/:id/details',
    { ...route, schema: { tags, summary: "One brand's stored configuration", params: idParams, response: responses('dev') } },
    async (req, reply) => {
      await requireBrandOrPlatform(req, req.params.id);
      const row = await globalDb(root)
        .selectFrom('sites')
        .select(['s_id', 'name', 'schema_name', 'config'])
        .where('s_id', '=', req.params.id)
        .executeTakeFirst();
      if (!row) throw notFound();
      return sendOk(req, reply, row);
    },
  );

  app.patch<{ Params: { id: number }; Body: PathBody }>(
    '/api/dev/configs/:id',
    { ...route, schema: { tags, summary: "Set one path of a brand's configuration", params: idParams, body: pathBody, response: responses('dev') } },
    async (req, reply) => {
      await requireBrandOrPlatform(req, req.params.id);
      const config = await updateOne(root, req.params.id, req.body);
      if (!config) throw notFound();
      app.brands.invalidate();
      return sendOk(req, reply, { s_id: req.params.id, config }, { snackbar: true });
    },
  );

  app.post<{ Body: PathBody }>(
    '/api/configs/updateAll',
    {
      config: { envelopeKey: 'configs', gate },
      preHandler: [requireGate(gate), acrossBrandsOnly],
      schema: {
        tags: ['configs'],
        summary: 'Set one path in every brand configuration (all or none; a platform account)',
        body: pathBody,
        response: responses('configs'),
      },
    },
    async (req, reply) => {
      const updated = await root.transaction().execute(async (trx) => {
        const g = globalDb(trx);
        const sites = await g.selectFrom('sites').select(['s_id', 'config']).orderBy('s_id').forUpdate().execute();
        for (const site of sites) {
          const next = checked(setAtPath((site.config ?? {}) as Record<string, unknown>, req.body.path, req.body.value), `config.${site.s_id}`);
          await g
            .updateTable('sites')
            .set({ config: JSON.stringify(next) })
            .where('s_id', '=', site.s_id)
            .execute();
        }
        return sites.length;
      });
      app.brands.invalidate();
      return sendOk(req, reply, { updated }, { snackbar: true });
    },
  );
}
