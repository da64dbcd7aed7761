/** Google's wire forms: RFC 3339 times, its error body, and the Drive file, task list and task resources. */
import type { Answer } from '../http';
import { etagOf, type DriveFile, type GoogleAccount, type Task, type TaskList } from './state';

export const rfc3339 = (ms: number): string => new Date(ms).toISOString();

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** Google's error body: `{ error: { code, message, errors: [{ message, domain, reason }], status } }`. */
export function googleError(code: number, reason: string, message: string, domain = 'global', headers?: Record<string, string>): Answer {
  return {
    status: code,
    headers,
    body: { error: { code, message, errors: [{ message, domain, reason }], status: STATUS_NAMES[code] ?? 'UNKNOWN' } },
  };
}

export const notFound = (what: string, id: string): Answer => googleError(404, 'notFound', `${what} not found: ${id}.`);
export const invalid = (message: string): Answer => googleError(400, 'invalid', message);

/** The answer to a call past the quota: Drive's per-user limit (403) or the general 429. */
export function quotaAnswer(status: 403 | 429): Answer {
  return status === 403
    ? googleError(403, 'userRateLimitExceeded', 'User rate limit exceeded.', 'usageLimits')
    : googleError(429, 'rateLimitExceeded', 'Rate limit exceeded.', 'usageLimits');
}

/** A Drive file with every field the fake keeps; `selectFields` trims it to what was asked. */
export function fileWire(f: DriveFile): Record<string, unknown> {
  const folder = f.mimeType.startsWith('application/vnd.google-apps.');
  return {
    kind: 'drive#file',
    id: f.id,
    name: f.name,
    mimeType: f.mimeType,
    parents: f.parents,
    trashed: f.trashed,
    // Google answers no size for folders and Docs editors files; it is an int64, written as a string.
    ...(folder ? {} : { size: String(f.content.length) }),
    createdTime: rfc3339(f.createdMs),
    modifiedTime: rfc3339(f.modifiedMs),
    version: String(f.version),
    iconLink: `https://drive-thirdparty.googleusercontent.com/16/type/${f.mimeType}`,
  };
}

/** The fields Drive answers when `fields` is not given. */
export const DEFAULT_FILE_FIELDS = ['kind', 'id', 'name', 'mimeType'];

/**
 * Parses a `fields` selector (`nextPageToken,files(id,name,size)`, `id,name`): top-level names, each
 * with its own sub-selection or null for the whole value. `*` selects everything.
 */
export function parseFields(text: string): Map<string, Map<string, unknown> | null> {
  const out = new Map<string, Map<string, unknown> | null>();
  let i = 0;
  const parse = (into: Map<string, Map<string, unknown> | null>): void => {
    let name = '';
    const flush = (sub: Map<string, Map<string, unknown> | null> | null = null) => {
      if (name.trim()) into.set(name.trim(), sub);
      name = '';
    };
    while (i < text.length) {
      const c = text[i++];
      if (c === ',') flush();
      else if (c === '(') {
        const sub = new Map<string, Map<string, unknown> | null>();
        const key = name;
        parse(sub);
        name = key;
        flush(sub);
      } else if (c === ')') break;
      else name += c;
    }
    flush();
  };
  parse(out);
  return out;
}

export function selectFields(record: Record<string, unknown>, selection: Map<string, unknown> | null): Record<string, unknown> {
  if (!selection || selection.has('*')) return record;
  return Object.fromEntries(Object.entries(record).filter(([k]) => selection.has(k)));
}

export function taskListWire(l: TaskList, baseUrl: string): Record<string, unknown> {
  return {
    kind: 'tasks#taskList',
    id: l.id,
    etag: etagOf(l.id, l.version),
    title: l.title,
    updated: rfc3339(l.updatedMs),
    selfLink: `${baseUrl}/google/tasks/v1/users/@me/lists/${l.id}`,
  };
}

export function taskWire(t: Task, baseUrl: string): Record<string, unknown> {
  return {
    kind: 'tasks#task',
    id: t.id,
    etag: etagOf(t.id, t.version),
    title: t.title,
    updated: rfc3339(t.updatedMs),
    selfLink: `${baseUrl}/google/tasks/v1/lists/${t.listId}/tasks/${t.id}`,
    ...(t.parent ? { parent: t.parent } : {}),
    position: String(t.position).padStart(20, '0'),
    ...(t.notes !== null ? { notes: t.notes } : {}),
    status: t.status,
    ...(t.due ? { due: `${t.due}T00:00:00.000Z` } : {}),
    ...(t.completedMs !== null ? { completed: rfc3339(t.completedMs) } : {}),
    ...(t.deleted ? { deleted: true } : {}),
    ...(t.hidden ? { hidden: true } : {}),
    links: [],
    webViewLink: `https://tasks.google.com/task/${t.id}`,
  };
}

export const userinfoWire = (a: GoogleAccount): Record<string, unknown> => ({
  id: a.subject,
  email: a.email,
  verified_email: true,
  name: a.name,
  given_name: a.name.split(' ')[0],
  family_name: a.name.split(' ').slice(1).join(' ') || undefined,
  picture: a.picture,
  locale: 'en-GB',
});
