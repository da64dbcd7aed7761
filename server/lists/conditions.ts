/**
 * A list's parsed filter conditions (server/resources/filters.ts parses a filter body into them)
 * and their SQL: one WHERE expression on the list's table.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { containsText, type SearchParts } from './containsText';
import { containsPattern, likeEscape } from '../resources/likeEscape';

export type Condition =
  | { kind: 'search'; columns: string[]; text: string }
  | { kind: 'searchColumn'; column: string; parts: SearchParts }
  | { kind: 'linked'; table: string; ownerTable: string; owner: string; column: string; ids: number[] }
  | { kind: 'ids'; column: string; ids: number[] }
  | { kind: 'prefix'; column: string; text: string }
  | { kind: 'date'; column: string; day: string }
  | { kind: 'in'; column: string; values: unknown[] };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;

/** Conditions → one WHERE expression (true when there are none). */
export function whereOf(eb: AnyEb, conditions: Condition[]): Expression<SqlBool> {
  const parts = conditions.map((c): Expression<SqlBool> => {
    switch (c.kind) {
      case 'search': {
        // ILIKE '%…%' is served by the columns' trigram GIN indexes (pg_trgm).
        const pattern = containsPattern(c.text);
        return eb.or(c.columns.map((col) => eb(col, 'ilike', pattern)));
      }
      case 'searchColumn':
        // The generated lower-cased column: its single trigram index serves it.
        return containsText(eb, c.column, c.parts);
      case 'linked':
        if (!c.ids.length) return sql<SqlBool>`false`;
        return eb.exists(
          eb
            .selectFrom(`${c.table} as l`)
            .select(sql.lit(1).as('one'))
            .whereRef(`l.${c.owner}`, '=', `${c.ownerTable}.${c.owner}`)
            .where(`l.${c.column}`, 'in', c.ids),
        );
      case 'ids':
        return c.ids.length ? eb(c.column, 'in', c.ids) : sql<SqlBool>`false`;
      case 'prefix':
        return eb(c.column, 'ilike', `${likeEscape(c.text)}%`);
      case 'date':
        return eb(sql`cast(${sql.ref(c.column)} as date)`, '=', c.day);
      case 'in':
        if (!c.values.length) return sql<SqlBool>`false`;
        return c.values.length === 1 ? eb(c.column, '=', c.values[0]) : eb(c.column, 'in', c.values);
    }
  });
  return eb.and(parts);
}
