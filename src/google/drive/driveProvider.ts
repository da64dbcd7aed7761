/**
 * googledrive's calls (SPEC.md point 7): a folder's page, delete to trash, sync and a job's own folder. Merged into the
 * app's data provider and used through useDriveProvider() with react-query; downloads are plain
 * links, so the browser streams the file straight to disk.
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { DriveFile, DrivePage, DriveSyncResult, JobDriveFolder } from '../../../core/google/drive';
import type { HttpClient } from '../../dataProvider/httpClient';

export interface DriveProvider {
  driveFolder(gaId: number, folderId: string, pageToken: string | null, signal?: AbortSignal): Promise<DrivePage>;
  driveTrash(gaId: number, fileId: string): Promise<DriveFile | null>;
  driveSync(gaId: number): Promise<DriveSyncResult[]>;
  driveSubfolders(gaId: number, signal?: AbortSignal): Promise<DriveFile[]>;
  /** The job's own Drive folder, null when it has none. */
  jobFolder(jobId: number, signal?: AbortSignal): Promise<JobDriveFolder | null>;
  /** A new folder named after the job, or the existing `folderId`, in account `gaId`. */
  jobFolderLink(jobId: number, gaId: number, folderId?: string): Promise<JobDriveFolder | null>;
  jobFolderUnlink(jobId: number): Promise<void>;
}

const key = 'googledrive';

export const jobFolderKey = (jobId: number) => [key, 'jobfolder', jobId];

export const driveFolderKey = (gaId: number | null, folderId: string) => [key, 'filter', gaId, folderId];

/** Where a file downloads from (the server streams it; a Google Doc comes as PDF). */
export const driveDownloadUrl = (apiUrl: string, gaId: number, fileId: string) =>
  `${apiUrl.replace(/\/+$/, '')}/${key}/download/${gaId}/${encodeURIComponent(fileId)}`;

export function driveProvider(client: HttpClient): DriveProvider {
  return {
    async driveFolder(gaId, folderId, pageToken, signal) {
      const body = { ga_id: gaId, folderId, ...(pageToken ? { pageToken } : {}) };
      return (await client<DrivePage>(`${key}/filter`, { method: 'POST', body, signal }))?.data ?? { files: [], nextPageToken: null };
    },
    async driveTrash(gaId, fileId) {
      return (await client<DriveFile>(`${key}/${gaId}/${encodeURIComponent(fileId)}`, { method: 'DELETE' }))?.data ?? null;
    },
    async driveSync(gaId) {
      return (await client<DriveSyncResult[]>(`${key}/sync`, { method: 'POST', body: { ga_id: gaId } }))?.data ?? [];
    },
    async driveSubfolders(gaId, signal) {
      return (await client<DriveFile[]>(`${key}/listFolders`, { method: 'POST', body: { ga_id: gaId }, signal }))?.data ?? [];
    },
    async jobFolder(jobId, signal) {
      return (await client<JobDriveFolder | null>(`${key}/jobfolder/${jobId}`, { signal }))?.data ?? null;
    },
    async jobFolderLink(jobId, gaId, folderId) {
      const body = { job_id: jobId, ga_id: gaId, ...(folderId ? { folderId } : {}) };
      return (await client<JobDriveFolder | null>(`${key}/jobfolder`, { method: 'POST', body }))?.data ?? null;
    },
    async jobFolderUnlink(jobId) {
      await client(`${key}/jobfolder/${jobId}`, { method: 'DELETE' });
    },
  };
}

export const useDriveProvider = () => useDataProvider<DataProvider & DriveProvider>();
