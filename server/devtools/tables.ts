/** Row shapes of the `global` tables the brand tools add (migration global/0002_brand_tools). */
import type { ColumnType, Generated, Kysely } from 'kysely';
import { GLOBAL_SCHEMA, type GlobalTables, type RootDb } from '../db/types';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface ReservationsTable {
  r_id: Generated<number>;
  s_id: number;
  subdomain: string;
  admin_email: string;
  reserved_from: string | null;
  created_at: CreatedAt;
}

export interface BatchFilesTable {
  bf_id: Generated<number>;
  bf_name: string;
  se_type: 'global' | 'site_n';
  bf_sql: string;
  bf_description: string | null;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface SqlExecutedTable {
  se_id: Generated<number>;
  se_type: string;
  file_ids: number[];
  file_names: string[];
  schemas: string[];
  dry_run: boolean;
  success: boolean;
  results: ColumnType<unknown, string, string>;
  executed_by: string;
  executed_from: string | null;
  created_at: CreatedAt;
}

export interface ToolTables extends GlobalTables {
  reservations: ReservationsTable;
  batch_files: BatchFilesTable;
  sql_executed: SqlExecutedTable;
}

export function toolsDb(root: RootDb): Kysely<ToolTables> {
  return root.withSchema(GLOBAL_SCHEMA) as Kysely<ToolTables>;
}
