/**
 * Runs a list page's compiled statement straight on the pool, with timestamps read as the wire's
 * 'YYYY-MM-DD HH:mm:ss' (API.md): a page of the job sheet holds about a hundred timestamps, and
 * parsing each into a Date to format it back, with Kysely's executor around the one call, was a
 * share of the server's CPU worth saving (docs/PERFORMANCE.md). Sessions run in UTC (kysely.ts), so
 * PostgreSQL's own text is already the wire's, with a fraction and an offset to cut. A transaction
 * or an instance not made by createDb goes through Kysely as usual, and its Dates are formatted
 * here: either way the rows are the wire's.
 */
import { namedStatementsAllowed } from '../db/pooler';
import type { CompiledQuery, Kysely } from 'kysely';
import { toWire } from '../envelope/datetime';
import type { QueryArrayConfig } from 'pg';
import { pgTypes, poolOf } from '../db/kysely';
import { statementName } from './statementNames';

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

type Row = Record<string, unknown>;

/**
 * One row of `names` from pg's array of values. A later column of the same name wins, as in pg's
 * own rows; `__proto__` is defined as a key of its own (assigned, it would set the prototype).
 */
function rowOf(names: readonly string[], values: readonly unknown[], plain: boolean): Row {
  const row: Row = {};
  if (plain) for (let i = 0; i < names.length; i++) row[names[i]] = values[i];
  else for (let i = 0; i < names.length; i++) Object.defineProperty(row, names[i], { value: values[i], enumerable: true, writable: true, configurable: true });
  return row;
}

/**
 * `prepared` sends the statement under a name (statementNames.ts): for a statement whose best plan
 * does not depend on its values, so that the plan PostgreSQL keeps for it serves every request.
 * Left unnamed, a statement is parsed and planned for its own values every time.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function wireRows<R>(db: Kysely<any>, compiled: CompiledQuery<R>, prepared = false): Promise<R[]> {
  const pool = poolOf(db);
  if (!pool) return (await db.executeQuery(compiled)).rows.map((row) => toWire(row as Record<string, unknown>) as R);
  const query: QueryArrayConfig = {
    text: compiled.sql,
    values: compiled.parameters as unknown[],
    name: prepared && namedStatementsAllowed() ? statementName(compiled.sql) : undefined,
    types: wireTypes,
    rowMode: 'array',
  };
  const { fields, rows } = await pool.query(query);
  const names = fields.map((f) => f.name);
  const plain = !names.includes('__proto__');
  return rows.map((values) => rowOf(names, values, plain) as R);
}
