/** The engineer portal's own table (brand migration 0008) on top of the job tables. */
import type { ColumnType, Kysely } from 'kysely';
import type { JobTables } from '../jobs/tables';

export interface JobEngineerCostdescTable {
  job_id: number;
  us_id: number;
  costdesc: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type PortalDb = Kysely<JobTables & { job_engineer_costdesc: JobEngineerCostdescTable }>;

export function portalDb(db: unknown): PortalDb {
  if (!db) throw new Error('No brand database on this request');
  return db as PortalDb;
}

export interface EngineerUploadsTable {
  us_id: number;
  upload_key: string;
  file_id: number;
  job_id: number;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** engineer_uploads (brand migration 0042): the files each Idempotency-Key of an engineer stored. */
export function uploadsDb(db: unknown): Kysely<{ engineer_uploads: EngineerUploadsTable }> {
  if (!db) throw new Error('No brand database on this request');
  return db as Kysely<{ engineer_uploads: EngineerUploadsTable }>;
}
