/** The tables of Google Tasks' local copy (migration 0038) and the database type that knows them. */
import type { Generated, Kysely } from 'kysely';
import type { OAuthTables } from '../../integrations/oauth/tables';
import type { GoogleAccountsTable } from '../accounts';

export interface GoogleTaskListsTable {
  gtl_id: Generated<number>;
  og_id: number;
  g_tasklist_id: string;
  title: string;
  etag: string | null;
  g_updated: Date | null;
  pulled_to: Date | null;
  deleted: Generated<boolean>;
}

export interface GoogleTasksTable {
  task_id: Generated<number>;
  og_id: number;
  gtl_id: number;
  google_task_id: string | null;
  parent_id: number | null;
  title: string;
  notes: string | null;
  /** A date column: pg answers it as text (server/db sets the parser), 'YYYY-MM-DD'. */
  due: string | null;
  completed: Generated<boolean>;
  job_id: number | null;
  etag: string | null;
  g_updated: Date | null;
  dirty: Generated<boolean>;
  deleted: Generated<boolean>;
  conflict: Generated<boolean>;
  cloud: unknown;
  updated_at: Generated<Date>;
  /** Moved here (parent or list) and not yet at Google: the list Google still has it in (migration 0048). */
  move_from: number | null;
}

export interface TasksAccountColumns {
  tasks_running: Generated<boolean>;
  tasks_done: Generated<number>;
  tasks_total: Generated<number>;
  tasks_error: string | null;
  tasks_synced_at: Date | null;
  /** When the schedule last queued this account's sync (brand migration 0043). */
  tasks_scheduled_at: Date | null;
}

export type TasksDb = Kysely<
  OAuthTables & {
    google_accounts: GoogleAccountsTable & TasksAccountColumns;
    google_tasklists: GoogleTaskListsTable;
    google_tasks: GoogleTasksTable;
    jobs: { job_id: number; job_number: string | null };
  }
>;
