/** Rules on file names and upload sizes, shared by the SPA (before sending) and the server. */

export const MAX_FILE_NAME = 100;
export const MAX_FILE_NOTE = 3000;

/**
 * What a name must not contain to be accepted on a rename: path separators, control characters
 * (NUL included), or being only dots. Returns the i18n key of the message, or null when fine.
 */
export function fileNameProblem(name: string | null | undefined): string | null {
  const v = (name ?? '').trim();
  if (!v) return 'validation.required';
  if (v.length > MAX_FILE_NAME) return 'validation.max100';
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f]/.test(v) || /^\.+$/.test(v)) return 'validation.value';
  return null;
}

/**
 * Bidirectional controls (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM): a name like
 * 'invoice\u202Efdp.exe' shows as 'invoiceexe.pdf'. File names lose them.
 */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

export function stripBidi(name: string): string {
  return name.replace(BIDI_CONTROLS, '');
}

/**
 * An uploaded file's name made harmless for showing: the last path segment only, control and
 * bidirectional characters dropped, at most MAX_FILE_NAME characters with the extension kept. It is never used
 * as a path; this is so the browser shows and saves a sensible name.
 */
export function neutraliseFileName(raw: string | null | undefined): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = stripBidi(String(raw ?? '').replace(/[\u0000-\u001f\u007f]/g, ''));
  const last = cleaned.split(/[/\\]/).pop()?.trim() ?? '';
  const base = /^\.*$/.test(last) ? 'file' : last;
  if (base.length <= MAX_FILE_NAME) return base;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 && base.length - dot <= 11 ? base.slice(dot) : '';
  return base.slice(0, MAX_FILE_NAME - ext.length) + ext;
}

export const bytesOfMB = (mb: number) => Math.floor(mb * 1024 * 1024);

/** True when the files together are over the brand's upload limit. */
export function overUploadLimit(sizes: readonly number[], maxUploadSizeMB: number): boolean {
  return sizes.reduce((a, b) => a + b, 0) > bytesOfMB(maxUploadSizeMB);
}
