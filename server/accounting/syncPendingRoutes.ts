/**
 * xeroadmin/syncpending (Developer): the push queue as the sync-status page reads it. Rows are
 * soft-deleted (deleted_at) so what was queued stays on record; "retry now" makes a row due and
 * tries it at once (documents/queue.ts), so a cleared fault clears the row without waiting a tick.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ACCOUNTING_DEV_GATE, SYNC_PENDING_STATUSES } from '../../core/accounting/constants';
import { notFound } from '../envelope/errors';
import { idSchema, listOf } from '../http/bodyShapes';
import { listQuerySchema, parseListQuery, type ListQuery } from '../http/listQuery';
import { action, idParams } from '../http/route';
import type { AnyDb } from '../resources/hooks';
import { toWire } from '../envelope/datetime';
import { attemptNow, brandXeroApi, PUSH_KIND } from './documents/queue';

const key = 'xeroadmin';
const TABLE = 'xero_sync_pending';
const COLUMNS = ['xsp_id', 'kind', 'local_id', 'op', 'attempts', 'next_attempt_at', 'status', 'error_code', 'error_text', 'created_at'];
const SORTABLE = ['xsp_id', 'kind', 'op', 'attempts', 'next_attempt_at', 'status', 'error_code', 'created_at'];
const LIST_OPTIONS = { pageSize: 20, sort: { sortable: SORTABLE, defaultSort: 'next_attempt_at', tieBreaker: { column: 'xsp_id', desc: false } } };

const text = { type: ['string', 'null'] };
const rowSchema = {
  type: 'object',
  properties: {
    xsp_id: { type: 'integer' },
    kind: { type: 'string' },
    local_id: { type: 'integer' },
    op: { type: 'string' },
    attempts: { type: 'integer' },
    next_attempt_at: { type: 'string' },
    status: { type: 'string', enum: [...SYNC_PENDING_STATUSES] },
    error_code: text,
    error_text: text,
    created_at: { type: 'string' },
  },
};

const filterBody = {
  type: 'object',
  properties: {
    status: { type: ['string', 'null'], enum: [...SYNC_PENDING_STATUSES, null] },
    kind: { type: ['string', 'null'], maxLength: 100 },
    error_code: { type: ['string', 'null'], maxLength: 100 },
  },
  additionalProperties: false,
};

interface Filter {
  status?: string | null;
  kind?: string | null;
  error_code?: string | null;
}

// The queue's table is not in the typed schema (BrandTables belongs to the foundation).
const dyn = (db: unknown) => db as AnyDb;

export function registerSyncPendingRoutes(app: FastifyInstance): void {
  const list = async (db: AnyDb, query: ListQuery, filter: Filter) => {
    const params = parseListQuery(query, LIST_OPTIONS);
    let base = db.selectFrom(TABLE).where('deleted_at', 'is', null);
    for (const column of ['status', 'kind', 'error_code'] as const) {
      const value = filter[column];
      if (value !== null && value !== undefined) base = base.where(column, '=', value);
    }
    let page = base.select(COLUMNS);
    for (const term of params.sort) page = page.orderBy(term.column, term.desc ? 'desc' : 'asc');
    const [rows, total] = await Promise.all([
      page.limit(params.limit).offset(params.offset).execute(),
      params.withTotal ? base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow() : undefined,
    ]);
    return { data: rows.map(toWire), totalCount: total?.n };
  };
  const common = { key, gate: ACCOUNTING_DEV_GATE, querystring: listQuerySchema, data: { type: 'array', items: rowSchema } };

  action(app, { ...common, method: 'GET', url: '/api/xeroadmin/syncpending/list', summary: 'Pending accounting pushes, due first (20 a page)' }, (req) =>
    list(dyn(req.db), req.query as ListQuery, {}),
  );

  action(
    app,
    {
      ...common,
      method: 'POST',
      url: '/api/xeroadmin/syncpending/filter',
      body: filterBody,
      summary: 'Pending accounting pushes by status, kind or error code',
    },
    (req) => list(dyn(req.db), req.query as ListQuery, (req.body ?? {}) as Filter),
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/xeroadmin/syncpending/delete',
      key,
      gate: ACCOUNTING_DEV_GATE,
      body: {
        type: 'object',
        properties: { xsp_ids: { ...listOf('xsp_ids', idSchema()), minItems: 1, maxItems: 1000 } },
        required: ['xsp_ids'],
        additionalProperties: false,
      },
      data: { type: 'object', properties: { deleted: { type: 'integer' } } },
      change: true,
      summary: 'Soft-delete pending pushes (sets deleted_at); answers how many were deleted',
    },
    async (req) => {
      const ids = [...new Set((req.body as { xsp_ids: number[] }).xsp_ids)];
      const done = await dyn(req.db)
        .updateTable(TABLE)
        .set({ deleted_at: sql`now()` })
        .where('xsp_id', 'in', ids)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return { data: { deleted: Number(done.numUpdatedRows) } };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/xeroadmin/syncpending/:id/retry',
      key,
      gate: ACCOUNTING_DEV_GATE,
      params: idParams,
      body: { type: 'object', properties: {}, additionalProperties: false },
      data: rowSchema,
      change: true,
      summary: 'Make a pending push due now (status pending) and try it at once; answers the row after the attempt (done when it went through)',
    },
    async (req) => {
      const id = (req.params as { id: number }).id;
      const row = await dyn(req.db)
        .updateTable(TABLE)
        .set({ next_attempt_at: sql`now()`, status: 'pending' })
        .where('xsp_id', '=', id)
        .where('deleted_at', 'is', null)
        .where('status', '!=', 'done')
        .returning(['xsp_id', 'kind'])
        .executeTakeFirst();
      if (!row) {
        // A done row stays done (sending it again could only duplicate it); an unknown one is 404.
        const done = await dyn(req.db).selectFrom(TABLE).select(COLUMNS).where('xsp_id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
        if (!done) throw notFound();
        return { data: toWire(done) };
      }
      // "Retry now" means now: a connected brand's push is tried in this request, through the same processor as the worker's.
      if (row.kind === PUSH_KIND) {
        const api = await brandXeroApi(dyn(req.db), req.brand!.schema);
        if (api) await attemptNow(dyn(req.db), req.brand!.schema, api, id);
      }
      const after = await dyn(req.db).selectFrom(TABLE).select(COLUMNS).where('xsp_id', '=', id).executeTakeFirstOrThrow();
      return { data: toWire(after) };
    },
  );
}
