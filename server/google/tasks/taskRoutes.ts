/**
 * tasks in the plain CRUD shape (API.md): list, filter, create, details, update, delete, over the
 * local copy of the user's own accounts' tasks. A change is made here and marked dirty; the next
 * sync sends it (./sync.ts). Delete keeps the task (deleted, listed with `deleted: true`) so
 * `restore` can bring it back; `resolve` settles a conflict (./resolve.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GOOGLE_TASKS_GATE } from '../../../core/google/constants';
import { dueDate } from '../../../core/google/tasks';
import { invalidField } from '../../envelope/errors';
import { textOrNull } from '../../http/bodyShapes';
import { listQuerySchema, parseListQuery, parseSearchText, type ListQuery } from '../../http/listQuery';
import { action, idParams } from '../../http/route';
import { moveLocally, type MoveTo } from './move';
import { ownList, ownTask, taskQuery, tasksDb, taskWire, TASK_COLUMNS, type TaskFilter } from './store';
import { createBody, filterBody, taskData, taskList, updateBody } from './taskSchemas';
import type { TasksDb } from './tables';

const key = 'tasks';
const gate = GOOGLE_TASKS_GATE;
const SORTABLE = { title: 't.title', due: 't.due', task_id: 't.task_id', updated_at: 't.updated_at' } as const;
const listOptions = { pageSize: 20, sort: { sortable: SORTABLE, defaultSort: 'due', tieBreaker: { column: 't.task_id' as const, desc: false } } };

async function page(req: FastifyRequest, filter: TaskFilter) {
  const db = tasksDb(req);
  const p = parseListQuery(req.query as ListQuery, listOptions);
  let q = taskQuery(db, req.user!.us_id, filter).select([...TASK_COLUMNS]);
  for (const s of p.sort) q = q.orderBy(s.column, (eb) => (s.desc ? eb.desc().nullsLast() : eb.asc().nullsLast()));
  const rows = await q.limit(p.limit).offset(p.offset).execute();
  const totalCount = p.withTotal
    ? Number(
        (
          await taskQuery(db, req.user!.us_id, filter)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      )
    : undefined;
  return { data: rows.map((r) => taskWire(r as Record<string, unknown>)), totalCount };
}

async function checkJob(db: TasksDb, jobId: number | null | undefined): Promise<void> {
  if (jobId === undefined || jobId === null) return;
  const job = await db.selectFrom('jobs').select('job_id').where('job_id', '=', jobId).executeTakeFirst();
  if (!job) throw invalidField('job_id');
}

interface Editable {
  title?: string;
  notes?: string | null;
  due?: string | null;
  completed?: boolean;
  job_id?: number | null;
}

/** The body's fields as columns: blank notes are null, `due` keeps its date. */
const columnsOf = (b: Editable) => ({
  ...(b.title !== undefined ? { title: b.title.trim() } : {}),
  ...(b.notes !== undefined ? { notes: textOrNull(b.notes) } : {}),
  ...(b.due !== undefined ? { due: dueDate(b.due) } : {}),
  ...(b.completed !== undefined ? { completed: b.completed } : {}),
  ...(b.job_id !== undefined ? { job_id: b.job_id } : {}),
});

export function registerTaskRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/tasks/list',
      key,
      gate,
      querystring: listQuerySchema,
      data: taskList,
      summary: 'The user’s tasks of every account (sort: due, title, task_id, updated_at)',
    },
    async (req) => page(req, {}),
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/tasks/filter',
      key,
      gate,
      querystring: listQuerySchema,
      body: filterBody,
      data: taskList,
      summary: 'The user’s tasks by account, list, job, free text (title, notes), deleted (to restore) or in conflict',
    },
    async (req) => {
      const b = (req.body ?? {}) as TaskFilter;
      return page(req, { ...b, stext: parseSearchText(b.stext) });
    },
  );

  action(
    app,
    { method: 'GET', url: '/api/tasks/:id/details', key, gate, params: idParams, data: taskData, summary: 'One of the user’s tasks' },
    async (req) => ({ data: await ownTask(tasksDb(req), req.user!.us_id, (req.params as { id: number }).id) }),
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/tasks/create',
      key,
      gate,
      body: createBody,
      data: taskData,
      change: true,
      status: 201,
      summary: 'A new task in one of the user’s lists (sent to Google by the next sync)',
    },
    async (req) => {
      const db = tasksDb(req);
      const b = req.body as Editable & { g_tasklist_id: string; parent?: number | null; title: string };
      const list = await ownList(db, req.user!.us_id, b.g_tasklist_id);
      if (b.parent) {
        const parent = await ownTask(db, req.user!.us_id, b.parent).catch(() => null);
        if (!parent || parent.g_tasklist_id !== b.g_tasklist_id || parent.deleted) throw invalidField('parent');
      }
      await checkJob(db, b.job_id);
      const made = await db
        .insertInto('google_tasks')
        .values({ og_id: list.ga_id, gtl_id: list.gtl_id, parent_id: b.parent ?? null, title: b.title.trim(), ...columnsOf(b), dirty: true })
        .returning('task_id')
        .executeTakeFirstOrThrow();
      return { data: await ownTask(db, req.user!.us_id, made.task_id) };
    },
  );

  action(
    app,
    {
      method: 'PATCH',
      url: '/api/tasks/:id',
      key,
      gate,
      params: idParams,
      body: updateBody,
      data: taskData,
      change: true,
      summary: 'Change or move a task here (parent, another list of its account; sent by the next sync)',
    },
    async (req) => {
      const db = tasksDb(req);
      const { id } = req.params as { id: number };
      const b = req.body as Editable & MoveTo;
      const task = await ownTask(db, req.user!.us_id, id);
      await checkJob(db, b.job_id);
      if (b.parent !== undefined || b.g_tasklist_id !== undefined) await moveLocally(db, req.user!.us_id, task, b);
      const cols = columnsOf(b);
      // Only the job link changed: nothing for Google, which does not hold it.
      const forGoogle = Object.keys(cols).some((k) => k !== 'job_id');
      await db
        .updateTable('google_tasks')
        .set((eb) => ({ ...cols, updated_at: new Date(), dirty: forGoogle ? true : eb.ref('dirty') }))
        .where('task_id', '=', id)
        .execute();
      return { data: await ownTask(db, req.user!.us_id, id) };
    },
  );

  action(
    app,
    {
      method: 'DELETE',
      url: '/api/tasks/:id',
      key,
      gate,
      params: idParams,
      data: taskData,
      change: true,
      summary: 'Delete a task (restorable; deleted at Google by the next sync)',
    },
    async (req) => {
      const db = tasksDb(req);
      const { id } = req.params as { id: number };
      await ownTask(db, req.user!.us_id, id);
      await db.updateTable('google_tasks').set({ deleted: true, dirty: true, updated_at: new Date() }).where('task_id', '=', id).execute();
      return { data: await ownTask(db, req.user!.us_id, id) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/tasks/:id/restore',
      key,
      gate,
      params: idParams,
      body: { type: 'object', properties: {}, additionalProperties: false },
      data: taskData,
      change: true,
      summary: 'Bring a deleted task back (here and, by the next sync, at Google)',
    },
    async (req) => {
      const db = tasksDb(req);
      const { id } = req.params as { id: number };
      await ownTask(db, req.user!.us_id, id);
      await db.updateTable('google_tasks').set({ deleted: false, dirty: true, updated_at: new Date() }).where('task_id', '=', id).execute();
      return { data: await ownTask(db, req.user!.us_id, id) };
    },
  );
}
