/**
 * The Tasks v1 calls the sync and the list routes make, through the account's Google client (the
 * same per-account budget as Drive: a quota answer holds off both until Google's retry time).
 */
import type { ProviderClient } from '../../integrations/http/providerClient';
import { driveClient } from '../drive/driveApi';
import type { GoogleDb } from '../accounts';

export interface GoogleTaskWire {
  id: string;
  etag: string;
  title?: string;
  notes?: string;
  due?: string;
  status?: 'needsAction' | 'completed';
  deleted?: boolean;
  hidden?: boolean;
  parent?: string;
  updated: string;
}

export interface GoogleListWire {
  id: string;
  etag: string;
  title: string;
  updated: string;
}

/** What we send for a task: every field we keep, `due` at noon UTC (SPEC point 9; Google keeps the date). */
export interface TaskBody {
  title: string;
  notes: string | null;
  due: string | null;
  completed: boolean;
}

/** One Google client per account, Drive and Tasks alike (one budget key per account). */
export const tasksClient = (db: GoogleDb, schema: string, gaId: number): ProviderClient => driveClient(db, schema, gaId);

const enc = encodeURIComponent;
const base = '/tasks/v1';

/** Google's task body: an empty field is left out (the contract has no null), so `update` clears it. */
export const googleBody = (t: TaskBody) => ({
  title: t.title,
  ...(t.notes ? { notes: t.notes } : {}),
  ...(t.due ? { due: `${t.due.slice(0, 10)}T12:00:00.000Z` } : {}),
  status: t.completed ? 'completed' : 'needsAction',
});

export async function listTaskLists(client: ProviderClient): Promise<GoogleListWire[]> {
  const out: GoogleListWire[] = [];
  let pageToken: string | undefined;
  do {
    const answer = await client.call<{ items?: GoogleListWire[]; nextPageToken?: string }>('GET', `${base}/users/@me/lists`, {
      query: { maxResults: 100, pageToken },
    });
    out.push(...(answer.body.items ?? []));
    pageToken = answer.body.nextPageToken;
  } while (pageToken);
  return out;
}

export async function insertTaskList(client: ProviderClient, title: string): Promise<GoogleListWire> {
  return (await client.call<GoogleListWire>('POST', `${base}/users/@me/lists`, { body: { title } })).body;
}

export async function renameTaskList(client: ProviderClient, listId: string, title: string): Promise<GoogleListWire> {
  return (await client.call<GoogleListWire>('PATCH', `${base}/users/@me/lists/${enc(listId)}`, { body: { title } })).body;
}

export async function deleteTaskList(client: ProviderClient, listId: string): Promise<void> {
  await client.call('DELETE', `${base}/users/@me/lists/${enc(listId)}`);
}

/** Every task of a list changed since `updatedMin` (all when null), deleted and hidden ones included, following pages. */
export async function listTasks(client: ProviderClient, listId: string, updatedMin: Date | null): Promise<GoogleTaskWire[]> {
  const out: GoogleTaskWire[] = [];
  let pageToken: string | undefined;
  do {
    const answer = await client.call<{ items?: GoogleTaskWire[]; nextPageToken?: string }>('GET', `${base}/lists/${enc(listId)}/tasks`, {
      query: {
        maxResults: 100,
        showDeleted: true,
        showHidden: true,
        showCompleted: true,
        ...(updatedMin ? { updatedMin: updatedMin.toISOString() } : {}),
        pageToken,
      },
    });
    out.push(...(answer.body.items ?? []));
    pageToken = answer.body.nextPageToken;
  } while (pageToken);
  return out;
}

export async function getTask(client: ProviderClient, listId: string, taskId: string): Promise<GoogleTaskWire> {
  return (await client.call<GoogleTaskWire>('GET', `${base}/lists/${enc(listId)}/tasks/${enc(taskId)}`)).body;
}

export async function insertTask(client: ProviderClient, listId: string, body: TaskBody, parent: string | null): Promise<GoogleTaskWire> {
  return (
    await client.call<GoogleTaskWire>('POST', `${base}/lists/${enc(listId)}/tasks`, {
      query: parent ? { parent } : {},
      body: googleBody(body),
    })
  ).body;
}

/** Replaces Google's fields with ours (update: what we left out is cleared; `deleted: false` restores). */
export async function writeTask(client: ProviderClient, listId: string, taskId: string, body: TaskBody): Promise<GoogleTaskWire> {
  return (
    await client.call<GoogleTaskWire>('PUT', `${base}/lists/${enc(listId)}/tasks/${enc(taskId)}`, {
      body: { id: taskId, ...googleBody(body), deleted: false },
    })
  ).body;
}

export async function deleteTask(client: ProviderClient, listId: string, taskId: string): Promise<void> {
  await client.call('DELETE', `${base}/lists/${enc(listId)}/tasks/${enc(taskId)}`);
}

/**
 * Google's `tasks.move`: under `parent` (top level when null), first among its siblings, and into
 * `destination` when it is another list (Google takes the subtasks along).
 */
export async function moveTask(
  client: ProviderClient,
  listId: string,
  taskId: string,
  to: { parent: string | null; destination: string | null },
): Promise<GoogleTaskWire> {
  return (
    await client.call<GoogleTaskWire>('POST', `${base}/lists/${enc(listId)}/tasks/${enc(taskId)}/move`, {
      query: { ...(to.parent ? { parent: to.parent } : {}), ...(to.destination && to.destination !== listId ? { destinationTasklist: to.destination } : {}) },
    })
  ).body;
}
