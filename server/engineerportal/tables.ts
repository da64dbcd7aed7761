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
