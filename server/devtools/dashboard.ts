/**
 * GET /api/dev/dashboard: every brand at a glance for a Developer — schema version (last
 * migration, and how many are pending), database size, live sessions, server errors of the last
 * day. Queue and sync health are null until those areas exist.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { DEVELOPER } from '../../core/access/roles';
import { requireGate } from '../auth/gate';
import { actsAcrossBrands } from '../platform/accounts';
import { BRAND_MIGRATION_NAMES } from '../db/migrations/migrate';
import { brandDb, globalDb, isBrandSchemaName, type RootDb } from '../db/types';
import { sendOk } from '../envelope/envelope';
import { responses } from '../envelope/schemas';
import type { BrandHealth } from '../../core/devtools/dashboardTypes';

async function schemaFigures(root: RootDb, schema: string) {
  const db = brandDb(root, schema);
  const [migrations, size, sessions] = await Promise.all([
    sql<{ name: string }>`select name from ${sql.id(schema, 'kysely_migration')}`.execute(root).then((r) => r.rows.map((x) => x.name)),
    sql<{
      n: number;
    }>`select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as n from pg_class c join pg_namespace ns on ns.oid = c.relnamespace where ns.nspname = ${schema} and c.relkind in ('r', 'm')`
      .execute(root)
      .then((r) => Number(r.rows[0].n)),
    db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n)),
  ]);
  const applied = new Set(migrations);
  return {
    schemaVersion: [...applied].sort().at(-1) ?? null,
    pendingMigrations: BRAND_MIGRATION_NAMES.filter((m) => !applied.has(m)).length,
    sizeBytes: size,
    sessions,
  };
}

/** `onlySite`: the one brand a Developer without a platform account sees. */
export async function dashboard(root: RootDb, onlySite: number | null = null): Promise<BrandHealth[]> {
  const g = globalDb(root);
  const sitesQuery = g.selectFrom('sites').select(['s_id', 'name', 'schema_name']).orderBy('s_id');
  const [sites, domains, errors] = await Promise.all([
    (onlySite === null ? sitesQuery : sitesQuery.where('s_id', '=', onlySite)).execute(),
    g.selectFrom('domains').select(['s_id', 'd_name']).where('d_type', '=', 'primary').execute(),
    g
      .selectFrom('error_logs')
      .select(['brand_schema', (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
      .groupBy('brand_schema')
      .execute(),
  ]);
  const out: BrandHealth[] = [];
  // One brand at a time keeps a deployment with many brands from taking the whole pool.
  for (const s of sites) {
    const schema = s.schema_name && isBrandSchemaName(s.schema_name) ? s.schema_name : null;
    const figures = schema
      ? await schemaFigures(root, schema)
      : { schemaVersion: null, pendingMigrations: BRAND_MIGRATION_NAMES.length, sizeBytes: 0, sessions: 0 };
    out.push({
      s_id: s.s_id,
      name: s.name,
      schema,
      domain: domains.find((d) => d.s_id === s.s_id)?.d_name ?? null,
      ...figures,
      errors24h: Number(errors.find((e) => e.brand_schema === schema)?.n ?? 0),
      queue: null,
      sync: null,
    });
  }
  return out;
}

export function registerDashboardRoute(app: FastifyInstance, root: RootDb): void {
  const gate = { roles: DEVELOPER };
  app.get(
    '/api/dev/dashboard',
    {
      config: { envelopeKey: 'dev', gate },
      preHandler: requireGate(gate),
      schema: {
        tags: ['dev'],
        summary: 'Every brand (the own brand only without a platform account): schema version, size, sessions, errors of the last day',
        response: responses('dev'),
      },
    },
    async (req, reply) => sendOk(req, reply, await dashboard(root, (await actsAcrossBrands(req)) ? null : req.brand!.s_id)),
  );
}
