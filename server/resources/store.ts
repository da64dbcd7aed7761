/**
 * The SQL of the generic engine's records, on the request's brand-bound Kysely instance (its
 * lists: server/lists/resourceList.ts). Table and column names come only from the resource
 * definition, never from the request.
 */
import type { Kysely } from 'kysely';
import type { BrandDb } from '../db/types';
import { toWire } from '../envelope/datetime';
import type { ResourceInfo } from './fields';

// Definitions name their tables at run time, so the typed schema cannot describe them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const dyn = (db: BrandDb) => db as unknown as Kysely<any>;

export async function getRecord(db: BrandDb, info: ResourceInfo, id: number) {
  const row = await dyn(db).selectFrom(info.def.table).select(info.columns).where(info.def.idField, '=', id).executeTakeFirst();
  return row ? toWire(row) : null;
}

export async function insertRecord(db: BrandDb, info: ResourceInfo, values: Record<string, unknown>) {
  const row = await dyn(db).insertInto(info.def.table).values(values).returning(info.columns).executeTakeFirstOrThrow();
  return toWire(row);
}

export async function updateRecord(db: BrandDb, info: ResourceInfo, id: number, values: Record<string, unknown>) {
  if (Object.keys(values).length === 0) return getRecord(db, info, id);
  const row = await dyn(db).updateTable(info.def.table).set(values).where(info.def.idField, '=', id).returning(info.columns).executeTakeFirst();
  return row ? toWire(row) : null;
}

export async function deleteRecord(db: BrandDb, info: ResourceInfo, id: number) {
  const row = await dyn(db).deleteFrom(info.def.table).where(info.def.idField, '=', id).returning(info.columns).executeTakeFirst();
  return row ? toWire(row) : null;
}

/** The stored row, locked until the transaction ends (hooks see what they check stay so). */
export async function lockRecord(db: BrandDb, info: ResourceInfo, id: number) {
  const row = await dyn(db).selectFrom(info.def.table).select(info.columns).where(info.def.idField, '=', id).forUpdate().executeTakeFirst();
  return row ? toWire(row) : null;
}
