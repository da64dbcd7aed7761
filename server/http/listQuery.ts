/**
 * The one way a list reads its request (API.md, Lists): the query string (limit, 1-based
 * pagenumber, sort 'a,-b', totalcount=1) with its JSON schema, and the free text `stext` of a
 * filter body (at least MIN_SEARCH_CHARS characters, core/lists/search.ts). Each list names its page
 * size, its sortable columns, its default sort and the id that breaks ties.
 */
import { MIN_SEARCH_CHARS, MIN_SEARCH_MESSAGE } from '../../core/lists/search';
import { invalidField } from '../envelope/errors';

export const MAX_LIMIT = 500;

export interface ListQuery {
  limit?: number;
  pagenumber?: number;
  sort?: string;
  totalcount?: string;
}

export interface SortTerm<C extends string = string> {
  column: C;
  desc: boolean;
}

export interface SortOptions<C extends string = string> {
  /** The wire names that may be sorted on, or a map of each wire name to its column (own keys only). */
  sortable: readonly C[] | Readonly<Record<string, C>>;
  /** The sort when the query names none, in the same 'a,-b' text. */
  defaultSort: string;
  /** The last key unless the sort holds its column already, so pages stay stable where the other keys tie. */
  tieBreaker?: SortTerm<C>;
}

export interface ListOptions<C extends string = string> {
  /** The limit when the query gives none (MAX_LIMIT caps either). */
  pageSize: number;
  /** Absent: the list has one fixed order, and a sort in the query is not read. */
  sort?: SortOptions<C>;
}

export interface ListParams<C extends string = string> {
  limit: number;
  offset: number;
  sort: SortTerm<C>[];
  withTotal: boolean;
}

/** The querystring schema of every list. */
export const listQuerySchema = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, description: `Page size; default per resource, at most ${MAX_LIMIT} (larger values are capped)` },
    pagenumber: { type: 'integer', minimum: 1, maximum: 1000000, description: '1-based page number' },
    sort: { type: 'string', maxLength: 300, description: "Sortable fields, comma-separated; '-field' sorts descending" },
    totalcount: { type: 'string', enum: ['0', '1', 'true', 'false'], description: '1: answer metadata.totalCount' },
  },
} as const;

/** The body of a filter that takes free text only (the developer lists). */
export const stextBodySchema = {
  type: 'object',
  properties: { stext: { type: ['string', 'null'], maxLength: 200 } },
} as const;

function columnOf<C extends string>(sortable: SortOptions<C>['sortable'], name: string): C | undefined {
  if (Array.isArray(sortable)) return (sortable as readonly string[]).includes(name) ? (name as C) : undefined;
  // Own keys only: 'constructor', 'toString' or '__proto__' are on every plain object's prototype.
  const map = sortable as Readonly<Record<string, C>>;
  return Object.hasOwn(map, name) ? map[name] : undefined;
}

/** 'a,-b' → the terms; blanks are skipped, a repeated column adds nothing, anything not sortable is 'Invalid value' on sort. */
export function parseSort<C extends string>(text: string | undefined, options: SortOptions<C>): SortTerm<C>[] {
  const terms: SortTerm<C>[] = [];
  for (const raw of (text || options.defaultSort).split(',')) {
    const part = raw.trim();
    if (!part) continue;
    const desc = part.startsWith('-');
    const column = columnOf(options.sortable, desc ? part.slice(1) : part);
    if (column === undefined) throw invalidField('sort');
    if (!terms.some((t) => t.column === column)) terms.push({ column, desc });
  }
  const tie = options.tieBreaker;
  if (tie && !terms.some((t) => t.column === tie.column)) terms.push({ column: tie.column, desc: tie.desc });
  return terms;
}

/** totalcount=1 (or true) asks for metadata.totalCount. */
export const wantsTotal = (query: ListQuery): boolean => query.totalcount === '1' || query.totalcount === 'true';

export function parseListQuery<C extends string = string>(query: ListQuery | undefined, options: ListOptions<C>): ListParams<C> {
  const q = query ?? {};
  const limit = Math.min(q.limit ?? options.pageSize, MAX_LIMIT);
  return {
    limit,
    offset: ((q.pagenumber ?? 1) - 1) * limit,
    sort: options.sort ? parseSort(q.sort, options.sort) : [],
    withTotal: wantsTotal(q),
  };
}

export interface SearchTextOptions {
  /** Whitespace only: no search (the default), or too short like 'ab'. */
  blank?: 'none' | 'tooShort';
  /** Refuse more than 100 characters with 'Max. 100 chars!'. */
  max100?: boolean;
}

/**
 * The free text of a filter body, trimmed: null when absent; anything but a string is 'Invalid
 * value'; fewer than MIN_SEARCH_CHARS characters are 'At least 3 characters' on stext.
 */
export function parseSearchText(value: unknown, options: SearchTextOptions = {}): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalidField('stext');
  const text = value.trim();
  if (!text && options.blank !== 'tooShort') return null;
  if (text.length < MIN_SEARCH_CHARS) throw invalidField('stext', MIN_SEARCH_MESSAGE);
  if (options.max100 && text.length > 100) throw invalidField('stext', 'validation.max100');
  return text;
}
