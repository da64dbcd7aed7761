/**
 * A job's own Drive folder: the stored link (google_job_folders, brand migration 0043) and the
 * folder's answer, its files read from Drive only for a user who may use the account holding it.
 */
import { sql, type Generated, type Kysely } from 'kysely';
import type { JobDriveFolder, JobDriveFolderLink } from '../../../core/google/drive';
import type { UsersTable } from '../../db/types';
import type { OAuthTables } from '../../integrations/oauth/tables';
import type { GoogleAccountsTable, GoogleDb } from '../accounts';
import { driveClient, isGone, listFolder } from './driveApi';

export interface GoogleJobFoldersTable {
  job_id: number;
  og_id: number;
  folder_id: string;
  folder_name: string;
  linked_by: number | null;
  linked_at: Generated<Date>;
}

export type JobFolderDb = Kysely<OAuthTables & { google_accounts: GoogleAccountsTable; users: UsersTable; google_job_folders: GoogleJobFoldersTable }>;

// The brand database is typed without the integration tables (they belong to their own migrations).
export const jobFolderDb = (db: unknown) => db as JobFolderDb;
const asGoogle = (db: JobFolderDb) => db as unknown as GoogleDb;

export async function jobFolderLink(db: JobFolderDb, jobId: number): Promise<JobDriveFolderLink | null> {
  const row = await db
    .selectFrom('google_job_folders as f')
    .innerJoin('oauth_grants as g', 'g.og_id', 'f.og_id')
    .leftJoin('users as u', 'u.us_id', 'f.linked_by')
    .select([
      'f.job_id',
      'f.og_id',
      'g.email',
      'f.folder_id',
      'f.folder_name',
      'f.linked_at',
      sql<string | null>`coalesce(nullif(u.fullname, ''), nullif(trim(concat_ws(' ', u.firstname, u.surname)), ''), u.email)`.as('linked_by_name'),
    ])
    .where('f.job_id', '=', jobId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    job_id: row.job_id,
    ga_id: row.og_id,
    email: row.email,
    folderId: row.folder_id,
    name: row.folder_name,
    linked_by_name: row.linked_by_name,
    linked_at: row.linked_at.toISOString(),
  };
}

export async function storeJobFolder(db: JobFolderDb, link: { job_id: number; og_id: number; folder_id: string; folder_name: string; linked_by: number }) {
  await db.insertInto('google_job_folders').values(link).execute();
}

/** Whether a link was there to remove. */
export async function removeJobFolder(db: JobFolderDb, jobId: number): Promise<boolean> {
  const res = await db.deleteFrom('google_job_folders').where('job_id', '=', jobId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * The folder with its first page of files when `usable` (the asker's own selected, connected
 * account holds it); otherwise only what is stored here. A folder Drive no longer has is 'missing'.
 */
export async function jobFolderAnswer(db: JobFolderDb, schema: string, link: JobDriveFolderLink, usable: boolean): Promise<JobDriveFolder> {
  if (!usable) return { ...link, access: 'none', files: [], nextPageToken: null };
  const client = driveClient(asGoogle(db), schema, link.ga_id);
  // Drive lists a deleted or trashed folder's children without complaint, so ask after the folder itself.
  if (await isGone(client, link.folderId)) return { ...link, access: 'missing', files: [], nextPageToken: null };
  return { ...link, access: 'ok', ...(await listFolder(client, link.folderId)) };
}
