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
