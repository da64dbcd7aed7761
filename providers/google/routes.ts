/**
 * The operations the fake Google serves, with their path templates relative to each API's root
 * (contracts.ts API_ROOTS). With the contracts loaded openapi-backend names the operation and this
 * table only extracts its path parameters; without them the table is the router.
 */
import type { GoogleApi } from './contracts';

export interface Route {
  api: GoogleApi;
  method: string;
  template: string;
  operationId: string;
}

const r = (api: GoogleApi, method: string, template: string, operationId: string): Route => ({ api, method, template, operationId });
const LIST = '/tasks/v1/lists/{tasklist}';

export const ROUTES: Route[] = [
  r('drive', 'GET', '/files', 'drive.files.list'),
  r('drive', 'POST', '/files', 'drive.files.create'),
  r('drive', 'GET', '/files/{fileId}', 'drive.files.get'),
  r('drive', 'PATCH', '/files/{fileId}', 'drive.files.update'),
  r('drive', 'GET', '/files/{fileId}/export', 'drive.files.export'),
  r('drive', 'GET', '/changes/startPageToken', 'drive.changes.getStartPageToken'),
  r('drive', 'GET', '/changes', 'drive.changes.list'),
  r('tasks', 'GET', '/tasks/v1/users/@me/lists', 'tasks.tasklists.list'),
  r('tasks', 'POST', '/tasks/v1/users/@me/lists', 'tasks.tasklists.insert'),
  r('tasks', 'GET', '/tasks/v1/users/@me/lists/{tasklist}', 'tasks.tasklists.get'),
  r('tasks', 'PUT', '/tasks/v1/users/@me/lists/{tasklist}', 'tasks.tasklists.update'),
  r('tasks', 'PATCH', '/tasks/v1/users/@me/lists/{tasklist}', 'tasks.tasklists.patch'),
  r('tasks', 'DELETE', '/tasks/v1/users/@me/lists/{tasklist}', 'tasks.tasklists.delete'),
  r('tasks', 'GET', `${LIST}/tasks`, 'tasks.tasks.list'),
  r('tasks', 'POST', `${LIST}/tasks`, 'tasks.tasks.insert'),
  r('tasks', 'POST', `${LIST}/clear`, 'tasks.tasks.clear'),
  r('tasks', 'GET', `${LIST}/tasks/{task}`, 'tasks.tasks.get'),
  r('tasks', 'PUT', `${LIST}/tasks/{task}`, 'tasks.tasks.update'),
  r('tasks', 'PATCH', `${LIST}/tasks/{task}`, 'tasks.tasks.patch'),
  r('tasks', 'DELETE', `${LIST}/tasks/{task}`, 'tasks.tasks.delete'),
  r('tasks', 'POST', `${LIST}/tasks/{task}/move`, 'tasks.tasks.move'),
  r('oauth2', 'GET', '/oauth2/v2/userinfo', 'oauth2.userinfo.get'),
];

const toRegex = (template: string) => new RegExp(`^${template.replace(/\{([A-Za-z]+)\}/g, '(?<$1>[^/]+)')}/?$`);
const compiled = ROUTES.map((route) => ({ ...route, regex: toRegex(route.template) }));

/** Which API a path (below /google) belongs to, and the path relative to that API's root; null when none. */
export function apiOf(pathname: string): { api: GoogleApi; relative: string } | null {
  if (pathname.startsWith('/google/drive/v3/')) return { api: 'drive', relative: pathname.slice('/google/drive/v3'.length) };
  if (pathname.startsWith('/google/tasks/v1/')) return { api: 'tasks', relative: pathname.slice('/google'.length) };
  if (pathname.startsWith('/google/oauth2/v2/')) return { api: 'oauth2', relative: pathname.slice('/google'.length) };
  return null;
}

export function paramsFor(operationId: string, relative: string): Record<string, string> | null {
  const m = compiled.find((c) => c.operationId === operationId)?.regex.exec(relative);
  return m ? Object.fromEntries(Object.entries(m.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)])) : null;
}

export function routeOf(api: GoogleApi, method: string, relative: string): Route | null {
  return compiled.find((c) => c.api === api && c.method === method && c.regex.test(relative)) ?? null;
}
