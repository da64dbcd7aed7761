/**
 * POST tasks/{id}/resolve {keep}: the user's choice on a task changed on both sides (SPEC point 4).
 * 'cloud' accepts Google's version as it is now; 'local' drops it and writes ours over it (a task
 * Google no longer has is made again). Either is done at once, so nothing waits for a sync and
 * nothing is overwritten without this choice. A task not in conflict is answered as it is.
 */
import type { FastifyInstance } from 'fastify';
import { GOOGLE_TASKS_GATE } from '../../../core/google/constants';
import type { ResolveChoice } from '../../../core/google/tasks';
import { action, idParams } from '../../http/route';
import { NotFound } from '../../integrations/http/errors';
import { ownAccount, loginRequired } from '../accountRoutes';
import type { GoogleDb } from '../accounts';
import { viaDrive } from '../drive/driveErrors';
import { googleIdOf, localIdOf, pushMove } from './move';
import { ownTask, tasksDb } from './store';
import { fromGoogle } from './sync';
import { taskData } from './taskSchemas';
import { deleteTask, getTask, insertTask, tasksClient, writeTask, type GoogleTaskWire } from './tasksApi';

export function registerResolveRoute(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'POST',
      url: '/api/tasks/:id/resolve',
      key: 'tasks',
      gate: GOOGLE_TASKS_GATE,
      params: idParams,
      body: { type: 'object', properties: { keep: { type: 'string', enum: ['cloud', 'local'] } }, required: ['keep'], additionalProperties: false },
      data: taskData,
      change: true,
      summary: "Settle a conflict: keep 'cloud' (accept Google's version) or 'local' (overwrite Google's with ours)",
    },
    async (req) => {
      const db = tasksDb(req);
      const usId = req.user!.us_id;
      const { id } = req.params as { id: number };
      const { keep } = req.body as { keep: ResolveChoice };
      const task = await ownTask(db, usId, id);
      if (!task.conflict) return { data: task };
      const account = await ownAccount(req, task.ga_id);
      if (!account.google_account_selected || account.status !== 'connected') throw loginRequired();
      const client = tasksClient(db as unknown as GoogleDb, req.brand!.schema, task.ga_id);
      const row = await db
        .selectFrom('google_tasks as t')
        .leftJoin('google_tasklists as m', 'm.gtl_id', 't.move_from')
        .select(['t.parent_id', 't.gtl_id', 't.move_from', 'm.g_tasklist_id as from_list'])
        .where('t.task_id', '=', id)
        .executeTakeFirstOrThrow();
      // A move here not yet sent: Google still has the task in the list it left.
      const googleList = row.from_list ?? task.g_tasklist_id;
      const cloud = await viaDrive(async () => {
        if (!task.google_task_id) return null;
        try {
          return await getTask(client, googleList, task.google_task_id);
        } catch (error) {
          if (error instanceof NotFound) return null;
          throw error;
        }
      });
      const settled = { conflict: false, cloud: null, dirty: false, move_from: null };
      if (keep === 'cloud') {
        // Google's place too: the list it is in there, under Google's parent.
        const place = { gtl_id: row.move_from ?? row.gtl_id, parent_id: cloud?.parent ? await localIdOf(db, task.ga_id, cloud.parent) : null };
        const values = cloud ? { ...fromGoogle(cloud), ...place } : { deleted: true, etag: null };
        await db
          .updateTable('google_tasks')
          .set({ ...values, ...settled })
          .where('task_id', '=', id)
          .execute();
        return { data: await ownTask(db, usId, id) };
      }
      const body = { title: task.title, notes: task.notes, due: task.due, completed: task.completed };
      let moveWaits = false;
      const written: GoogleTaskWire | null = await viaDrive(async () => {
        if (!cloud) {
          if (task.deleted) return null;
          return insertTask(client, task.g_tasklist_id, body, await googleIdOf(db, row.parent_id));
        }
        if (row.from_list) {
          const moved = await pushMove(db, client, { google_task_id: cloud.id, parent_id: row.parent_id, g_tasklist_id: task.g_tasklist_id }, row.from_list);
          if (!moved) {
            // Its new parent is not at Google yet: ours is written where Google has it, the move waits for the sync.
            moveWaits = true;
            return writeTask(client, row.from_list, cloud.id, body);
          }
        }
        if (task.deleted) {
          await deleteTask(client, task.g_tasklist_id, cloud.id);
          return null;
        }
        return writeTask(client, task.g_tasklist_id, cloud.id, body);
      });
      await db
        .updateTable('google_tasks')
        .set({
          ...settled,
          ...(written ? { google_task_id: written.id, etag: written.etag, g_updated: new Date(written.updated) } : { etag: null }),
          ...(moveWaits ? { move_from: row.move_from, dirty: true } : {}),
        })
        .where('task_id', '=', id)
        .execute();
      return { data: await ownTask(db, usId, id) };
    },
  );
}
