/**
 * The attachments of a parsed mail as the app keeps them: the parts a user can download, with a
 * file name that is safe to store and to send back. No I/O here, so the parse worker can use it.
 */
import type { Attachment } from 'mailparser';

/** What a user can download: real attachments, not the images the HTML shows inline. */
export const isDownloadable = (a: Attachment) => a.contentDisposition === 'attachment' || !a.related;

/** A file name with no path, control characters or quotes; a neutral one when there is none. */
export function safeFileName(name: string | undefined, index: number): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f"<>:|?*]/g, '_')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200);
  return clean || `attachment-${index + 1}`;
}

export interface ParsedAttachment {
  name: string;
  contentType: string;
  content: Buffer;
}

export function downloadableAttachments(list: Attachment[]): ParsedAttachment[] {
  return list
    .filter(isDownloadable)
    .map((a, index) => ({ name: safeFileName(a.filename, index), contentType: a.contentType || 'application/octet-stream', content: a.content }));
}
