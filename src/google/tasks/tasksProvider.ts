/**
 * tasks' calls (SPEC.md point 7): lists, tasks (filter, CRUD, restore, resolve) and the sync with
 * its progress. Merged into the app's data provider and used through useTasksProvider() with
 * react-query.
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { ResolveChoice, TaskListWire, TasksSyncState, TaskWire } from '../../../core/google/tasks';
import type { HttpClient } from '../../dataProvider/httpClient';

export interface TaskFilter {
  ga_id?: number;
  g_tasklist_id?: string;
  job_id?: number;
  deleted?: boolean;
}

export interface TaskChange {
  title?: string;
  notes?: string | null;
  due?: string | null;
  completed?: boolean;
  job_id?: number | null;
  /** A move: under another parent task (null: top level) and/or into another list of the account. */
  parent?: number | null;
  g_tasklist_id?: string;
}

export interface TasksProvider {
  taskLists(signal?: AbortSignal): Promise<TaskListWire[]>;
  taskListCreate(gaId: number, title: string): Promise<TaskListWire | null>;
  taskListRename(id: string, title: string): Promise<TaskListWire | null>;
  taskListDelete(id: string): Promise<TaskListWire | null>;
  tasksFilter(filter: TaskFilter, signal?: AbortSignal): Promise<TaskWire[]>;
  taskCreate(listId: string, change: TaskChange & { title: string }): Promise<TaskWire | null>;
  taskUpdate(id: number, change: TaskChange): Promise<TaskWire | null>;
  taskDelete(id: number): Promise<TaskWire | null>;
  taskRestore(id: number): Promise<TaskWire | null>;
  taskResolve(id: number, keep: ResolveChoice): Promise<TaskWire | null>;
  tasksSync(gaId?: number): Promise<TasksSyncState[]>;
  tasksSyncState(signal?: AbortSignal): Promise<TasksSyncState[]>;
}

const key = 'tasks';
export const TASKS_KEY = [key];
export const TASK_LISTS_KEY = [key, 'tasklists'];
export const TASKS_SYNC_KEY = [key, 'syncstate'];

export function tasksProvider(client: HttpClient): TasksProvider {
  const data = async <T>(path: string, opts: Parameters<HttpClient>[1] = {}) => (await client<T>(path, opts))?.data ?? null;
  return {
    taskLists: async (signal) => (await data<TaskListWire[]>(`${key}/tasklists/list`, { signal })) ?? [],
    taskListCreate: (gaId, title) => data(`${key}/tasklists/create`, { method: 'POST', body: { ga_id: gaId, g_tasklist_title: title } }),
    taskListRename: (id, title) => data(`${key}/tasklists/${encodeURIComponent(id)}`, { method: 'PATCH', body: { g_tasklist_title: title } }),
    taskListDelete: (id) => data(`${key}/tasklists/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    tasksFilter: async (filter, signal) => (await data<TaskWire[]>(`${key}/filter?limit=500`, { method: 'POST', body: filter, signal })) ?? [],
    taskCreate: (listId, change) => data(`${key}/create`, { method: 'POST', body: { g_tasklist_id: listId, ...change } }),
    taskUpdate: (id, change) => data(`${key}/${id}`, { method: 'PATCH', body: change }),
    taskDelete: (id) => data(`${key}/${id}`, { method: 'DELETE' }),
    taskRestore: (id) => data(`${key}/${id}/restore`, { method: 'POST', body: {} }),
    taskResolve: (id, keep) => data(`${key}/${id}/resolve`, { method: 'POST', body: { keep } }),
    tasksSync: async (gaId) => (await data<TasksSyncState[]>(`${key}/sync`, { method: 'POST', body: gaId ? { ga_id: gaId } : {} })) ?? [],
    tasksSyncState: async (signal) => (await data<TasksSyncState[]>(`${key}/syncstate`, { signal })) ?? [],
  };
}

export const useTasksProvider = () => useDataProvider<DataProvider & TasksProvider>();
