/**
 * Reading the local copy for the signed-in user: only tasks and lists of their own connected Google
 * accounts are ever there (another user's are as absent as ones that never were), as wire rows.
 */
import type { FastifyRequest } from 'fastify';
import type { CloudVersion, TaskListWire, TaskWire } from '../../../core/google/tasks';
import { dueToWire } from '../../../core/google/tasks';
import { notFound } from '../../envelope/errors';
import type { TasksDb } from './tables';

export const tasksDb = (req: FastifyRequest): TasksDb => req.db as unknown as TasksDb;

/** The user's accounts (grants not revoked): the scope of every read. */
export function ownGrants(db: TasksDb, usId: number) {
  return db
    .selectFrom('oauth_grants')
    .select('og_id')
    .where('provider', '=', 'google')
    .where('owner_kind', '=', 'user')
    .where('owner_id', '=', usId)
    .where('status', '!=', 'revoked');
}

export interface TaskFilter {
  ga_id?: number;
  g_tasklist_id?: string;
  job_id?: number;
  stext?: string | null;
  /** true: only deleted ones (to restore); false or absent: only live ones. */
  deleted?: boolean;
  conflict?: boolean;
}

export function taskQuery(db: TasksDb, usId: number, f: TaskFilter = {}) {
  let q = db
    .selectFrom('google_tasks as t')
    .innerJoin('google_tasklists as l', 'l.gtl_id', 't.gtl_id')
    .leftJoin('jobs as j', 'j.job_id', 't.job_id')
    .where('t.og_id', 'in', ownGrants(db, usId))
    .where('l.deleted', '=', false)
    .where('t.deleted', '=', f.deleted === true);
  if (f.ga_id !== undefined) q = q.where('t.og_id', '=', f.ga_id);
  if (f.g_tasklist_id !== undefined) q = q.where('l.g_tasklist_id', '=', f.g_tasklist_id);
  if (f.job_id !== undefined) q = q.where('t.job_id', '=', f.job_id);
  if (f.conflict !== undefined) q = q.where('t.conflict', '=', f.conflict);
  if (f.stext) {
    const like = `%${f.stext.replace(/[\\%_]/g, '\\$&')}%`;
    q = q.where((eb) => eb.or([eb('t.title', 'ilike', like), eb('t.notes', 'ilike', like)]));
  }
  return q;
}

export const TASK_COLUMNS = [
  't.task_id',
  't.og_id',
  't.google_task_id',
  'l.g_tasklist_id',
  'l.title as g_tasklist_title',
  't.title',
  't.notes',
  't.due',
  't.parent_id',
  't.completed',
  't.job_id',
  'j.job_number',
  't.deleted',
  't.dirty',
  't.conflict',
  't.cloud',
  't.updated_at',
] as const;

type Row = Record<string, unknown>;

export function taskWire(r: Row): TaskWire {
  return {
    task_id: r.task_id as number,
    ga_id: r.og_id as number,
    google_task_id: (r.google_task_id as string | null) ?? null,
    g_tasklist_id: r.g_tasklist_id as string,
    g_tasklist_title: r.g_tasklist_title as string,
    title: r.title as string,
    notes: (r.notes as string | null) ?? null,
    due: dueToWire((r.due as string | null) ?? null),
    parent: (r.parent_id as number | null) ?? null,
    completed: r.completed as boolean,
    job_id: (r.job_id as number | null) ?? null,
    job_number: (r.job_number as string | null) ?? null,
    deleted: r.deleted as boolean,
    dirty: r.dirty as boolean,
    conflict: r.conflict as boolean,
    cloud: r.conflict ? ((r.cloud as CloudVersion | null) ?? null) : null,
    updated_at: (r.updated_at as Date).toISOString(),
  };
}

/** One of the user's tasks (deleted ones included), or 404. */
export async function ownTask(db: TasksDb, usId: number, taskId: number): Promise<TaskWire> {
  const row = await db
    .selectFrom('google_tasks as t')
    .innerJoin('google_tasklists as l', 'l.gtl_id', 't.gtl_id')
    .leftJoin('jobs as j', 'j.job_id', 't.job_id')
    .select([...TASK_COLUMNS])
    .where('t.og_id', 'in', ownGrants(db, usId))
    .where('l.deleted', '=', false)
    .where('t.task_id', '=', taskId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return taskWire(row as Row);
}

export interface ListRow {
  gtl_id: number;
  og_id: number;
  g_tasklist_id: string;
  title: string;
}

/** The user's task lists (of every account, or one), with how many live tasks each holds. */
export async function ownLists(db: TasksDb, usId: number, gaId?: number, gTasklistId?: string): Promise<(TaskListWire & { gtl_id: number })[]> {
  let q = db
    .selectFrom('google_tasklists as l')
    .select((eb) => [
      'l.gtl_id',
      'l.og_id',
      'l.g_tasklist_id',
      'l.title',
      eb
        .selectFrom('google_tasks as t')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('t.gtl_id', '=', 'l.gtl_id')
        .where('t.deleted', '=', false)
        .as('task_count'),
    ])
    .where('l.og_id', 'in', ownGrants(db, usId))
    .where('l.deleted', '=', false);
  if (gaId !== undefined) q = q.where('l.og_id', '=', gaId);
  if (gTasklistId !== undefined) q = q.where('l.g_tasklist_id', '=', gTasklistId);
  const rows = await q.orderBy('l.og_id').orderBy('l.title').orderBy('l.gtl_id').execute();
  return rows.map((r) => ({
    gtl_id: r.gtl_id,
    ga_id: r.og_id,
    g_tasklist_id: r.g_tasklist_id,
    g_tasklist_title: r.title,
    task_count: Number(r.task_count ?? 0),
  }));
}

export async function ownList(db: TasksDb, usId: number, gTasklistId: string) {
  const [list] = await ownLists(db, usId, undefined, gTasklistId);
  if (!list) throw notFound();
  return list;
}
