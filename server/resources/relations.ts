/**
 * Relation blocks of a definition (a site's clients, property managers, site contacts): link rows
 * read with the record and replaced as a whole inside the write's transaction, so a failed write
 * never leaves half a block behind.
 */
import type { Kysely } from 'kysely';
import type { RelationDef } from '../../core/resources/engine/types';
import { relationSchema } from '../../core/resources/engine/schema';
import { enText } from '../../core/i18n/en-US';
import type { BrandDb } from '../db/types';
import { invalidField, validationError } from '../envelope/errors';
import { asObject } from '../http/objects';
import type { ResourceInfo } from './fields';
import * as yup from 'yup';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const dyn = (db: BrandDb) => db as unknown as Kysely<any>;

export type RelationRow = Record<string, number | boolean>;

export async function loadRelations(db: BrandDb, info: ResourceInfo, id: number): Promise<Record<string, RelationRow[]>> {
  const out: Record<string, RelationRow[]> = {};
  await Promise.all(
    [...info.relations.values()].map(async (rel) => {
      const cols = rel.lead ? [rel.refField, 'is_lead'] : [rel.refField];
      let q = dyn(db).selectFrom(rel.table).select(cols).where(info.def.idField, '=', id);
      if (rel.lead) q = q.orderBy('is_lead', 'desc');
      out[rel.name] = (await q.orderBy(rel.refField).execute()) as RelationRow[];
    }),
  );
  return out;
}

/** Keeps the first row of each referenced record: a record listed twice is listed once. */
function normalise(rel: RelationDef, rows: unknown[]): RelationRow[] {
  const seen = new Map<number, RelationRow>();
  for (const raw of rows as Record<string, unknown>[]) {
    const ref = raw[rel.refField] as number;
    const prev = seen.get(ref);
    if (prev) {
      if (rel.lead && raw.is_lead === true) prev.is_lead = true;
      continue;
    }
    const row: RelationRow = { [rel.refField]: ref };
    if (rel.lead) row.is_lead = raw.is_lead === true;
    seen.set(ref, row);
  }
  return [...seen.values()];
}

export async function saveRelation(db: BrandDb, info: ResourceInfo, rel: RelationDef, id: number, rows: unknown[] | null): Promise<RelationRow[]> {
  const clean = normalise(rel, rows ?? []);
  await dyn(db).deleteFrom(rel.table).where(info.def.idField, '=', id).execute();
  if (clean.length)
    await dyn(db)
      .insertInto(rel.table)
      .values(clean.map((r) => ({ ...r, [info.def.idField]: id })))
      .execute();
  return clean;
}

/** Writes every relation block present in a validated body; the rest stay as they were. */
export async function saveRelations(db: BrandDb, info: ResourceInfo, id: number, values: Record<string, unknown>): Promise<void> {
  for (const rel of info.relations.values()) {
    if (values[rel.name] !== undefined) await saveRelation(db, info, rel, id, values[rel.name] as unknown[] | null);
  }
}

/** Splits a validated body into the table's columns and the relation blocks. */
export function splitRelations(info: ResourceInfo, values: Record<string, unknown>) {
  const columns: Record<string, unknown> = {};
  const blocks: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) (info.relations.has(key) ? blocks : columns)[key] = value;
  return { columns, blocks };
}

/** The body of a named relation action: `{ _bulk: rows }` (a bare array is accepted too). */
export function parseBulkRows(rel: RelationDef, input: unknown): unknown[] {
  const rows = Array.isArray(input) ? input : asObject(input)._bulk;
  try {
    return (relationSchema(rel).validateSync(rows ?? [], { abortEarly: false }) ?? []) as unknown[];
  } catch (err) {
    // A TypeError from yup's casts means a value no client sends (an object with a non-function toString).
    if (err instanceof TypeError) throw invalidField('_bulk');
    if (!(err instanceof yup.ValidationError)) throw err;
    const list = err.inner.length ? err.inner : [err];
    throw validationError(list.map((e) => ({ field: e.path ? `_bulk${e.path.startsWith('[') ? '' : '.'}${e.path}` : '_bulk', message: enText(e.message) })));
  }
}
