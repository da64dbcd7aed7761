/** googledrive's wire shapes, shared by the server's routes and the SPA's Drive page. */

export const DRIVE_FOLDER = 'application/vnd.google-apps.folder';
/** A folder page holds 100 files; "Load more" asks for the next. */
export const DRIVE_PAGE_SIZE = 100;

export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  /** Bytes; null for folders and Google Docs (Drive keeps no size for them). */
  size: number | null;
  modifiedTime: string | null;
  createdTime: string | null;
}

export interface DriveChange {
  fileId: string;
  /** Deleted or trashed. */
  removed: boolean;
  file: DriveFile | null;
}

export interface DrivePage {
  files: DriveFile[];
  nextPageToken: string | null;
}

export interface DriveSyncResult {
  ga_id: number;
  /** The first sync only records where the change list starts. */
  initial: boolean;
  changes: DriveChange[];
  /** Why this account's sync failed (another account's sync still ran); null when it did not. */
  error: string | null;
}

export const isFolder = (f: Pick<DriveFile, 'mimeType'>) => f.mimeType === DRIVE_FOLDER;

/** The stored link of a job to its own Drive folder: where it is, whose account holds it, who linked it and when. */
export interface JobDriveFolderLink {
  job_id: number;
  ga_id: number;
  /** The Google account holding the folder. */
  email: string | null;
  folderId: string;
  name: string;
  linked_by_name: string | null;
  linked_at: string;
}

/**
 * A job's own Drive folder (googledrive/jobfolder): its link and, for a user who can use the account
 * holding it, its files. `access` is 'none' for anyone else (they see the name and a hint), 'missing'
 * when Drive no longer has the folder.
 */
export interface JobDriveFolder extends JobDriveFolderLink {
  access: 'ok' | 'none' | 'missing';
  files: DriveFile[];
  nextPageToken: string | null;
}

/** The name a job's new Drive folder gets: its number (a draft's id) and the first line of its description. */
export function jobFolderName(job: { job_id: number; job_number: string | null; job_desc: string | null }): string {
  const title = (job.job_desc ?? '').split(/\r?\n/)[0].trim().slice(0, 120);
  const number = job.job_number ?? `#${job.job_id}`;
  return title ? `${number} ${title}` : number;
}
