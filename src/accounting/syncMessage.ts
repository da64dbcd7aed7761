/** The message of a sync-pending row: the XE_* code's text (SPEC point 8) in the user's language, else what the sync stored. */
import { isXeroCode, type SyncPendingRow } from '../../core/accounting/constants';

export function syncMessage(row: Pick<SyncPendingRow, 'error_code' | 'error_text'>, translate: (key: string) => string): string {
  if (isXeroCode(row.error_code)) return translate(`xeroCodes.${row.error_code}`);
  return row.error_text ?? '';
}

/** The ids chosen after toggling one row (or, with id null, all of the page's rows). */
export function toggleChosen(chosen: readonly number[], pageIds: readonly number[], id: number | null): number[] {
  if (id !== null) return chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id];
  const all = pageIds.length > 0 && pageIds.every((x) => chosen.includes(x));
  return all ? chosen.filter((x) => !pageIds.includes(x)) : [...new Set([...chosen, ...pageIds])];
}
