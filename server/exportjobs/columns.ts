/**
 * The columns of the exported job sheet and how one row becomes cells (dates as dates, money as
 * numbers). Headers, statuses and tags use the sheet's own en-US texts (core/jobs/screenMessages.ts).
 */
import { jobsMessages } from '../../core/jobs/messages';
import type { JobListRow } from '../../core/jobs/types';

/** The en-US text under `jobs.<path>`, or the given fallback. */
function sheetText(path: string, fallback: string): string {
  let node: unknown = (jobsMessages['en-US'] as Record<string, unknown>).jobs;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : fallback;
}

export interface ExportColumn {
  key: string;
  header: string;
  width: number;
  numFmt?: string;
}

const DATE_FMT = 'yyyy-mm-dd hh:mm';
const MONEY_FMT = '#,##0.00';

export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { key: 'job_number', header: sheetText('fields.job_number', 'Number'), width: 14 },
  { key: 'job_status', header: sheetText('fields.job_status', 'Status'), width: 13 },
  { key: 'co_name', header: sheetText('fields.client', 'Client'), width: 28 },
  { key: 'js_address', header: sheetText('fields.site', 'Site'), width: 30 },
  { key: 'pm_name', header: sheetText('fields.pm', 'Property manager'), width: 22 },
  { key: 'de_name', header: sheetText('fields.department', 'Department'), width: 20 },
  { key: 'job_start', header: sheetText('fields.job_start', 'Start'), width: 17, numFmt: DATE_FMT },
  { key: 'job_end', header: sheetText('fields.job_end', 'End'), width: 17, numFmt: DATE_FMT },
  { key: 'job_tags', header: sheetText('fields.tags', 'Tags'), width: 24 },
  { key: 'assigned', header: sheetText('fields.assigned', 'Assigned users'), width: 26 },
  { key: 'job_wopo', header: sheetText('fields.job_wopo', 'WO/PO'), width: 14 },
  { key: 'job_desc', header: sheetText('fields.job_desc', 'Description'), width: 40 },
  { key: 'net_quote', header: sheetText('fields.net_quote', 'Net quote'), width: 12, numFmt: MONEY_FMT },
  { key: 'net_sales', header: sheetText('fields.net_sales', 'Net sales'), width: 12, numFmt: MONEY_FMT },
];

/**
 * Cells of one row. Money goes to Excel as a number (Excel stores doubles anyway; the 2-decimal
 * format shows the exact stored amount); dates keep their instant (UTC).
 */
export function exportCells(row: JobListRow, raw: Record<string, unknown>): Record<string, unknown> {
  const date = (v: unknown) => (v instanceof Date ? v : null);
  return {
    ...row,
    job_status: row.job_status ? sheetText(`status.${row.job_status}`, row.job_status) : null,
    job_start: date(raw.job_start),
    job_end: date(raw.job_end),
    job_tags: row.job_tags.map((tag) => sheetText(`tags.${tag}`, tag)).join(', '),
    assigned: row.assigned.map((a) => a.fullname ?? '').join(', '),
    net_quote: Number(row.net_quote),
    net_sales: Number(row.net_sales),
  };
}
