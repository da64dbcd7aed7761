/**
 * The tax-rate and item actions beyond the engine's CRUD (SPEC.md point 7, accounting):
 * POST xerotaxrates/{id}/default (one default at a time), POST xerotaxrates/sync and
 * POST xeroitems/sync. The syncs ask the connection first and, without one, answer AUTHERROR;
 * the pull itself comes with the Xero adapter.
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

const taxInfo = resourceInfo(xerotaxrates);

/** What a sync answers once it runs: how far the pull got (the sync-state row of the resource). */
const syncData = {
  type: 'object',
  properties: { resource: { type: 'string' }, next_page: { type: 'integer' }, done: { type: 'integer' }, total: { type: 'integer' } },
};

/** Until the adapter exists every sync stops here; it never reports a pull that did not happen. */
async function requireConnection(req: FastifyRequest): Promise<void> {
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
      throw accountingError('XE_UNKNOWN', 'The tax-rate pull is not built yet.');
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
      throw accountingError('XE_UNKNOWN', 'The item pull is not built yet.');
    },
  );
}
