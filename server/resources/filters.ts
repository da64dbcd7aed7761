/**
 * The body of POST {name}/filter: `stext` (free text over the searchable fields), `ids`, and the
 * definition's filter fields. Text filters match as a case-insensitive prefix, others exactly
 * (an array means "any of"). Everything is parsed before SQL is built, so bad input is a 400.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { FieldDef } from '../../core/resources/engine/types';
import { invalidField } from '../envelope/errors';
import { asObject } from '../http/objects';
import { parseSearchText } from '../http/listQuery';
import { containsText, searchParts, type SearchParts } from './containsText';
import { containsPattern, likeEscape } from './likeEscape';
import { isNumberField, isTextField, type ResourceInfo } from './fields';

const MAX_INT = 2147483647;

export type Condition =
  | { kind: 'search'; columns: string[]; text: string }
  | { kind: 'searchColumn'; column: string; parts: SearchParts }
  | { kind: 'linked'; table: string; ownerTable: string; owner: string; column: string; ids: number[] }
  | { kind: 'ids'; column: string; ids: number[] }
  | { kind: 'prefix'; column: string; text: string }
  | { kind: 'date'; column: string; day: string }
  | { kind: 'in'; column: string; values: unknown[] };

function parseId(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_INT ? n : null;
}

function parseScalar(field: FieldDef, value: unknown): unknown {
  if (isNumberField(field)) {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n)) throw invalidField(field.name, 'validation.number');
    return n;
  }
  if (field.type === 'boolean') {
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    throw invalidField(field.name);
  }
  if (typeof value !== 'string' || value.length > 3000) throw invalidField(field.name);
  if (field.choices && !field.choices.includes(value)) throw invalidField(field.name);
  return value;
}

function fieldCondition(field: FieldDef, value: unknown): Condition {
  if (isTextField(field) && !Array.isArray(value)) {
    if (typeof value !== 'string') throw invalidField(field.name);
    if (value.length > 100) throw invalidField(field.name, 'validation.max100');
    return { kind: 'prefix', column: field.name, text: value };
  }
  if (field.type === 'date' && !Array.isArray(value)) {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) throw invalidField(field.name);
    return { kind: 'date', column: field.name, day: value.slice(0, 10) };
  }
  const values = Array.isArray(value) ? value : [value];
  if (values.length > 1000) throw invalidField(field.name);
  return { kind: 'in', column: field.name, values: values.map((v) => parseScalar(field, v)) };
}

export function parseFilterBody(info: ResourceInfo, input: unknown): Condition[] {
  const body = asObject(input);
  const conditions: Condition[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue; // an empty filter means "no filter"
    if (key === 'stext') {
      // Never null here: the value is given, and blank text is refused as too short.
      const text = parseSearchText(value, { blank: 'tooShort', max100: true })!;
      if (info.def.searchColumn) conditions.push({ kind: 'searchColumn', column: info.def.searchColumn, parts: searchParts(text.toLowerCase()) });
      else if (info.searchable.length) conditions.push({ kind: 'search', columns: info.searchable, text });
      continue;
    }
    const rel = [...info.relations.values()].find((r) => r.refField === key);
    if (rel) {
      const ids = (Array.isArray(value) ? value : [value]).map(parseId);
      if (ids.length > 1000 || ids.some((id) => id === null)) throw invalidField(key);
      conditions.push({ kind: 'linked', table: rel.table, ownerTable: info.def.table, owner: info.def.idField, column: rel.refField, ids: ids as number[] });
      continue;
    }
    if (key === 'ids') {
      if (!Array.isArray(value) || value.length > 1000) throw invalidField('ids');
      const ids = value.map(parseId);
      if (ids.some((id) => id === null)) throw invalidField('ids');
      conditions.push({ kind: 'ids', column: info.def.idField, ids: ids as number[] });
      continue;
    }
    const field = info.byName.get(key);
    if (!field || !field.filter) throw invalidField(key);
    conditions.push(fieldCondition(field, value));
  }
  return conditions;
}

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
