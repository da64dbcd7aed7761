/** The wire shapes of tasks (SPEC points 3, 4 and 7): a local copy of Google Tasks, synced both ways. */

/** A task list as Google has it, on one of the user's accounts. */
export interface TaskListWire {
  g_tasklist_id: string;
  g_tasklist_title: string;
  ga_id: number;
  /** The list's tasks here, deleted ones left out. */
  task_count: number;
}

/** Google's version of a task in conflict, as it was when the sync found it. */
export interface CloudVersion {
  title: string;
  notes: string | null;
  due: string | null;
  completed: boolean;
  deleted: boolean;
  updated: string | null;
}

export interface TaskWire {
  task_id: number;
  ga_id: number;
  google_task_id: string | null;
  g_tasklist_id: string;
  g_tasklist_title: string;
  title: string;
  notes: string | null;
  /** Date only, on the wire at noon UTC (`YYYY-MM-DD 12:00:00`, SPEC point 9). */
  due: string | null;
  /** The parent task's task_id (a sub-task), or null. */
  parent: number | null;
  completed: boolean;
  job_id: number | null;
  job_number: string | null;
  deleted: boolean;
  /** Changed here and not yet sent to Google. */
  dirty: boolean;
  /** Changed on both sides since the last sync: nothing is sent until the user chooses (resolve). */
  conflict: boolean;
  cloud: CloudVersion | null;
  updated_at: string;
}

export interface TasksSyncState {
  ga_id: number;
  email: string | null;
  running: boolean;
  done: number;
  total: number;
  error: string | null;
  last_sync_at: string | null;
  conflicts: number;
}

export type ResolveChoice = 'cloud' | 'local';

/** A date-only value as the wire carries it: noon UTC, so no time zone moves it to another day. */
export const dueToWire = (date: string | null): string | null => (date ? `${date.slice(0, 10)} 12:00:00` : null);

/** The date part of a wire or ISO value (`2026-11-27 12:00:00`, `2026-11-27T12:00:00.000Z`, `2026-11-27`). */
export const dueDate = (value: string | null | undefined): string | null => (value ? value.slice(0, 10) : null);
