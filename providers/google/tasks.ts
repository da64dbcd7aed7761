/**
 * Tasks v1: task lists (list, get, insert, update, patch, delete) and tasks (list with
 * updatedMin/showDeleted/showHidden/showCompleted and paging, get, insert with parent/previous,
 * update, patch, delete, move, clear). The contract's facts the product relies on are kept: `due`
 * keeps only the date, `updated` is read-only, `deleted` is writable (a restore is `deleted: false`),
 * a deleted task is still listed with showDeleted, and every change moves `updated` and the etag.
 */
import { decodePageToken, intParam, page, type GoogleCall, type GoogleHandler } from './context';
import type { Task, TaskList } from './state';
import { invalid, notFound, taskListWire, taskWire } from './wire';

const listOf = (call: GoogleCall): TaskList | null => call.account.lists.get(call.params.tasklist) ?? null;
const taskOf = (call: GoogleCall): Task | null => {
  const t = call.account.tasks.get(call.params.task);
  return t && t.listId === call.params.tasklist ? t : null;
};

const listsList: GoogleHandler = (call) => {
  const size = intParam(call, 'maxResults', 20, 1, 1000);
  const offset = decodePageToken(call.query.get('pageToken'));
  if (size === null || offset === null) return invalid('Invalid value');
  const { rows, nextPageToken } = page([...call.account.lists.values()], offset, size);
  return {
    status: 200,
    body: {
      kind: 'tasks#taskLists',
      etag: `"${call.account.lists.size}-${call.now}"`,
      ...(nextPageToken ? { nextPageToken } : {}),
      items: rows.map((l) => taskListWire(l, call.baseUrl)),
    },
  };
};

const listsGet: GoogleHandler = (call) => {
  const list = listOf(call);
  return list ? { status: 200, body: taskListWire(list, call.baseUrl) } : notFound('Task list', call.params.tasklist);
};

const listsInsert: GoogleHandler = (call) => {
  const title = typeof call.body.title === 'string' ? call.body.title : '';
  return { status: 200, body: taskListWire(call.state.addList(call.account, title), call.baseUrl) };
};

const listsPatch: GoogleHandler = (call) => {
  const list = listOf(call);
  if (!list) return notFound('Task list', call.params.tasklist);
  if (typeof call.body.title === 'string') list.title = call.body.title;
  call.state.touch(list);
  return { status: 200, body: taskListWire(list, call.baseUrl) };
};

const listsDelete: GoogleHandler = (call) => {
  const list = listOf(call);
  if (!list) return notFound('Task list', call.params.tasklist);
  call.account.lists.delete(list.id);
  for (const [id, t] of call.account.tasks) if (t.listId === list.id) call.account.tasks.delete(id);
  return { status: 204 };
};

const parseTime = (v: string | null): number | null => (v === null ? null : Date.parse(v));

const tasksList: GoogleHandler = (call) => {
  const list = listOf(call);
  if (!list) return notFound('Task list', call.params.tasklist);
  // The contract says "max allowed: 100" in prose only, where no validator reads it.
  const size = intParam(call, 'maxResults', 20, 1, 100);
  const offset = decodePageToken(call.query.get('pageToken'));
  if (size === null || offset === null) return invalid('Invalid value');
  const flag = (name: string, fallback: boolean) => (call.query.has(name) ? call.query.get(name) === 'true' : fallback);
  const [showDeleted, showHidden, showCompleted] = [flag('showDeleted', false), flag('showHidden', false), flag('showCompleted', true)];
  const updatedMin = parseTime(call.query.get('updatedMin'));
  const dueMin = parseTime(call.query.get('dueMin'));
  const dueMax = parseTime(call.query.get('dueMax'));
  const rows = [...call.account.tasks.values()].filter(
    (t) =>
      t.listId === list.id &&
      (showDeleted || !t.deleted) &&
      (showHidden || !t.hidden) &&
      (showCompleted || t.status !== 'completed') &&
      (updatedMin === null || t.updatedMs >= updatedMin) &&
      (dueMin === null || (t.due !== null && Date.parse(t.due) >= dueMin)) &&
      (dueMax === null || (t.due !== null && Date.parse(t.due) < dueMax)),
  );
  rows.sort((a, b) => (a.parent ?? '').localeCompare(b.parent ?? '') || a.position - b.position || a.id.localeCompare(b.id));
  const p = page(rows, offset, size);
  return {
    status: 200,
    body: {
      kind: 'tasks#tasks',
      etag: `"${list.id}-${call.now}"`,
      ...(p.nextPageToken ? { nextPageToken: p.nextPageToken } : {}),
      items: p.rows.map((t) => taskWire(t, call.baseUrl)),
    },
  };
};

const tasksGet: GoogleHandler = (call) => {
  const task = taskOf(call);
  return task ? { status: 200, body: taskWire(task, call.baseUrl) } : notFound('Task', call.params.task);
};

