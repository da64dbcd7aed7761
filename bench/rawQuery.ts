/** What the bench's baseline (rawServer.ts) is given for each list: the engine's own compiled SQL. */
export interface RawQuery {
  rows: { sql: string; parameters: readonly unknown[] };
  count: { sql: string; parameters: readonly unknown[] };
  /** The rows of the ids `rows` chose (a search, the job sheet), run after it with those ids as its one value. */
  byIds?: { sql: string; idField: string };
  /** The rows carry the total in `__total` (free text), as in the engine. */
  totalInRows: boolean;
  /** The same page walked in sort order, compiled with WALK_WINDOW for its window (server/lists/knownTotals.ts). */
  walk?: { sql: string; parameters: readonly unknown[] };
  offset: number;
  limit: number;
  /** The free text the statements were compiled with ('' for none); a request's own text takes its place. */
  text: string;
}

/** The window a walk statement is compiled with, for the baseline to put the real one in its place. */
export const WALK_WINDOW = 987_654_321;
