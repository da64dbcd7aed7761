/**
 * One account's two-way tasks sync. Local changes go first: a dirty task is read back from Google,
 * and if its etag is not the one we last saw (changed there meanwhile) it is marked a conflict with
 * Google's version kept beside ours and nothing is sent; otherwise ours is written. Then every list
 * is read (new, renamed, gone) and each list's tasks changed since its cursor (updatedMin, with
 * deleted and hidden ones) are taken in, except where ours changed too: that is a conflict as well.
 * Nothing is overwritten silently; the user resolves (./resolve.ts). Progress is written as it goes.
 * New tasks go first and moves next (./move.ts), so a parent is at Google, and a moved list's
 * subtasks are where Google has them, before the edits that name them are sent.
 */
import { sql } from 'kysely';
import type { CloudVersion } from '../../../core/google/tasks';
import { NotFound } from '../../integrations/http/errors';
import type { ProviderClient } from '../../integrations/http/providerClient';
import type { GoogleDb } from '../accounts';
import { descendantsOf, googleIdOf, pushMove } from './move';
import type { TasksDb } from './tables';
import { deleteTask, getTask, insertTask, listTasks, listTaskLists, tasksClient, writeTask, type GoogleTaskWire } from './tasksApi';

/** Thrown between steps when the process is stopping: the queue runs the sync again, which starts where the rows say. */
export class SyncInterrupted extends Error {}

export const cloudVersion = (g: GoogleTaskWire | null): CloudVersion =>
  g
    ? {
        title: g.title ?? '',
        notes: g.notes ?? null,
        due: g.due ? g.due.slice(0, 10) : null,
        completed: g.status === 'completed',
        deleted: g.deleted === true,
        updated: g.updated ?? null,
      }
    : { title: '', notes: null, due: null, completed: false, deleted: true, updated: null };

/** Google's version as our row's fields, with the etag and `updated` now seen. */
export const fromGoogle = (g: GoogleTaskWire) => {
  const v = cloudVersion(g);
  return { title: v.title, notes: v.notes, due: v.due, completed: v.completed, deleted: v.deleted, etag: g.etag, g_updated: new Date(g.updated) };
};

type TaskRow = Awaited<ReturnType<typeof dirtyTasks>>[number];

async function dirtyTasks(db: TasksDb, gaId: number) {
  const rows = await db
    .selectFrom('google_tasks as t')
    .innerJoin('google_tasklists as l', 'l.gtl_id', 't.gtl_id')
    .leftJoin('google_tasklists as m', 'm.gtl_id', 't.move_from')
    .select([
      't.task_id',
      't.google_task_id',
      't.title',
      't.notes',
      't.due',
      't.completed',
      't.deleted',
      't.etag',
      't.updated_at',
      'l.g_tasklist_id',
      'm.g_tasklist_id as from_list',
      't.parent_id',
    ])
    .where('t.og_id', '=', gaId)
    .where('t.dirty', '=', true)
    .where('t.conflict', '=', false)
    .where('l.deleted', '=', false)
    .orderBy('t.task_id')
    .execute();
  const stage = (t: (typeof rows)[number]) => (!t.google_task_id ? 0 : t.from_list ? 1 : 2);
  return rows.sort((a, b) => stage(a) - stage(b));
}

/** Marks a task a conflict, Google's version kept for the user to choose. */
export async function markConflict(db: TasksDb, taskId: number, cloud: CloudVersion): Promise<void> {
  await db
    .updateTable('google_tasks')
    .set({ conflict: true, cloud: JSON.stringify(cloud) })
    .where('task_id', '=', taskId)
    .execute();
}

/** Sends one local change; it waits (stays dirty) while its parent is not at Google yet. */
async function pushOne(db: TasksDb, client: ProviderClient, t: TaskRow): Promise<void> {
  const body = { title: t.title, notes: t.notes, due: t.due, completed: t.completed };
  // Only if nothing changed here while the call was out: otherwise it stays dirty for the next sync.
  const settle = (values: Record<string, unknown>) =>
    db
      .updateTable('google_tasks')
      .set({ ...values, dirty: false } as never)
      .where('task_id', '=', t.task_id)
      // JS dates hold milliseconds, PostgreSQL's microseconds.
      .where(sql`date_trunc('milliseconds', updated_at)`, '=', t.updated_at)
      .execute();
  if (!t.google_task_id) {
    if (t.deleted) return void (await settle({ move_from: null }));
    // Read now, not with the batch: a parent made earlier in this sync has its Google id.
    const parent = await googleIdOf(db, t.parent_id);
    if (t.parent_id !== null && !parent) return;
    const made = await insertTask(client, t.g_tasklist_id, body, parent);
    await settle({ google_task_id: made.id, etag: made.etag, g_updated: new Date(made.updated), move_from: null });
    return;
  }
  // Where Google has it: the list it left here, while its move waits.
  const googleList = t.from_list ?? t.g_tasklist_id;
  let cloud: GoogleTaskWire | null;
  try {
    cloud = await getTask(client, googleList, t.google_task_id);
  } catch (error) {
    if (!(error instanceof NotFound)) throw error;
    cloud = null;
  }
  if (!cloud) {
    // Gone at Google for good: a local delete is done; a local edit is the user's to decide.
    if (t.deleted) await settle({});
    else await markConflict(db, t.task_id, cloudVersion(null));
    return;
  }
  if (cloud.etag !== t.etag) return markConflict(db, t.task_id, cloudVersion(cloud));
  if (t.from_list && !(await pushMove(db, client, { ...t, google_task_id: t.google_task_id }, t.from_list))) return;
  if (t.deleted) {
    await deleteTask(client, t.g_tasklist_id, t.google_task_id);
    // Google's new etag is not answered; the next pull sees the deletion as already ours.
    await settle({ etag: null, move_from: null });
    return;
  }
  const written = await writeTask(client, t.g_tasklist_id, t.google_task_id, body);
  await settle({ etag: written.etag, g_updated: new Date(written.updated), move_from: null });
}

