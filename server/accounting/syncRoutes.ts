/**
 * The contact sync's route and the syncs' progress:
 * - POST contacts/xerosync (Admin, Developer; the tax-rate sync's gate): queues the two-way
 *   contact sync and answers its state at once (AUTHERROR without a connection);
 * - GET xeroadmin/syncstate: every pulled resource's state (taxrates, items, contacts), which
 *   the Sync buttons poll while a sync runs.
 */
import type { FastifyInstance } from 'fastify';
import { ACCOUNTING_ADMIN_GATE, SYNC_RESOURCES } from '../../core/accounting/constants';
import { action } from '../http/route';
import { requireConnection, syncData } from './catalogRoutes';
import { requestAccountingTask } from './queue/workers';
import { CONTACT_SYNC } from './sync/contacts';
import { beginSync, readState } from './sync/state';
import type { SyncDb } from './sync/tables';
import './sync/items';
import './sync/taxRates';

export function registerSyncRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'POST',
      url: '/api/contacts/xerosync',
      key: 'contacts',
      gate: ACCOUNTING_ADMIN_GATE,
      body: { type: 'object', properties: {}, additionalProperties: false },
      data: syncData,
      change: true,
      summary: 'Sync contacts both ways with the accounting system (100 a page; answers the sync state at once, AUTHERROR without a connection)',
    },
    async (req) => {
      await requireConnection(req);
      const state = await beginSync(req.db as unknown as SyncDb, 'contacts');
      await requestAccountingTask(req, CONTACT_SYNC);
      return { data: state };
    },
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/xeroadmin/syncstate',
      key: 'xeroadmin',
      gate: ACCOUNTING_ADMIN_GATE,
      data: { type: 'array', items: syncData },
      summary: "Each pulled resource's sync: next page (0 = not running), progress, the code of the error that stopped it",
    },
    async (req) => ({ data: await Promise.all(SYNC_RESOURCES.map((r) => readState(req.db as unknown as SyncDb, r))) }),
  );
}
