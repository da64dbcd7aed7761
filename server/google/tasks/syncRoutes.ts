/**
 * POST tasks/sync {ga_id?}: queues the two-way sync of one of the user's accounts, or of every
 * selected one, and answers their progress at once; GET tasks/syncstate answers it again (the Sync
 * button polls it). Without a usable account: 'Google login/connection is required!'.
 */
import type { FastifyInstance } from 'fastify';
import { GOOGLE_TASKS_GATE } from '../../../core/google/constants';
import { idSchema } from '../../http/bodyShapes';
import { action } from '../../http/route';
import { loginRequired, ownAccount } from '../accountRoutes';
import { listAccounts, type GoogleDb } from '../accounts';
import { tasksDb } from './store';
import { requestTasksSync, syncStates } from './syncTask';
import { syncStateList } from './taskSchemas';

export function registerTaskSyncRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'POST',
      url: '/api/tasks/sync',
      key: 'tasks',
      gate: GOOGLE_TASKS_GATE,
      body: { type: 'object', properties: { ga_id: idSchema() }, additionalProperties: false },
      data: syncStateList,
      change: true,
      summary: 'Sync tasks both ways with Google, one account or every selected one (queued; answers the progress)',
    },
    async (req) => {
      const { ga_id } = (req.body ?? {}) as { ga_id?: number };
      const db = tasksDb(req);
      let ids: number[];
      if (ga_id !== undefined) {
        const account = await ownAccount(req, ga_id);
        if (!account.google_account_selected || account.status !== 'connected') throw loginRequired();
        ids = [ga_id];
      } else {
        ids = (await listAccounts(db as unknown as GoogleDb, req.user!.us_id))
          .filter((a) => a.google_account_selected && a.status === 'connected')
          .map((a) => a.ga_id);
        if (!ids.length) throw loginRequired();
      }
      for (const id of ids) await requestTasksSync(req, db, id);
      return { data: await syncStates(db, req.user!.us_id, ids) };
    },
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/tasks/syncstate',
      key: 'tasks',
      gate: GOOGLE_TASKS_GATE,
      data: syncStateList,
      summary: 'The tasks sync’s progress and conflicts, per account of the user',
    },
    async (req) => {
      const db = tasksDb(req);
      const ids = (await listAccounts(db as unknown as GoogleDb, req.user!.us_id)).map((a) => a.ga_id);
      return { data: await syncStates(db, req.user!.us_id, ids) };
    },
  );
}
