/** Row shapes of the file tables (brand migration 0010) and the typed view of the brand database. */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { BrandTables } from '../db/types';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;

export interface FilesTable {
  file_id: Generated<number>;
  f_grp_id: string;
  f_name: string;
  f_storage_name: string;
  /** bigint: the pool parses int8 as a JS number (server/db/kysely.ts). */
  f_size: ColumnType<number, number, number>;
  f_type: string;
  f_thumbs: ColumnType<number[], number[] | undefined, number[]>;
  f_width: number | null;
  f_height: number | null;
  f_note: string | null;
  f_added: Stamp;
  f_added_by: number | null;
}

export interface FileJobLinksTable {
  fxj_id: Generated<number>;
  file_id: number;
  job_id: number;
  fxj_processed: Flag;
  fxj_visible_to_client: Flag;
  created_at: Stamp;
}

export interface FileSiteLinksTable {
  file_id: number;
  js_id: number;
}

/** Only the columns this area reads of other areas' tables. */
export interface FileTables extends BrandTables {
  files: FilesTable;
  file_job_links: FileJobLinksTable;
  file_site_links: FileSiteLinksTable;
  jobs: { job_id: Generated<number>; job_number: string | null; js_id: number | null };
  jobsites: { js_id: Generated<number>; js_address: string };
}

export type FileDb = Kysely<FileTables>;

/** The request's brand-bound database seen with the file tables. */
export function fileDb(db: unknown): FileDb {
  if (!db) throw new Error('No brand database bound to this request');
  return db as FileDb;
}
