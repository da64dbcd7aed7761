/**
 * What the fake Google remembers, in memory, per account (the token's subject): Drive files with
 * their change log, task lists and tasks. Every change moves the record's `updated` time and etag,
 * as Google's do, so a client can tell what changed since it last looked.
 */
import { createHash, randomBytes } from 'node:crypto';

export const FOLDER = 'application/vnd.google-apps.folder';
export const GOOGLE_DOC = 'application/vnd.google-apps.document';

export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  trashed: boolean;
  /** The bytes of a binary file, or the text a Google Doc exports to. */
  content: Buffer;
  createdMs: number;
  modifiedMs: number;
  version: number;
}

export interface DriveChange {
  /** The change's position in the account's log; page tokens are these numbers. */
  seq: number;
  fileId: string;
  timeMs: number;
}

export interface TaskList {
  id: string;
  title: string;
  updatedMs: number;
  version: number;
}

export interface Task {
  id: string;
  listId: string;
  title: string;
  notes: string | null;
  status: 'needsAction' | 'completed';
  /** Only the date: Google discards the time part of `due`. */
  due: string | null;
  completedMs: number | null;
  deleted: boolean;
  hidden: boolean;
  parent: string | null;
  position: number;
  updatedMs: number;
  version: number;
}

export interface CallEntry {
  at: number;
  method: string;
  path: string;
  operationId: string | null;
  status: number;
}

export interface GoogleAccount {
  subject: string;
  email: string;
  name: string;
  picture: string;
  /** My Drive's own folder id (`'root'` in a query means this one). */
  rootId: string;
  files: Map<string, DriveFile>;
  changes: DriveChange[];
  lists: Map<string, TaskList>;
  tasks: Map<string, Task>;
  calls: CallEntry[];
}

export const newId = (bytes = 16): string => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

/** A strong etag from the record's id and version, quoted as Google writes them. */
export const etagOf = (id: string, version: number): string => `"${createHash('sha1').update(`${id}:${version}`).digest('base64url')}"`;

export class GoogleState {
  readonly accounts = new Map<string, GoogleAccount>();

  constructor(readonly now: () => number) {}

  /** The subject's account, made on first use (the sandbox's users have one as soon as they consent). */
  account(subject: string, profile: { email?: string; name?: string } = {}): GoogleAccount {
    const existing = this.accounts.get(subject);
    if (existing) return existing;
    const local = subject.includes('@') ? subject.split('@')[0] : subject;
    const email = profile.email ?? (subject.includes('@') ? subject : `${subject}@sandbox.example.com`);
    const name = profile.name ?? local.replace(/[._-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
    const account: GoogleAccount = {
      subject,
      email,
      name,
      picture: `https://lh3.sandbox.example.com/a/${encodeURIComponent(subject)}=s96-c`,
      rootId: `0A${newId(12)}`,
      files: new Map(),
      changes: [],
      lists: new Map(),
      tasks: new Map(),
      calls: [],
    };
    this.accounts.set(subject, account);
    return account;
  }

  addFile(a: GoogleAccount, f: { name: string; mimeType: string; parent?: string; content?: string | Buffer; modifiedMs?: number }): DriveFile {
    const now = this.now();
    const file: DriveFile = {
      id: newId(24),
      name: f.name,
      mimeType: f.mimeType,
      parents: [f.parent ?? a.rootId],
      trashed: false,
      content: Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content ?? '', 'utf8'),
      createdMs: f.modifiedMs ?? now,
      modifiedMs: f.modifiedMs ?? now,
      version: 1,
    };
    a.files.set(file.id, file);
    this.logChange(a, file.id);
    return file;
  }

  touchFile(a: GoogleAccount, file: DriveFile): void {
    file.modifiedMs = this.now();
    file.version += 1;
    this.logChange(a, file.id);
  }

  private logChange(a: GoogleAccount, fileId: string): void {
    a.changes.push({ seq: a.changes.length + 1, fileId, timeMs: this.now() });
  }

  addList(a: GoogleAccount, title: string): TaskList {
    const list: TaskList = { id: newId(16), title, updatedMs: this.now(), version: 1 };
    a.lists.set(list.id, list);
    return list;
  }

  addTask(a: GoogleAccount, listId: string, t: Partial<Omit<Task, 'id' | 'listId'>> & { title: string }): Task {
    const siblings = [...a.tasks.values()].filter((x) => x.listId === listId && x.parent === (t.parent ?? null));
    const task: Task = {
      id: newId(16),
      listId,
      title: t.title,
      notes: t.notes ?? null,
      status: t.status ?? 'needsAction',
      due: t.due ?? null,
      completedMs: t.status === 'completed' ? (t.completedMs ?? this.now()) : null,
      deleted: t.deleted ?? false,
      hidden: t.hidden ?? false,
      parent: t.parent ?? null,
      position: t.position ?? siblings.length,
      updatedMs: this.now(),
      version: 1,
    };
    a.tasks.set(task.id, task);
    return task;
  }

  /** The tasks under `task` (its subtasks and theirs). */
  descendants(a: GoogleAccount, task: Task): Task[] {
    const out: Task[] = [];
    const walk = (id: string) => {
      for (const t of a.tasks.values())
        if (t.parent === id && !out.includes(t)) {
          out.push(t);
          walk(t.id);
        }
    };
    walk(task.id);
    return out;
  }

  /**
   * Moves a task under `parent` (top level when null) of `listId`, after `previous` (first when null):
   * the siblings it leaves close up, the ones after it move down, its subtasks go along to the list.
   */
  moveTask(a: GoogleAccount, task: Task, to: { listId: string; parent: string | null; previous: string | null }): void {
    for (const t of a.tasks.values()) if (t !== task && t.listId === task.listId && t.parent === task.parent && t.position > task.position) t.position -= 1;
    if (to.listId !== task.listId) for (const d of this.descendants(a, task)) d.listId = to.listId;
    task.listId = to.listId;
    task.parent = to.parent;
    const after = to.previous ? a.tasks.get(to.previous) : undefined;
    task.position = after ? after.position + 1 : 0;
    for (const t of a.tasks.values()) if (t !== task && t.listId === to.listId && t.parent === to.parent && t.position >= task.position) t.position += 1;
    this.touch(task);
  }

  touch(record: { updatedMs: number; version: number }): void {
    // Two changes within one millisecond still move `updated`, so updatedMin never misses one.
    record.updatedMs = Math.max(this.now(), record.updatedMs + 1);
    record.version += 1;
  }
}
