/**
 * The sheet's export: POST exportjobs/export with the current filter, read as a stream so the
 * screen can show how much has arrived (a share of Content-Length when the server sends one), then
 * saved through a Blob and an object URL. Any failure is reported to the caller as one error.
 */
import type { JobFilter } from '../../../core/jobs/types';

export interface ExportProgress {
  received: number;
  /** null when the server did not say how long the file is. */
  total: number | null;
}

export interface ExportDeps {
  fetch: typeof fetch;
  save: (blob: Blob, fileName: string) => void;
}

export function fileNameOf(disposition: string | null, fallback = 'jobs.xlsx'): string {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match ? decodeURIComponent(match[1]) : fallback;
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked after the click has been handed to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function exportJobs(apiUrl: string, filter: JobFilter, sort: string, onProgress: (p: ExportProgress) => void, deps: ExportDeps): Promise<void> {
  const url = `${apiUrl.replace(/\/+$/, '')}/exportjobs/export?sort=${encodeURIComponent(sort)}`;
  const res = await deps.fetch(url, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(filter) });
  if (!res.ok || !res.body) throw new Error(`export failed: ${res.status}`);
  const length = Number(res.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress({ received, total });
  }
  const type = res.headers.get('Content-Type') ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  deps.save(new Blob(chunks as BlobPart[], { type }), fileNameOf(res.headers.get('Content-Disposition')));
}
