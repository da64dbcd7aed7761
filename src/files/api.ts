/** The files area's calls, through the app's one http client (notices and errors handled there). */
import { api } from '../dataProvider/apiClient';
import type { FileFilter, FileRow, JobDocumentRow } from '../../core/files/types';

export interface Page<T> {
  rows: T[];
  total: number;
}

export async function filterFiles(filter: FileFilter, page: number, perPage: number, signal?: AbortSignal): Promise<Page<FileRow>> {
  const res = await api<FileRow[]>('files/filter', { method: 'POST', body: filter, query: { limit: perPage, pagenumber: page, totalcount: 1 }, signal });
  return { rows: res?.data ?? [], total: res?.metadata?.totalCount ?? 0 };
}

export async function fileDetails(id: number): Promise<FileRow | null> {
  return (await api<FileRow>(`files/${id}/details`))?.data ?? null;
}

export async function previewUrl(id: number): Promise<string | null> {
  return (await api<{ url: string }>(`files/url/${id}`))?.data?.url ?? null;
}

export async function updateFile(id: number, changes: { name?: string; note?: string | null }): Promise<FileRow | null> {
  return (await api<FileRow>(`files/${id}`, { method: 'PATCH', body: changes }))?.data ?? null;
}

export async function deleteFile(id: number): Promise<void> {
  await api(`files/${id}`, { method: 'DELETE' });
}

export async function deleteFileList(ids: readonly number[]): Promise<void> {
  await api('files/deleteFileList', { method: 'DELETE', query: { file_ids: ids.join(',') } });
}

export async function jobDocuments(jobId: number, group: string | null, page: number, size: number, signal?: AbortSignal): Promise<Page<JobDocumentRow>> {
  const res = await api<JobDocumentRow[]>(`jobs/${jobId}/documents/filter`, { method: 'POST', body: { f_grp_id: group }, query: { page, size }, signal });
  return { rows: res?.data ?? [], total: res?.metadata?.totalCount ?? 0 };
}

export async function setJobFileFlag(jobId: number, flag: 'fxj_processed' | 'fxj_visible_to_client', fxjIds: number[], value: boolean): Promise<void> {
  const action = flag === 'fxj_processed' ? 'costinvoices' : 'filevisibletoclient';
  await api(`jobs/${jobId}/${action}`, { method: 'PATCH', body: { fxj_ids: fxjIds, [flag]: value } });
}

export async function deleteJobAttachments(jobId: number, fileIds: readonly number[]): Promise<void> {
  await api(`jobs/${jobId}/attachments`, { method: 'DELETE', query: { file_ids: fileIds.join(',') } });
}

export async function sendFileToDext(jobId: number, fxjId: number, fileId: number): Promise<void> {
  await api(`jobs/${jobId}/sendFileToDext`, { method: 'POST', body: { fxj_id: fxjId, file_id: fileId } });
}
