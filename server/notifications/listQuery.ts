/**
 * Paging and sorting for the reminder and engineer-report lists (API.md: limit, 1-based pagenumber,
 * sort 'a,-b', totalcount=1). These lists are not resource definitions, so each names its own
 * sortable columns here instead of going through the resource engine.
 */
import { invalidField } from '../envelope/errors';
import { MAX_LIMIT, listQuerySchema, type ListQuery } from '../resources/listParams';

export { listQuerySchema };

export interface PageQuery {
  limit: number;
  offset: number;
  sort: { column: string; desc: boolean }[];
  withTotal: boolean;
}

/** `sortable` maps a wire field to its SQL column; the first entry of `fallback` is used without a sort. */
export function parsePageQuery(query: ListQuery, sortable: Record<string, string>, fallback: string, pageSize = 20): PageQuery {
  const limit = Math.min(query.limit ?? pageSize, MAX_LIMIT);
  const page = query.pagenumber ?? 1;
  const sort: PageQuery['sort'] = [];
  for (const raw of (query.sort || fallback).split(',')) {
    const part = raw.trim();
    if (!part) continue;
    const desc = part.startsWith('-');
    const name = desc ? part.slice(1) : part;
    // Own keys only: 'constructor', 'toString' or '__proto__' are on every plain object's prototype.
    const column = Object.hasOwn(sortable, name) ? sortable[name] : undefined;
    if (typeof column !== 'string') throw invalidField('sort');
    if (!sort.some((s) => s.column === column)) sort.push({ column, desc });
  }
  return { limit, offset: (page - 1) * limit, sort, withTotal: query.totalcount === '1' || query.totalcount === 'true' };
}
