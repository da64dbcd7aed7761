/** Shared reading of stored records: their wire form, If-Modified-Since, and paging. */
import type { XeroCall } from './context';
import type { Stored } from './state';
import { msDate, parseXeroDate } from './wire';

export const wireOf = (s: Stored): Record<string, unknown> => ({ ...s.data, UpdatedDateUTC: msDate(s.updatedMs) });

/** Records changed after If-Modified-Since (all of them without the header). */
export function modifiedSince(call: XeroCall, rows: Iterable<Stored>): Stored[] {
  const since = parseXeroDate(call.headers['if-modified-since']);
  const all = [...rows];
  return since === null ? all : all.filter((s) => s.updatedMs > since);
}

/** Xero's page size when a page is asked for, and its ceiling. */
export const PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1000;

/**
 * `page` / `pageSize` as Xero reads them: without either, every row and no pagination; with
 * either, that page (1-based, 100 a page unless pageSize says otherwise, at most 1000) and a
 * `pagination` block.
 */
export function paged<T>(call: XeroCall, rows: T[]): { rows: T[]; pagination?: Record<string, number> } {
  const pageText = call.query.get('page');
  const sizeText = call.query.get('pageSize');
  if (pageText === null && sizeText === null) return { rows };
  const page = Math.max(1, Number(pageText ?? 1) || 1);
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(sizeText ?? PAGE_SIZE) || PAGE_SIZE));
  const start = (page - 1) * pageSize;
  return {
    rows: rows.slice(start, start + pageSize),
    pagination: { page, pageSize, pageCount: Math.ceil(rows.length / pageSize), itemCount: rows.length },
  };
}
