/**
 * The fake Google's knobs, called by tests directly or through the control API: accounts (seeded or
 * empty), files and tasks put in place, a remote edit of a task (to force a sync conflict), quota
 * answers and other faults, tokens (without an auth server), and a snapshot of an account.
 */
import type { ConsentListener } from '../types';
import type { FailNext, Faults } from '../xero/faults';
import { seedAccount } from './seed';
import type { CallEntry, GoogleAccount, GoogleState } from './state';
import { fileWire, taskListWire, taskWire } from './wire';

export interface GoogleAccountInfo {
  subject: string;
  email: string;
  name: string;
  picture: string;
  rootId: string;
}

export interface GoogleSnapshot extends GoogleAccountInfo {
  files: Record<string, unknown>[];
  taskLists: Record<string, unknown>[];
  /** Every task, deleted and hidden ones included. */
  tasks: Record<string, unknown>[];
  calls: CallEntry[];
}

/** The fields of a task a remote edit may change (as a user would in Google's own app). */
export interface RemoteTaskEdit {
  title?: string;
  notes?: string | null;
  due?: string | null;
  status?: 'needsAction' | 'completed';
  deleted?: boolean;
  hidden?: boolean;
  /** A move, as tasks.move makes it: into this list (its subtasks along) and under this parent (null: top level). */
  listId?: string;
  parent?: string | null;
}

export interface GoogleKnobs {
  /** Accepts `token` as a bearer for `subject` (only when the server runs without an auth server). */
  allowToken(token: string, subject: string): void;
  /** The subject's account (made when new); `seed` fills a new one with the sandbox's folders, files and tasks. */
  createAccount(opts: { subject: string; email?: string; name?: string; seed?: boolean }): GoogleAccountInfo;
  addFile(subject: string, file: { name: string; mimeType: string; parent?: string; content?: string }): Record<string, unknown>;
  addTaskList(subject: string, title: string): Record<string, unknown>;
  addTask(
    subject: string,
    listId: string,
    task: { title: string; notes?: string; due?: string; status?: 'needsAction' | 'completed' },
  ): Record<string, unknown>;
  /** Changes a task as its owner would in Google's app: `updated` and the etag move. */
  editRemote(subject: string, taskId: string, edit: RemoteTaskEdit): Record<string, unknown>;
  /** The next `count` calls (of `operationId`, or any) answer Google's quota error: 403 userRateLimitExceeded or 429. */
  quota(opts: { count?: number; status?: 403 | 429; operationId?: string }): void;
  failNext(opts?: FailNext): void;
  clearFaults(): void;
  state(subject: string): GoogleSnapshot;
  /** For the authorization server's consent: a new subject gets a seeded account. */
  onConsent: ConsentListener;
}

export class UnknownGoogleRecord extends Error {}

const info = (a: GoogleAccount): GoogleAccountInfo => ({ subject: a.subject, email: a.email, name: a.name, picture: a.picture, rootId: a.rootId });

export function createGoogleKnobs(deps: { state: GoogleState; faults: Faults; baseUrl: () => string; allowedTokens: Map<string, string> }): GoogleKnobs {
  const { state, faults } = deps;
  const known = (subject: string): GoogleAccount => {
    const a = state.accounts.get(subject);
    if (!a) throw new UnknownGoogleRecord(`unknown Google account ${subject}`);
    return a;
  };
  return {
    allowToken: (token, subject) => void deps.allowedTokens.set(token, subject),
    createAccount: ({ subject, email, name, seed }) => {
      const fresh = !state.accounts.has(subject);
      const a = state.account(subject, { email, name });
      if (fresh && seed) seedAccount(state, a);
      return info(a);
    },
    addFile: (subject, file) => fileWire(state.addFile(known(subject), file)),
    addTaskList: (subject, title) => taskListWire(state.addList(known(subject), title), deps.baseUrl()),
    addTask: (subject, listId, task) => {
      const a = known(subject);
      if (!a.lists.has(listId)) throw new UnknownGoogleRecord(`unknown task list ${listId}`);
      return taskWire(state.addTask(a, listId, { ...task, due: task.due?.slice(0, 10) }), deps.baseUrl());
    },
    editRemote: (subject, taskId, edit) => {
      const a = known(subject);
      const task = a.tasks.get(taskId);
      if (!task) throw new UnknownGoogleRecord(`unknown task ${taskId}`);
      if (edit.title !== undefined) task.title = edit.title;
      if (edit.notes !== undefined) task.notes = edit.notes;
      if (edit.due !== undefined) task.due = edit.due === null ? null : edit.due.slice(0, 10);
      if (edit.status !== undefined && edit.status !== task.status) {
        task.status = edit.status;
        task.completedMs = edit.status === 'completed' ? state.now() : null;
      }
      if (edit.deleted !== undefined) task.deleted = edit.deleted;
      if (edit.hidden !== undefined) task.hidden = edit.hidden;
      if (edit.listId !== undefined || edit.parent !== undefined) {
        if (edit.listId !== undefined && !a.lists.has(edit.listId)) throw new UnknownGoogleRecord(`unknown task list ${edit.listId}`);
        if (edit.parent && !a.tasks.has(edit.parent)) throw new UnknownGoogleRecord(`unknown task ${edit.parent}`);
        state.moveTask(a, task, { listId: edit.listId ?? task.listId, parent: edit.parent === undefined ? task.parent : edit.parent, previous: null });
      }
      state.touch(task);
      return taskWire(task, deps.baseUrl());
    },
    quota: ({ count = 1, status = 403, operationId }) => faults.failNext({ count, status, operationId }),
    failNext: (opts = {}) => faults.failNext(opts),
    clearFaults: () => faults.clear(),
    state: (subject) => {
      const a = known(subject);
      return {
        ...info(a),
        files: [...a.files.values()].map(fileWire),
        taskLists: [...a.lists.values()].map((l) => taskListWire(l, deps.baseUrl())),
        tasks: [...a.tasks.values()].map((t) => taskWire(t, deps.baseUrl())),
        calls: [...a.calls],
      };
    },
    onConsent: (grant) => {
      if (grant.provider !== 'google' || state.accounts.has(grant.subject)) return;
      seedAccount(state, state.account(grant.subject));
    },
  };
}
