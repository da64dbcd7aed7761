/**
 * A search page with its total, for the resource engine's lists and the job sheet.
 *
 * Counting a search's matches visits every match (the total of 'smith' over 100,000 contacts is
 * ~10,000 rows read), and so does choosing a page from the matches in sort order, because the
 * search index hands them over unsorted. Both are one statement (`counted`: the page's ids with
 * `count(*) over ()`). Once the total is known, though, the next page of the same search often
 * has a cheaper way: when a tenth of all rows match, walking the sort index and testing each row
 * finds 20 matches after about 200 rows. PostgreSQL cannot know that (it estimates how many rows
 * a LIKE matches, often by a factor of 10 or more), the server can: it keeps each search's total
 * with the brand's `list_version` it was counted at (migration 0026), and the walk reads the
 * version in the same statement, so a total is used only while no change to the lists' tables
 * has been committed since it was counted. The walk is capped (`walkWindow`): matches that bunch
 * up late in the sort order (a name searched and sorted by) end the walk early, and the page is
 * then counted as before. Such a search keeps that in mind (`stretch`): its next walks go twice as
 * far each time one comes back short, until the window would be longer than its matches, where it
 * is counted every time. Without that, every request of a search whose matches start 5,000 rows
 * into the sort order (Harbour among 100,000 departments, sorted by name, desc) paid a walk that
 * could not reach its page on top of the count (docs/PERFORMANCE.md). Either way the page is the
 * same rows, as both sort by the same keys ending with the id.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';

export const TOTAL_COLUMN = '__total';
export const VERSION_COLUMN = '__version';
export const TABLE_ROWS_COLUMN = '__table_rows';

interface KnownTotal {
  version: string;
  total: number;
  tableRows: number;
  /** How many times the first window this search's walks take (1 when absent); only ever grows. */
  stretch?: number;
}

const MAX_KNOWN = 2000;
const known = new Map<string, KnownTotal>();

function remember(key: string, value: KnownTotal) {
  known.delete(key);
  if (known.size >= MAX_KNOWN) known.delete(known.keys().next().value!);
  known.set(key, value);
}

/**
 * The rows to walk in sort order for the page, or undefined when the search index is the better
 * way: the walk is expected to test (offset + limit) × rows ÷ total rows, and is worth it when that
 * is fewer than the matches the search index would hand over. It stops at four times that many,
 * times the search's `stretch`; a stretched walk goes no further than the count would (it visits
 * every match).
 */
export function walkWindow(k: KnownTotal, offset: number, limit: number): number | undefined {
  const wanted = offset + limit;
  if (wanted > k.total) return undefined;
  const expected = (wanted * Math.max(k.tableRows, k.total)) / k.total;
  if (expected >= k.total) return undefined;
  const stretch = k.stretch ?? 1;
  const window = Math.ceil(4 * expected * stretch) + 100;
  return stretch === 1 || window <= k.total ? window : undefined;
}

/**
 * A walk with the stretch `used` came back short: the search's next walks go twice as far.
 * Concurrent requests that walked with the same stretch double it once between them, not once each.
 */
function stretchWalks(key: string, used: number) {
  const k = known.get(key);
  if (k) k.stretch = Math.max(k.stretch ?? 1, 2 * used);
}

const table = (schema: string | null, name: string) => (schema ? sql.id(schema, name) : sql.id(name));

/** The brand's list version, as a column of the statement it is selected in. */
export const listVersion = (schema: string | null) => sql<string>`(select version::text from ${table(schema, 'list_version')})`;

/** PostgreSQL's estimate of a table's rows (what the walk's cost is judged by; -1 before any). */
const tableRowsOf = (schema: string | null, name: string) =>
  sql<string>`(select reltuples::bigint::text from pg_class where oid = ${sql.lit(schema ? `${schema}.${name}` : name)}::regclass)`;

/** The columns a counted page carries: the total, and what knownTotals keeps with it. */
export const totalColumns = (schema: string | null, name: string) => [
  sql<number>`count(*) over ()`.as(TOTAL_COLUMN),
  listVersion(schema).as(VERSION_COLUMN),
  tableRowsOf(schema, name).as(TABLE_ROWS_COLUMN),
];

/**
 * The walk's page: of `walked` (the first rows in sort order, each with its id, its sort keys as
 * `keys` and whether it matches as `__match`), the matches `offset`..`offset + limit`, in the same
 * order, with the list version they were read at.
 */
export function walkedPage(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  walked: SelectQueryBuilder<any, any, any>,
  p: { schema: string | null; idField: string; keys: { alias: string; desc: boolean }[]; limit: number; offset: number },
) {
  let page = db
    .selectFrom(walked.as('w'))
    .select([sql.ref(`w.${p.idField}`).as(p.idField), listVersion(p.schema).as(VERSION_COLUMN)])
    .where(sql.ref('w.__match'), '=', true);
  for (const k of p.keys) page = page.orderBy(sql.ref(`w.${k.alias}`), k.desc ? 'desc' : 'asc');
  return page.limit(p.limit).offset(p.offset);
}

type Row = Record<string, unknown>;

export interface SearchPageSteps {
  /** The search's count statement: its text and values name the search (brand, list, every condition; no sort, no page). */
  countStatement: () => { sql: string; parameters: readonly unknown[] };
  offset: number;
  limit: number;
  withTotal: boolean;
  /** The page's ids with TOTAL_COLUMN, VERSION_COLUMN and TABLE_ROWS_COLUMN (when withTotal). */
  counted: () => Promise<Row[]>;
  /** The page found by walking at most `window` rows in sort order, with VERSION_COLUMN; absent when the sort has no index. */
  walk?: (window: number) => Promise<Row[]>;
  /** The total alone, for a page past the last. */
  count: () => Promise<number>;
}

export async function searchPageWithTotal(s: SearchPageSteps): Promise<{ page: Row[]; total?: number }> {
  const search = s.withTotal ? s.countStatement() : undefined;
  const key = search ? JSON.stringify([search.sql, search.parameters]) : '';
  const k = search ? known.get(key) : undefined;
  const window = k && s.walk ? walkWindow(k, s.offset, s.limit) : undefined;
  if (k && window !== undefined) {
    const stretch = k.stretch ?? 1;
    const walked = await s.walk!(window);
    if (walked.length === s.limit && walked[0][VERSION_COLUMN] === k.version) return { page: walked, total: k.total };
    // A short walk (not one that read a newer version) found too few matches within its window.
    if (walked.length < s.limit) stretchWalks(key, stretch);
  }
  const page = await s.counted();
  if (!s.withTotal) return { page };
  if (!page.length) return { page, total: s.offset === 0 ? 0 : await s.count() };
  const first = page[0];
  const total = Number(first[TOTAL_COLUMN]);
  // How far the search's walks go is about where its matches sit in the sort order, which a new total leaves as it was.
  remember(key, { version: String(first[VERSION_COLUMN]), total, tableRows: Number(first[TABLE_ROWS_COLUMN]), stretch: known.get(key)?.stretch });
  return { page, total };
}
