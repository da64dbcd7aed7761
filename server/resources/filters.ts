/**
 * The body of POST {name}/filter: `stext` (free text over the searchable fields), `ids`, and the
 * definition's filter fields. Text filters match as a case-insensitive prefix, others exactly
 * (an array means "any of"). Everything is parsed before SQL is built, so bad input is a 400.
 */
import type { FieldDef } from '../../core/resources/engine/types';
import { invalidField } from '../envelope/errors';
import { asObject } from '../http/objects';
import { parseSearchText } from '../http/listQuery';
import { searchParts } from '../lists/containsText';
import type { Condition } from '../lists/conditions';
import { isNumberField, isTextField, type ResourceInfo } from './fields';

const MAX_INT = 2147483647;

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
