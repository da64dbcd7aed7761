/**
 * tasks/tasklists/...: the user's task lists in the plain CRUD shape. Lists are made, renamed and
 * deleted at Google at once (a list has nothing to merge), and the local copy follows.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GOOGLE_TASKS_GATE } from '../../../core/google/constants';
import { filledTextSchema, idSchema } from '../../http/bodyShapes';
import { action } from '../../http/route';
import { loginRequired, ownAccount } from '../accountRoutes';
import type { GoogleDb } from '../accounts';
import { viaDrive } from '../drive/driveErrors';
import { ownList, ownLists, tasksDb } from './store';
import { googleId, listData, listList } from './taskSchemas';
import { deleteTaskList, insertTaskList, renameTaskList, tasksClient } from './tasksApi';

const key = 'tasks';
const gate = GOOGLE_TASKS_GATE;
const listParams = { type: 'object', properties: { id: googleId }, required: ['id'] };
const wire = ({ gtl_id: _gtl, ...list }: Awaited<ReturnType<typeof ownList>>) => list;

/** The client of one of the user's accounts, selected and accepted by Google. */
async function clientFor(req: FastifyRequest, gaId: number) {
  const account = await ownAccount(req, gaId);
  if (!account.google_account_selected || account.status !== 'connected') throw loginRequired();
  return tasksClient(tasksDb(req) as unknown as GoogleDb, req.brand!.schema, gaId);
}

export function registerTaskListRoutes(app: FastifyInstance): void {
  action(
    app,
    { method: 'GET', url: '/api/tasks/tasklists/list', key, gate, data: listList, summary: 'The user’s task lists of every account' },
    async (req) => ({
      data: (await ownLists(tasksDb(req), req.user!.us_id)).map(wire),
    }),
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/tasks/tasklists/filter',
      key,
      gate,
      body: { type: 'object', properties: { ga_id: idSchema() }, additionalProperties: false },
      data: listList,
      summary: 'The user’s task lists, of one account when named',
    },
    async (req) => ({ data: (await ownLists(tasksDb(req), req.user!.us_id, (req.body as { ga_id?: number } | null)?.ga_id)).map(wire) }),
  );

  action(
    app,
    { method: 'GET', url: '/api/tasks/tasklists/:id/details', key, gate, params: listParams, data: listData, summary: 'One of the user’s task lists' },
    async (req) => ({ data: wire(await ownList(tasksDb(req), req.user!.us_id, (req.params as { id: string }).id)) }),
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/tasks/tasklists/create',
      key,
      gate,
      body: {
        type: 'object',
        properties: { ga_id: idSchema(), g_tasklist_title: filledTextSchema(100) },
        required: ['ga_id', 'g_tasklist_title'],
        additionalProperties: false,
      },
      data: listData,
      change: true,
      status: 201,
      summary: 'A new task list, made at Google at once',
    },
    async (req) => {
      const { ga_id, g_tasklist_title } = req.body as { ga_id: number; g_tasklist_title: string };
      const client = await clientFor(req, ga_id);
      const made = await viaDrive(() => insertTaskList(client, g_tasklist_title.trim()));
      await tasksDb(req)
        .insertInto('google_tasklists')
        .values({ og_id: ga_id, g_tasklist_id: made.id, title: made.title, etag: made.etag, g_updated: new Date(made.updated) })
        .execute();
      return { data: wire(await ownList(tasksDb(req), req.user!.us_id, made.id)) };
    },
  );

  action(
    app,
    {
      method: 'PATCH',
      url: '/api/tasks/tasklists/:id',
      key,
      gate,
      params: listParams,
      body: { type: 'object', properties: { g_tasklist_title: filledTextSchema(100) }, required: ['g_tasklist_title'], additionalProperties: false },
      data: listData,
      change: true,
      summary: 'Rename a task list (at Google at once)',
    },
    async (req) => {
      const db = tasksDb(req);
      const list = await ownList(db, req.user!.us_id, (req.params as { id: string }).id);
      const client = await clientFor(req, list.ga_id);
      const renamed = await viaDrive(() => renameTaskList(client, list.g_tasklist_id, (req.body as { g_tasklist_title: string }).g_tasklist_title.trim()));
      await db
        .updateTable('google_tasklists')
        .set({ title: renamed.title, etag: renamed.etag, g_updated: new Date(renamed.updated) })
        .where('gtl_id', '=', list.gtl_id)
        .execute();
      return { data: wire(await ownList(db, req.user!.us_id, list.g_tasklist_id)) };
    },
  );

  action(
    app,
    {
      method: 'DELETE',
      url: '/api/tasks/tasklists/:id',
      key,
      gate,
      params: listParams,
      data: listData,
      change: true,
      summary: 'Delete a task list and its tasks (at Google at once)',
    },
    async (req) => {
      const db = tasksDb(req);
      const list = await ownList(db, req.user!.us_id, (req.params as { id: string }).id);
      const client = await clientFor(req, list.ga_id);
      await viaDrive(() => deleteTaskList(client, list.g_tasklist_id));
      await db.deleteFrom('google_tasklists').where('gtl_id', '=', list.gtl_id).execute();
      return { data: wire(list) };
    },
  );
}
