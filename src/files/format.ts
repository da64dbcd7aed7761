/** Small display helpers of the file screens. */
import type { FileRow } from '../../core/files/types';

const UNITS = ['B', 'KB', 'MB', 'GB'];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

/** Address of a file's bytes under the brand's API; `size` picks a thumbnail, `inline` a preview. */
export function downloadUrl(apiUrl: string, file: Pick<FileRow, 'download_name'>, opts: { size?: number; inline?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (opts.size) params.set('size', String(opts.size));
  if (opts.inline) params.set('inline', '1');
  const query = params.toString();
  return `${apiUrl.replace(/\/+$/, '')}/files/download/${encodeURIComponent(file.download_name)}${query ? `?${query}` : ''}`;
}
