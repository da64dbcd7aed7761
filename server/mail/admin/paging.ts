/** The list query string of API.md (limit, pagenumber, sort, totalcount) for the mail admin lists. */
import { invalidField } from '../../envelope/errors';
import { listQuerySchema, MAX_LIMIT, type ListQuery } from '../../resources/listParams';

export { listQuerySchema };

export interface Paging {
  limit: number;
  offset: number;
  withTotal: boolean;
  sort: { column: string; desc: boolean }[];
}

/** `sortable` lists the wire names that may be sorted on; the id keeps pages stable on ties. */
export function parsePaging(query: unknown, sortable: readonly string[], defaultSort: string, idColumn: string): Paging {
  const q = (query ?? {}) as ListQuery;
  const limit = Math.min(q.limit ?? 50, MAX_LIMIT);
  const sort: Paging['sort'] = [];
  for (const raw of (q.sort || defaultSort).split(',')) {
    const part = raw.trim();
    if (!part) continue;
    const desc = part.startsWith('-');
    const column = desc ? part.slice(1) : part;
    if (!sortable.includes(column)) throw invalidField('sort');
    sort.push({ column, desc });
  }
  if (!sort.some((s) => s.column === idColumn)) sort.push({ column: idColumn, desc: false });
  return { limit, offset: ((q.pagenumber ?? 1) - 1) * limit, withTotal: q.totalcount === '1' || q.totalcount === 'true', sort };
}
