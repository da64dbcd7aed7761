/**
 * The one door to a list page (rows + total) for every list served from a brand's tables: the
 * resource engine's (resourceList.ts) and the job sheet (jobSheet.ts). Each list says which
 * statements give its page; this runs them the same way for all of them:
 *
 * - a page with its total carried on its ids (a free-text search) goes through knownTotals.ts,
 *   which may walk the sort index instead of counting once the search's total is known;
 * - any other page runs beside its count;
 * - a page of ids is then read whole by id (pageRows.ts), in the page's order.
 *
 * Every statement runs through wireRows.ts, so the rows are already the wire's.
 */
import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import { searchPageWithTotal } from './knownTotals';
import { readPageRows } from './pageRows';
import { wireRows } from './wireRows';

type Row = Record<string, unknown>;

export interface ListStatements {
  // Lists name their tables at run time (definitions), which the typed schema cannot describe.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  offset: number;
  limit: number;
  withTotal: boolean;
  /** The page: its rows, or (with `byIds`) its ids; with `totalInPage`, each id carries the total (knownTotals.totalColumns). */
  page: CompiledQuery;
  /** Whether one plan serves every request of the page's text, so it is sent as a prepared statement (statementNames.ts). */
  preparedPage: boolean;
  totalInPage: boolean;
  /** The total alone; its text and values also name the search whose total knownTotals.ts keeps. */
  count: () => CompiledQuery;
  preparedCount: boolean;
  /** The same page found by walking at most `window` rows in sort order (knownTotals.walkedPage); absent when the sort has no index. */
  walk?: (window: number) => CompiledQuery;
  /** When `page` gives ids: the rows of those ids, one text per `key` whatever the ids (null: compiled each time). */
  byIds?: { idField: string; key: string | null; build: (ids: unknown[]) => Compilable<unknown> };
}

export interface ListPage {
  rows: Row[];
  totalCount: number | undefined;
}

export async function listPage(s: ListStatements): Promise<ListPage> {
  const run = (statement: CompiledQuery, prepared: boolean) => wireRows<Row>(s.db, statement as CompiledQuery<Row>, prepared);
  const countOf = async () => Number((await run(s.count(), s.preparedCount))[0].count);
  const { page, total } = s.totalInPage
    ? await searchPageWithTotal({
        countStatement: s.count,
        offset: s.offset,
        limit: s.limit,
        withTotal: true,
        counted: () => run(s.page, s.preparedPage),
        walk: s.walk && ((window) => run(s.walk!(window), true)),
        count: countOf,
      })
    : await Promise.all([run(s.page, s.preparedPage), s.withTotal ? countOf() : undefined]).then(([rows, n]) => ({ page: rows, total: n }));
  const rows = s.byIds ? await readPageRows(s.db, page, s.byIds.idField, s.byIds.key, s.byIds.build) : page;
  return { rows, totalCount: total };
}
