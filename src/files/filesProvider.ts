/**
 * The files area's calls (server/files and the job documents), merged into the app's data provider
 * and used through useFilesProvider() with react-query. Reads throw (react-query keeps what is
 * shown); a refused change's notice is shown by the client, so the changes answer false (or null)
 * instead of throwing.
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { HttpClient } from '../dataProvider/httpClient';
import { succeeded } from '../dataProvider/succeeded';
import type { FileFilter, FileRow, JobDocumentRow } from '../../core/files/types';

export interface Page<T> {
  rows: T[];
  total: number;
}

export type JobFileFlag = 'fxj_processed' | 'fxj_visible_to_client';

export interface FilesProvider {
  /** POST files/filter: one page of the brand's files with the total for the pager. */
  filesFilter(filter: FileFilter, page: number, perPage: number, signal?: AbortSignal): Promise<Page<FileRow>>;
  fileDetails(id: number, signal?: AbortSignal): Promise<FileRow | null>;
  /** The address an image file is previewed at (files/url/{id}). */
  filePreviewUrl(id: number, signal?: AbortSignal): Promise<string | null>;
  /** Rename and note; the changed row, or null when refused. */
  fileUpdate(id: number, changes: { name?: string; note?: string | null }): Promise<FileRow | null>;
  fileDelete(id: number): Promise<boolean>;
  fileDeleteList(ids: readonly number[]): Promise<boolean>;
  /** One page of a job's documents, of one group or all (null), with the total for the pager. */
  jobDocuments(jobId: number, group: string | null, page: number, size: number, signal?: AbortSignal): Promise<Page<JobDocumentRow>>;
  /** The processed flag (costinvoices) or the visible-to-client switch (filevisibletoclient) of job file links. */
  jobFileSetFlag(jobId: number, flag: JobFileFlag, fxjIds: number[], value: boolean): Promise<boolean>;
  jobAttachmentsDelete(jobId: number, fileIds: readonly number[]): Promise<boolean>;
  jobFileSendToDext(jobId: number, fxjId: number, fileId: number): Promise<boolean>;
}

export function filesProvider(client: HttpClient): FilesProvider {
  return {
    async filesFilter(filter, page, perPage, signal) {
      const res = await client<FileRow[]>('files/filter', { method: 'POST', body: filter, query: { limit: perPage, pagenumber: page, totalcount: 1 }, signal });
      return { rows: res?.data ?? [], total: res?.metadata?.totalCount ?? 0 };
    },
    fileDetails: async (id, signal) => (await client<FileRow>(`files/${id}/details`, { signal }))?.data ?? null,
    filePreviewUrl: async (id, signal) => (await client<{ url: string }>(`files/url/${id}`, { signal }))?.data?.url ?? null,
    fileUpdate: (id, changes) =>
      client<FileRow>(`files/${id}`, { method: 'PATCH', body: changes }).then(
        (res) => res?.data ?? null,
        () => null,
      ),
    fileDelete: (id) => succeeded(client(`files/${id}`, { method: 'DELETE' })),
    fileDeleteList: (ids) => succeeded(client('files/deleteFileList', { method: 'DELETE', query: { file_ids: ids.join(',') } })),
    async jobDocuments(jobId, group, page, size, signal) {
      const res = await client<JobDocumentRow[]>(`jobs/${jobId}/documents/filter`, {
        method: 'POST',
        body: { f_grp_id: group },
        query: { page, size },
        signal,
      });
      return { rows: res?.data ?? [], total: res?.metadata?.totalCount ?? 0 };
    },
    jobFileSetFlag(jobId, flag, fxjIds, value) {
      const action = flag === 'fxj_processed' ? 'costinvoices' : 'filevisibletoclient';
      return succeeded(client(`jobs/${jobId}/${action}`, { method: 'PATCH', body: { fxj_ids: fxjIds, [flag]: value } }));
    },
    jobAttachmentsDelete: (jobId, fileIds) => succeeded(client(`jobs/${jobId}/attachments`, { method: 'DELETE', query: { file_ids: fileIds.join(',') } })),
    jobFileSendToDext: (jobId, fxjId, fileId) =>
      succeeded(client(`jobs/${jobId}/sendFileToDext`, { method: 'POST', body: { fxj_id: fxjId, file_id: fileId } })),
  };
}

export const useFilesProvider = () => useDataProvider<DataProvider & FilesProvider>();
