/**
 * Moving a task: under another parent (or back to the top level) and into another list of the same
 * account. Here the move is made at once and remembered (`move_from`: the list Google still has it
 * in); the sync sends it with Google's `tasks.move` (parent, destinationTasklist) before any other
 * change of the task. Subtasks go along to another list, as they do at Google.
 */
import type { TaskWire } from '../../../core/google/tasks';
import { invalidField } from '../../envelope/errors';
import type { ProviderClient } from '../../integrations/http/providerClient';
import { ownLists } from './store';
import type { TasksDb } from './tables';
import { moveTask, type GoogleTaskWire } from './tasksApi';

export interface MoveTo {
  g_tasklist_id?: string;
  parent?: number | null;
}

/** The task ids under `taskId` (children, their children...), among the account's tasks. */
export async function descendantsOf(db: TasksDb, ogId: number, taskId: number): Promise<number[]> {
  const rows = await db.selectFrom('google_tasks').select(['task_id', 'parent_id']).where('og_id', '=', ogId).where('parent_id', 'is not', null).execute();
  const out: number[] = [];
  const walk = (id: number) => {
    for (const r of rows)
      if (r.parent_id === id && !out.includes(r.task_id)) {
        out.push(r.task_id);
        walk(r.task_id);
      }
  };
  walk(taskId);
  return out;
}

/** Checks and makes the move here (marked for the next sync); nothing when it changes nothing. */
export async function moveLocally(db: TasksDb, usId: number, task: TaskWire, to: MoveTo): Promise<boolean> {
  const listId = to.g_tasklist_id ?? task.g_tasklist_id;
  const [list] = await ownLists(db, usId, task.ga_id, listId);
  // Google moves a task only between lists of one account.
  if (!list) throw invalidField('g_tasklist_id');
  const otherList = listId !== task.g_tasklist_id;
  // A task leaving its list leaves its parent there too, unless a new one is named.
  const parent = to.parent !== undefined ? to.parent : otherList ? null : task.parent;
  if (parent !== null) {
    const p = await db
      .selectFrom('google_tasks')
      .select(['task_id', 'gtl_id', 'deleted'])
      .where('task_id', '=', parent)
      .where('og_id', '=', task.ga_id)
      .executeTakeFirst();
    const below = await descendantsOf(db, task.ga_id, task.task_id);
    if (!p || p.deleted || p.gtl_id !== list.gtl_id || p.task_id === task.task_id || below.includes(p.task_id)) throw invalidField('parent');
  }
  const row = await db.selectFrom('google_tasks').select(['gtl_id', 'parent_id', 'move_from']).where('task_id', '=', task.task_id).executeTakeFirstOrThrow();
  if (row.gtl_id === list.gtl_id && row.parent_id === parent) return false;
  await db
    .updateTable('google_tasks')
    .set({ gtl_id: list.gtl_id, parent_id: parent, move_from: row.move_from ?? row.gtl_id, dirty: true, updated_at: new Date() })
    .where('task_id', '=', task.task_id)
    .execute();
  if (otherList) {
    const below = await descendantsOf(db, task.ga_id, task.task_id);
    if (below.length) await db.updateTable('google_tasks').set({ gtl_id: list.gtl_id }).where('task_id', 'in', below).execute();
  }
  return true;
}

/** The Google id of a local task (null when none or not at Google yet). */
export async function googleIdOf(db: TasksDb, taskId: number | null): Promise<string | null> {
  if (taskId === null) return null;
  const row = await db.selectFrom('google_tasks').select('google_task_id').where('task_id', '=', taskId).executeTakeFirst();
  return row?.google_task_id ?? null;
}

/** The local id of a task Google knows by `googleId`, in the account (null when not here). */
export async function localIdOf(db: TasksDb, ogId: number, googleId: string): Promise<number | null> {
  const row = await db.selectFrom('google_tasks').select('task_id').where('og_id', '=', ogId).where('google_task_id', '=', googleId).executeTakeFirst();
  return row?.task_id ?? null;
}

/**
 * Sends a waiting move: from `fromList` (where Google has the task) under the parent and into the
 * list the row says. Null when the parent is not at Google yet: the move waits for the next sync.
 */
export async function pushMove(
  db: TasksDb,
  client: ProviderClient,
  t: { google_task_id: string; parent_id: number | null; g_tasklist_id: string },
  fromList: string,
): Promise<GoogleTaskWire | null> {
  const parent = await googleIdOf(db, t.parent_id);
  if (t.parent_id !== null && !parent) return null;
  return moveTask(client, fromList, t.google_task_id, { parent, destination: t.g_tasklist_id });
}
