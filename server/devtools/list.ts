/**
 * The list query string of API.md (limit, pagenumber, sort, totalcount) for the developer lists,
 * which read the `global` schema and so are not resource-engine definitions.
 */
import { invalidField } from '../envelope/errors';
import { listQuerySchema, MAX_LIMIT, type ListQuery } from '../resources/listParams';

export { listQuerySchema, type ListQuery };

export interface DevListParams {
  limit: number;
  offset: number;
  sort: { column: string; desc: boolean }[];
  withTotal: boolean;
}

export function devListParams(query: ListQuery, sortable: readonly string[], defaultSort: string, defaultLimit = 20): DevListParams {
  const limit = Math.min(query.limit ?? defaultLimit, MAX_LIMIT);
  const sort: DevListParams['sort'] = [];
  for (const raw of (query.sort || defaultSort).split(',')) {
    const part = raw.trim();
    if (!part) continue;
    const desc = part.startsWith('-');
    const column = desc ? part.slice(1) : part;
    if (!sortable.includes(column)) throw invalidField('sort');
    sort.push({ column, desc });
  }
  return { limit, offset: ((query.pagenumber ?? 1) - 1) * limit, sort, withTotal: query.totalcount === '1' || query.totalcount === 'true' };
}

export const idParamSchema = { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] } as const;

export const stextBodySchema = {
  type: 'object',
  properties: { stext: { type: ['string', 'null'], maxLength: 200 } },
} as const;
