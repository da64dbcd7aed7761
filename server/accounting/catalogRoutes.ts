/**
 * The tax-rate and item actions beyond the engine's CRUD (SPEC.md point 7, accounting):
 * POST xerotaxrates/{id}/default (one default at a time), POST xerotaxrates/sync and
 * POST xeroitems/sync. The syncs ask the connection first and, without one, answer AUTHERROR;
 * then they queue the pull (./sync, run by the accounting queue) and answer the sync state at once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ACCOUNTING_ADMIN_GATE, fullItemSyncAllowed } from '../../core/accounting/constants';
import { xeroitems } from '../../core/resources/definitions/xeroitems';
import { xerotaxrates } from '../../core/resources/definitions/xerotaxrates';
import { invalidField, notFound } from '../envelope/errors';
import { action, idParams } from '../http/route';
import { recordSchema, resourceInfo } from '../resources/fields';
import { unsetOtherDefaults, type AnyDb } from '../resources/hooks';
import { lockRecord, updateRecord } from '../resources/store';
import { accountingConnection } from './connection';
import { accountingError } from './errors';
import { ITEM_PULL } from './sync/items';
import { beginSync } from './sync/state';
import type { SyncDb } from './sync/tables';
import { TAXRATE_PULL } from './sync/taxRates';
import { requestAccountingTask } from './queue/workers';

const taxInfo = resourceInfo(xerotaxrates);

/** What a sync answers: its resource's sync state (core/accounting/constants SyncStateWire). */
export const syncData = {
  type: 'object',
  properties: {
    resource: { type: 'string' },
    next_page: { type: 'integer' },
    done: { type: 'integer' },
    total: { type: 'integer' },
    running: { type: 'boolean' },
    stalled: { type: 'boolean' },
    error: { type: ['string', 'null'] },
    notice: { type: ['string', 'null'] },
    last_run_at: { type: ['string', 'null'] },
  },
};

/** A sync needs the connection: without one it answers AUTHERROR and queues nothing. */
export async function requireConnection(req: FastifyRequest): Promise<void> {
  const connection = await accountingConnection(req);
  if (!connection.connected) throw accountingError('AUTHERROR');
}

export function registerCatalogRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'POST',
      url: '/api/xerotaxrates/:id/default',
      key: 'xerotaxrates',
      gate: ACCOUNTING_ADMIN_GATE,
      params: idParams,
      body: { type: 'object', properties: {}, additionalProperties: false },
      data: recordSchema(taxInfo),
      change: true,
      summary: 'Make this tax rate the default (the one default; a hidden rate is shown again)',
    },
    async (req) => {
      const id = (req.params as { id: number }).id;
      const row = await req.db!.transaction().execute(async (trx) => {
        if (!(await lockRecord(trx, taxInfo, id))) return null;
        const values = { is_default: true, xtr_visible: true, updated_at: new Date() };
        await unsetOtherDefaults(trx as unknown as AnyDb, taxInfo, id, values);
        return updateRecord(trx, taxInfo, id, values);
      });
      if (!row) throw notFound();
      return { data: row };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/xerotaxrates/sync',
      key: 'xerotaxrates',
      gate: ACCOUNTING_ADMIN_GATE,
      body: { type: 'object', properties: {}, additionalProperties: false },
      data: syncData,
      change: true,
      summary: "Pull the accounting system's tax rates, keeping local visibility and default (AUTHERROR without a connection)",
    },
    async (req) => {
      await requireConnection(req);
      const state = await beginSync(req.db as unknown as SyncDb, 'taxrates');
      await requestAccountingTask(req, TAXRATE_PULL);
      return { data: state };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/xeroitems/sync',
      key: 'xeroitems',
      gate: ACCOUNTING_ADMIN_GATE,
      body: { type: 'object', properties: { full: { type: ['boolean', 'null'] } }, additionalProperties: false },
      data: syncData,
      change: true,
      summary: 'Pull the items: `full` only while no items exist (SPEC point 9), otherwise changes since the last pull (AUTHERROR without a connection)',
    },
    async (req) => {
      const { full } = (req.body ?? {}) as { full?: boolean | null };
      if (full) {
        const db = req.db! as unknown as AnyDb;
        const { n } = await db
          .selectFrom(xeroitems.table)
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow();
        if (!fullItemSyncAllowed(n)) throw invalidField('full');
      }
      await requireConnection(req);
      const state = await beginSync(req.db as unknown as SyncDb, 'items');
      await requestAccountingTask(req, ITEM_PULL, { full: !!full });
      return { data: state };
    },
  );
}