/** Applies the writable fields of a task body; `updated`, `id`, `etag` and the links are read-only and ignored. */
function applyWritable(task: Task, body: Record<string, unknown>, now: number, replace: boolean): void {
  const has = (k: string) => replace || k in body;
  if (has('title')) task.title = typeof body.title === 'string' ? body.title : '';
  if (has('notes')) task.notes = typeof body.notes === 'string' ? body.notes : null;
  // Google discards the time part of `due`.
  if (has('due')) task.due = typeof body.due === 'string' ? new Date(Date.parse(body.due)).toISOString().slice(0, 10) : null;
  if (has('status')) {
    const status = body.status === 'completed' ? 'completed' : 'needsAction';
    if (status !== task.status) task.completedMs = status === 'completed' ? (typeof body.completed === 'string' ? Date.parse(body.completed) : now) : null;
    task.status = status;
  }
  if ('deleted' in body) task.deleted = body.deleted === true;
  if ('hidden' in body) task.hidden = body.hidden === true;
}

const tasksInsert: GoogleHandler = (call) => {
  const list = listOf(call);
  if (!list) return notFound('Task list', call.params.tasklist);
  const parent = call.query.get('parent');
  if (parent && !call.account.tasks.has(parent)) return notFound('Task', parent);
  const previous = call.query.get('previous');
  const after = previous ? call.account.tasks.get(previous) : null;
  if (previous && !after) return notFound('Task', previous);
  const task = call.state.addTask(call.account, list.id, { title: '', parent: parent ?? null, position: after ? after.position + 1 : 0 });
  // A new task goes first (or after `previous`): its later siblings move down one place.
  for (const t of call.account.tasks.values())
    if (t !== task && t.listId === list.id && t.parent === task.parent && t.position >= task.position) t.position += 1;
  applyWritable(task, call.body, call.now, false);
  return { status: 200, body: taskWire(task, call.baseUrl) };
};

const tasksWrite =
  (replace: boolean): GoogleHandler =>
  (call) => {
    const task = taskOf(call);
    if (!task) return notFound('Task', call.params.task);
    applyWritable(task, call.body, call.now, replace);
    call.state.touch(task);
    return { status: 200, body: taskWire(task, call.baseUrl) };
  };

const tasksDelete: GoogleHandler = (call) => {
  const task = taskOf(call);
  if (!task) return notFound('Task', call.params.task);
  // Google keeps a deleted task (listed with showDeleted) so a client can see it went, and restore it.
  task.deleted = true;
  call.state.touch(task);
  return { status: 204 };
};

/**
 * Google's rules for a move: the destination list exists; a parent is a live task of that list and
 * not the task or one of its subtasks; `previous` is a sibling there (under the same parent).
 */
const tasksMove: GoogleHandler = (call) => {
  const task = taskOf(call);
  if (!task) return notFound('Task', call.params.task);
  const listId = call.query.get('destinationTasklist') || task.listId;
  if (!call.account.lists.has(listId)) return notFound('Task list', listId);
  const parentId = call.query.get('parent') || null;
  const parent = parentId ? call.account.tasks.get(parentId) : null;
  if (parentId && (!parent || parent.deleted)) return notFound('Task', parentId);
  if (parent && (parent.listId !== listId || parent === task || call.state.descendants(call.account, task).includes(parent)))
    return invalid('Invalid parent task.');
  const previousId = call.query.get('previous') || null;
  const previous = previousId ? call.account.tasks.get(previousId) : null;
  if (previousId && !previous) return notFound('Task', previousId);
  if (previous && (previous === task || previous.listId !== listId || previous.parent !== parentId)) return invalid('Invalid previous task.');
  call.state.moveTask(call.account, task, { listId, parent: parentId, previous: previousId });
  return { status: 200, body: taskWire(task, call.baseUrl) };
};

const tasksClear: GoogleHandler = (call) => {
  const list = listOf(call);
  if (!list) return notFound('Task list', call.params.tasklist);
  // Clearing hides the completed tasks: they are then listed only with showHidden.
  for (const t of call.account.tasks.values()) {
    if (t.listId === list.id && t.status === 'completed' && !t.hidden) {
      t.hidden = true;
      call.state.touch(t);
    }
  }
  return { status: 204 };
};

export const taskHandlers: Record<string, GoogleHandler> = {
  'tasks.tasklists.list': listsList,
  'tasks.tasklists.get': listsGet,
  'tasks.tasklists.insert': listsInsert,
  'tasks.tasklists.update': listsPatch,
  'tasks.tasklists.patch': listsPatch,
  'tasks.tasklists.delete': listsDelete,
  'tasks.tasks.list': tasksList,
  'tasks.tasks.get': tasksGet,
  'tasks.tasks.insert': tasksInsert,
  'tasks.tasks.update': tasksWrite(true),
  'tasks.tasks.patch': tasksWrite(false),
  'tasks.tasks.delete': tasksDelete,
  'tasks.tasks.move': tasksMove,
  'tasks.tasks.clear': tasksClear,
};
