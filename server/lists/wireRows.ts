/**
 * Runs a list page's compiled statement straight on the pool, with timestamps read as the wire's
 * 'YYYY-MM-DD HH:mm:ss' (API.md). A page of the job sheet holds about a hundred timestamps: parsing
 * each into a Date and formatting it back, plus Kysely's executor around the one call, was a tenth
 * of the server's CPU for the page. Sessions run in UTC (kysely.ts), so PostgreSQL's own text is
 * already the wire's, with a fraction and an offset to cut. A transaction or an instance not made by
 * createDb goes through Kysely as usual, and its Dates are formatted here: either way the rows are
 * the wire's.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import { toWire } from '../envelope/datetime';
import { pgTypes, poolOf } from '../db/kysely';
import { statementName } from './statementNames';
import { WireQuery } from './wireQuery';

const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

/** '2026-01-05 10:00:00.123+00' → '2026-01-05 10:00:00'; infinity, a BC date or a year past 9999 → null, as toWireDate gives for them. */
export function wireTimestamp(text: string): string | null {
  return text.length >= 19 && text.charCodeAt(4) === 45 && !text.endsWith(' BC') ? text.slice(0, 19) : null;
}

const wireTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === TIMESTAMP || oid === TIMESTAMPTZ) return wireTimestamp;
    return pgTypes.getTypeParser(oid, format);
  },
};

/**
 * `prepared` sends the statement under a name (statementNames.ts): for a statement whose best plan
 * does not depend on its values, so that the plan PostgreSQL keeps for it serves every request.
 * Left unnamed, a statement is parsed and planned for its own values every time.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function wireRows<R>(db: Kysely<any>, compiled: CompiledQuery<R>, prepared = false): Promise<R[]> {
  const pool = poolOf(db);
  if (!pool) return (await db.executeQuery(compiled)).rows.map((row) => toWire(row as Record<string, unknown>) as R);
  const query = new WireQuery(compiled.sql, compiled.parameters, prepared ? statementName(compiled.sql) : undefined, wireTypes);
  // The pool sends it on one of its connections and settles when that is released.
  await (pool.query(query) as unknown as Promise<unknown>);
  return query.pageRows as R[];
}
