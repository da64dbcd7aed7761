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
      const row = await db.selectFrom('google_tasks').select(['parent_id']).where('task_id', '=', id).executeTakeFirstOrThrow();
      const cloud = await viaDrive(async () => {
        if (!task.google_task_id) return null;
        try {
          return await getTask(client, task.g_tasklist_id, task.google_task_id);
        } catch (error) {
          if (error instanceof NotFound) return null;
          throw error;
        }
      });
      const settled = { conflict: false, cloud: null, dirty: false };
      if (keep === 'cloud') {
        const values = cloud ? fromGoogle(cloud) : { deleted: true, etag: null };
        await db
          .updateTable('google_tasks')
          .set({ ...values, ...settled })
          .where('task_id', '=', id)
          .execute();
        return { data: await ownTask(db, usId, id) };
      }
      const body = { title: task.title, notes: task.notes, due: task.due, completed: task.completed };
      const written: GoogleTaskWire | null = await viaDrive(async () => {
        if (!cloud) {
          if (task.deleted) return null;
          const parent = row.parent_id
            ? await db.selectFrom('google_tasks').select('google_task_id').where('task_id', '=', row.parent_id).executeTakeFirst()
            : null;
          return insertTask(client, task.g_tasklist_id, body, parent?.google_task_id ?? null);
        }
        if (task.deleted) {
          await deleteTask(client, task.g_tasklist_id, cloud.id);
          return null;
        }
        return writeTask(client, task.g_tasklist_id, cloud.id, body);
      });
      await db
        .updateTable('google_tasks')
        .set({ ...settled, ...(written ? { google_task_id: written.id, etag: written.etag, g_updated: new Date(written.updated) } : { etag: null }) })
        .where('task_id', '=', id)
        .execute();
      return { data: await ownTask(db, usId, id) };
    },
  );
}