/** Takes in one pulled task: new, unchanged, changed there only (applied) or on both sides (conflict). */
async function pullOne(db: TasksDb, gaId: number, gtlId: number, g: GoogleTaskWire): Promise<void> {
  const local = await db
    .selectFrom('google_tasks')
    .select(['task_id', 'gtl_id', 'etag', 'dirty', 'conflict'])
    .where('og_id', '=', gaId)
    .where('google_task_id', '=', g.id)
    .executeTakeFirst();
  if (!local) {
    if (g.deleted) return;
    await db
      .insertInto('google_tasks')
      .values({ og_id: gaId, gtl_id: gtlId, google_task_id: g.id, dirty: false, ...fromGoogle(g) })
      .execute();
    return;
  }
  if (local.etag === g.etag) return;
  if (local.dirty || local.conflict) return markConflict(db, local.task_id, cloudVersion(g));
  // Back at the top level there; a new parent is linked once the whole page is in (linkParents).
  const done = await db
    .updateTable('google_tasks')
    .set({ ...fromGoogle(g), gtl_id: gtlId, ...(g.parent ? {} : { parent_id: null }) })
    .where('task_id', '=', local.task_id)
    .where('dirty', '=', false)
    .executeTakeFirst();
  if (done.numUpdatedRows > 0n && local.gtl_id !== gtlId) {
    // Moved to this list at Google: its subtasks came along.
    const below = await descendantsOf(db, gaId, local.task_id);
    if (below.length) await db.updateTable('google_tasks').set({ gtl_id: gtlId }).where('task_id', 'in', below).execute();
  }
}

/** Google's parents as ours, for the tasks not changed here (a local move waiting is kept). */
async function linkParents(db: TasksDb, gaId: number, items: GoogleTaskWire[]): Promise<void> {
  for (const g of items) {
    if (!g.parent) continue;
    const parent = await db.selectFrom('google_tasks').select('task_id').where('og_id', '=', gaId).where('google_task_id', '=', g.parent).executeTakeFirst();
    if (parent)
      await db
        .updateTable('google_tasks')
        .set({ parent_id: parent.task_id })
        .where('og_id', '=', gaId)
        .where('google_task_id', '=', g.id)
        .where('dirty', '=', false)
        .where('conflict', '=', false)
        .execute();
  }
}

const progress = (db: TasksDb, gaId: number, values: { tasks_done?: number; tasks_total?: number }) =>
  db.updateTable('google_accounts').set(values).where('og_id', '=', gaId).execute();

export async function syncTasksAccount(db: TasksDb, schema: string, gaId: number, stopping: () => boolean = () => false): Promise<void> {
  const client = tasksClient(db as unknown as GoogleDb, schema, gaId);
  const checkpoint = () => {
    if (stopping()) throw new SyncInterrupted();
  };
  const dirty = await dirtyTasks(db, gaId);
  let done = 0;
  await progress(db, gaId, { tasks_done: 0, tasks_total: dirty.length });
  for (const t of dirty) {
    checkpoint();
    await pushOne(db, client, t);
    await progress(db, gaId, { tasks_done: ++done });
  }

  const lists = await listTaskLists(client);
  await progress(db, gaId, { tasks_total: dirty.length + lists.length });
  const seen = lists.map((l) => l.id);
  for (const l of lists) {
    await db
      .insertInto('google_tasklists')
      .values({ og_id: gaId, g_tasklist_id: l.id, title: l.title, etag: l.etag, g_updated: new Date(l.updated), deleted: false })
      .onConflict((oc) => oc.columns(['og_id', 'g_tasklist_id']).doUpdateSet({ title: l.title, etag: l.etag, g_updated: new Date(l.updated), deleted: false }))
      .execute();
  }
  let gone = db.updateTable('google_tasklists').set({ deleted: true }).where('og_id', '=', gaId);
  if (seen.length) gone = gone.where('g_tasklist_id', 'not in', seen);
  await gone.execute();

  for (const l of lists) {
    checkpoint();
    const row = await db
      .selectFrom('google_tasklists')
      .select(['gtl_id', 'pulled_to'])
      .where('og_id', '=', gaId)
      .where('g_tasklist_id', '=', l.id)
      .executeTakeFirstOrThrow();
    const items = await listTasks(client, l.id, row.pulled_to);
    let to = row.pulled_to?.getTime() ?? 0;
    for (const g of items) {
      await pullOne(db, gaId, row.gtl_id, g);
      to = Math.max(to, Date.parse(g.updated));
    }
    await linkParents(db, gaId, items);
    // The cursor moves only once the list's changes are in: a stop before this pulls them again.
    if (to > 0)
      await db
        .updateTable('google_tasklists')
        .set({ pulled_to: new Date(to) })
        .where('gtl_id', '=', row.gtl_id)
        .execute();
    await progress(db, gaId, { tasks_done: ++done });
  }
}
