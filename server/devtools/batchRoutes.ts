/**
 * dev/batchfiles: SQL batch files (CRUD) and their run across schemas; Developer only. A Developer
 * without a platform account reads the files and runs them on their own brand's schema only.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { DEVELOPER } from '../../core/access/roles';
import { enText } from '../../core/i18n/en-US';
import { requireGate } from '../auth/gate';
import { acrossBrandsOnly, requireAcrossBrands } from '../platform/accounts';
import type { RootDb } from '../db/types';
import { sendOk } from '../envelope/envelope';
import { invalidField, notFound, validationError } from '../envelope/errors';
import { responses } from '../envelope/schemas';
import { listQuerySchema, parseListQuery, parseSearchText, stextBodySchema, type ListOptions, type ListQuery } from '../http/listQuery';
import { idParams } from '../http/route';
import { executeRun, type BatchRun } from './sqlbatch';
import { toolsDb } from './tables';
import { containsPattern } from '../resources/likeEscape';

const gate = { roles: DEVELOPER };
const route = { config: { envelopeKey: 'dev', gate }, preHandler: requireGate(gate) };
/** The batch files serve every brand: changing them needs a platform account. */
const platformRoute = { ...route, preHandler: [requireGate(gate), acrossBrandsOnly] };
const tags = ['dev'];
const SORTABLE = ['bf_id', 'bf_name', 'se_type', 'created_at'];
/** 20 a page, newest first. */
const LIST: ListOptions = { pageSize: 20, sort: { sortable: SORTABLE, defaultSort: '-bf_id' } };

interface FileWrite {
  bf_name?: string;
  se_type?: 'global' | 'site_n';
  bf_sql?: string;
  bf_description?: string | null;
}

const fileBody = (required: string[]) => ({
  type: 'object',
  properties: {
    bf_name: { type: 'string', maxLength: 100 },
    se_type: { type: 'string', enum: ['global', 'site_n'] },
    bf_sql: { type: 'string', maxLength: 1_000_000 },
    bf_description: { type: ['string', 'null'], maxLength: 3000 },
  },
  required,
  additionalProperties: false,
});

const runBody = {
  type: 'object',
  properties: {
    fileIds: { type: 'array', items: { type: 'integer' }, maxItems: 100 },
    se_type: { type: 'string', enum: ['global', 'site_n'] },
    selectedSchemasByDatabases: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' }, maxItems: 10000 } },
    dryRun: { type: 'boolean', default: false },
  },
  required: ['fileIds', 'se_type', 'selectedSchemasByDatabases'],
  additionalProperties: false,
} as const;

function checkFile(b: FileWrite, creating: boolean): void {
  const missing = (['bf_name', 'bf_sql'] as const).filter((k) => (creating || b[k] !== undefined) && !b[k]?.trim());
  if (missing.length) throw validationError(missing.map((field) => ({ field, message: enText('validation.required') })));
}

export function registerBatchRoutes(app: FastifyInstance, root: RootDb): void {
  const files = () => toolsDb(root).selectFrom('batch_files');

  async function list(query: ListQuery, stext: string | null) {
    const p = parseListQuery(query, LIST);
    let base = files();
    if (stext) base = base.where((eb) => eb.or([eb('bf_name', 'ilike', containsPattern(stext)), eb('bf_description', 'ilike', containsPattern(stext))]));
    let page = base.selectAll();
    for (const s of p.sort) page = page.orderBy(sql.ref(s.column), s.desc ? 'desc' : 'asc');
    const [data, total] = await Promise.all([
      page.limit(p.limit).offset(p.offset).execute(),
      p.withTotal ? base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow() : null,
    ]);
    return { data, totalCount: total ? Number(total.n) : undefined };
  }

  app.get<{ Querystring: ListQuery }>(
    '/api/dev/batchfiles/list',
    { ...route, schema: { tags, summary: 'SQL batch files', querystring: listQuerySchema, response: responses('dev') } },
    async (req, reply) => {
      const { data, totalCount } = await list(req.query, null);
      return sendOk(req, reply, data, { totalCount });
    },
  );

  app.post<{ Querystring: ListQuery; Body: { stext?: string | null } }>(
    '/api/dev/batchfiles/filter',
    { ...route, schema: { tags, summary: 'SQL batch files matching stext', querystring: listQuerySchema, body: stextBodySchema, response: responses('dev') } },
    async (req, reply) => {
      const stext = parseSearchText(req.body?.stext);
      const { data, totalCount } = await list(req.query, stext);
      return sendOk(req, reply, data, { totalCount });
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/dev/batchfiles/:id/details',
    { ...route, schema: { tags, summary: 'One SQL batch file', params: idParams, response: responses('dev') } },
    async (req, reply) => {
      const row = await files().selectAll().where('bf_id', '=', req.params.id).executeTakeFirst();
      if (!row) throw notFound();
      return sendOk(req, reply, row);
    },
  );

  app.post<{ Body: FileWrite }>(
    '/api/dev/batchfiles/create',
    {
      ...platformRoute,
      schema: { tags, summary: 'Add a SQL batch file', body: fileBody(['bf_name', 'se_type', 'bf_sql']), response: responses('dev', {}, 201) },
    },
    async (req, reply) => {
      checkFile(req.body, true);
      const b = req.body;
      const row = await toolsDb(root)
        .insertInto('batch_files')
        .values({ bf_name: b.bf_name!.trim(), se_type: b.se_type!, bf_sql: b.bf_sql!, bf_description: b.bf_description ?? null, created_by: req.user!.email })
        .returningAll()
        .executeTakeFirstOrThrow();
      return sendOk(req, reply, row, { status: 201, snackbar: true });
    },
  );

  app.patch<{ Params: { id: number }; Body: FileWrite }>(
    '/api/dev/batchfiles/:id',
    { ...platformRoute, schema: { tags, summary: 'Change a SQL batch file', params: idParams, body: fileBody([]), response: responses('dev') } },
    async (req, reply) => {
      checkFile(req.body, false);
      if (!Object.keys(req.body).length) throw invalidField(null);
      const row = await toolsDb(root).updateTable('batch_files').set(req.body).where('bf_id', '=', req.params.id).returningAll().executeTakeFirst();
      if (!row) throw notFound();
      return sendOk(req, reply, row, { snackbar: true });
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/dev/batchfiles/:id',
    {
      ...platformRoute,
      schema: { tags, summary: 'Remove a SQL batch file (its runs stay logged)', params: idParams, response: responses('dev', { type: 'null' }) },
    },
    async (req, reply) => {
      const res = await toolsDb(root).deleteFrom('batch_files').where('bf_id', '=', req.params.id).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw notFound();
      return sendOk(req, reply, null, { snackbar: true });
    },
  );

  app.post<{ Body: BatchRun }>(
    '/api/dev/batchfiles/run',
    {
      ...route,
      schema: {
        tags,
        summary: 'Run files over schemas, each schema in its own transaction; dryRun rolls every schema back',
        body: runBody,
        response: responses('dev'),
      },
    },
    async (req, reply) => {
      // The brand's own schema only, unless the user acts across brands.
      const schemas = Object.values(req.body.selectedSchemasByDatabases ?? {}).flat();
      if (schemas.some((schema) => schema !== req.brand!.schema)) await requireAcrossBrands(req);
      const result = await executeRun(root, req.body, { email: req.user!.email, from: req.brand!.schema });
      return sendOk(req, reply, result, { warning: result.success ? null : enText('errors.sqlFailed') });
    },
  );
}
