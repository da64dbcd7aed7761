/**
 * Read-only logs: dev/sqlexecuted (every SQL batch run), dev/errorlogs (every brand's server
 * errors, Developer) and dev/globalerrors (the asking brand's server errors, Admin and Developer,
 * so one brand's admin never reads another brand's faults). Searchable by the error id a 500 showed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { ADMINS, DEVELOPER } from '../../core/access/roles';
import type { Gate } from '../../core/access/access';
import { requireGate } from '../auth/gate';
import { acrossBrandsOnly } from '../platform/accounts';
import type { RootDb } from '../db/types';
import { sendOk } from '../envelope/envelope';
import { notFound } from '../envelope/errors';
import { responses } from '../envelope/schemas';
import { listQuerySchema, parseListQuery, parseSearchText, stextBodySchema, type ListQuery } from '../http/listQuery';
import { toolsDb, type ToolTables } from './tables';
import { containsPattern } from '../resources/likeEscape';

const tags = ['dev'];

interface LogSpec<T extends keyof ToolTables> {
  path: string;
  table: T;
  gate: Gate;
  idColumn: string;
  idType: 'integer' | 'string';
  sortable: string[];
  defaultSort: string;
  searchColumns: string[];
  summary: string;
  /** Narrows the rows to what the asking request may see. */
  scope?: (req: FastifyRequest) => Record<string, string>;
  /** Rows of every brand: a platform account is needed. */
  acrossBrands?: boolean;
}

function registerLog<T extends keyof ToolTables>(app: FastifyInstance, root: RootDb, spec: LogSpec<T>): void {
  const route = { config: { envelopeKey: 'dev', gate: spec.gate }, preHandler: [requireGate(spec.gate), ...(spec.acrossBrands ? [acrossBrandsOnly] : [])] };
  // The tables differ per spec, so the query is built loosely and the columns come from the spec.
  type Loose = SelectQueryBuilder<ToolTables, T, Record<string, unknown>>;
  const base = (req: FastifyRequest): Loose => {
    let q = toolsDb(root).selectFrom(spec.table) as unknown as Loose;
    for (const [column, value] of Object.entries(spec.scope?.(req) ?? {})) q = q.where(sql.ref(column), '=', value);
    return q;
  };

  async function rows(req: FastifyRequest, query: ListQuery, stext: string | null) {
    const p = parseListQuery(query, { pageSize: 20, sort: { sortable: spec.sortable, defaultSort: spec.defaultSort } });
    let q = base(req);
    if (stext) q = q.where((eb) => eb.or(spec.searchColumns.map((c) => eb(sql`${sql.ref(c)}::text`, 'ilike', containsPattern(stext)))));
    let page = q.selectAll();
    for (const s of p.sort) page = page.orderBy(sql.ref(s.column), s.desc ? 'desc' : 'asc');
    const [data, total] = await Promise.all([
      page.limit(p.limit).offset(p.offset).execute(),
      p.withTotal ? q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow() : null,
    ]);
    return { data, totalCount: total ? Number((total as { n: number }).n) : undefined };
  }

  app.get<{ Querystring: ListQuery }>(
    `/api/dev/${spec.path}/list`,
    { ...route, schema: { tags, summary: spec.summary, querystring: listQuerySchema, response: responses('dev') } },
    async (req, reply) => {
      const { data, totalCount } = await rows(req, req.query, null);
      return sendOk(req, reply, data, { totalCount });
    },
  );

  app.post<{ Querystring: ListQuery; Body: { stext?: string | null } }>(
    `/api/dev/${spec.path}/filter`,
    {
      ...route,
      schema: {
        tags,
        summary: `${spec.summary}, searched (${spec.searchColumns.join(', ')})`,
        querystring: listQuerySchema,
        body: stextBodySchema,
        response: responses('dev'),
      },
    },
    async (req, reply) => {
      const stext = parseSearchText(req.body?.stext);
      const { data, totalCount } = await rows(req, req.query, stext);
      return sendOk(req, reply, data, { totalCount });
    },
  );

  const idParam = {
    type: 'object',
    properties: { id: spec.idType === 'integer' ? { type: 'integer', minimum: 1, maximum: 2147483647 } : { type: 'string', maxLength: 100 } },
    required: ['id'],
  };
  app.get<{ Params: { id: number | string } }>(
    `/api/dev/${spec.path}/:id/details`,
    { ...route, schema: { tags, summary: `One entry: ${spec.summary}`, params: idParam, response: responses('dev') } },
    async (req, reply) => {
      const row = await base(req).selectAll().where(sql.ref(spec.idColumn), '=', req.params.id).executeTakeFirst();
      if (!row) throw notFound();
      return sendOk(req, reply, row);
    },
  );
}

export function registerLogRoutes(app: FastifyInstance, root: RootDb): void {
  const errorColumns = {
    idColumn: 'id',
    idType: 'string' as const,
    sortable: ['created_at', 'id', 'brand_schema', 'occurrences'],
    defaultSort: '-created_at',
    searchColumns: ['id', 'message', 'url', 'brand_schema'],
  };
  registerLog(app, root, {
    path: 'sqlexecuted',
    table: 'sql_executed',
    gate: { roles: DEVELOPER },
    acrossBrands: true,
    idColumn: 'se_id',
    idType: 'integer',
    sortable: ['se_id', 'created_at', 'executed_by'],
    defaultSort: '-se_id',
    searchColumns: ['file_names', 'schemas', 'executed_by'],
    summary: 'SQL batch runs: who ran which files where, with the result per schema',
  });
  registerLog(app, root, {
    path: 'errorlogs',
    table: 'error_logs',
    gate: { roles: DEVELOPER },
    acrossBrands: true,
    ...errorColumns,
    summary: "Every brand's server errors (the id a 500 answer showed)",
  });
  registerLog(app, root, {
    path: 'globalerrors',
    table: 'error_logs',
    gate: { roles: ADMINS },
    ...errorColumns,
    summary: "This brand's server errors",
    scope: (req) => ({ brand_schema: req.brand!.schema }),
  });
}
