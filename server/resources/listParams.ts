/** The list query string of API.md: limit, 1-based pagenumber, sort ('a,-b') and totalcount=1. */
import { invalidField } from '../envelope/errors';
import type { ResourceInfo } from './fields';

export const MAX_LIMIT = 500;

export interface ListQuery {
  limit?: number;
  pagenumber?: number;
  sort?: string;
  totalcount?: string;
}

export interface SortTerm {
  column: string;
  desc: boolean;
}

export interface ListParams {
  limit: number;
  offset: number;
  sort: SortTerm[];
  withTotal: boolean;
}

export const listQuerySchema = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, description: `Page size; default per resource, at most ${MAX_LIMIT} (larger values are capped)` },
    pagenumber: { type: 'integer', minimum: 1, maximum: 1000000, description: '1-based page number' },
    sort: { type: 'string', maxLength: 300, description: "Sortable fields, comma-separated; '-field' sorts descending" },
    totalcount: { type: 'string', enum: ['0', '1', 'true', 'false'], description: '1: answer metadata.totalCount' },
  },
} as const;

export function parseSort(info: ResourceInfo, text: string | undefined): SortTerm[] {
  const terms: SortTerm[] = [];
  for (const raw of (text || info.def.defaultSort).split(',')) {
    const part = raw.trim();
    if (!part) continue;
    const desc = part.startsWith('-');
    const column = desc ? part.slice(1) : part;
    const field = info.byName.get(column);
    if (!field || !field.sortable) throw invalidField('sort');
    if (!terms.some((t) => t.column === column)) terms.push({ column, desc });
  }
  // The id as last key makes pages stable when the chosen keys tie.
  if (!terms.some((t) => t.column === info.def.idField)) terms.push({ column: info.def.idField, desc: false });
  return terms;
}

export function parseListParams(info: ResourceInfo, query: ListQuery): ListParams {
  const limit = Math.min(query.limit ?? info.def.pageSize, MAX_LIMIT);
  const page = query.pagenumber ?? 1;
  return {
    limit,
    offset: (page - 1) * limit,
    sort: parseSort(info, query.sort),
    withTotal: query.totalcount === '1' || query.totalcount === 'true',
  };
}
