/** What the copy button of an error entry puts on the clipboard (SPEC.md point 8). */
import { enText } from '../../core/i18n/en-US';
import type { StoredError } from './types';

type Translate = (key: string) => string;

/** Labelled in the user's language; the values stay raw so IT reads exactly what was stored. */
export function errorClipboardText(entry: StoredError, translate: Translate = enText): string {
  const lines = [
    `${translate('errorList.url')}: ${entry.url}`,
    `${translate('errorList.time')}: ${entry.datetime}`,
    `${translate('errorList.message')}: ${entry.msg ?? ''}`,
    `${translate('errorList.warning')}: ${entry.warning ?? ''}`,
    `${translate('errorList.dbDetails')}: ${entry.dbErrors ? JSON.stringify(entry.dbErrors, null, 2) : ''}`,
  ];
  return lines.join('\n');
}

export type CopyState = 'idle' | 'copied' | 'error';

/** Resolves to the state the button shows next; a missing or refusing clipboard is 'error'. */
export async function copyErrorEntry(
  entry: StoredError,
  clipboard: Pick<Clipboard, 'writeText'> | undefined = navigator.clipboard,
  translate: Translate = enText,
): Promise<CopyState> {
  if (!clipboard) return 'error';
  try {
    await clipboard.writeText(errorClipboardText(entry, translate));
    return 'copied';
  } catch {
    return 'error';
  }
}
