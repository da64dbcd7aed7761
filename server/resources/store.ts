/**
 * The SQL of the generic engine, on the request's brand-bound Kysely instance. Table and column
 * names come only from the resource definition, never from the request.
 */
import { sql, type Kysely } from 'kysely';
import type { BrandDb } from '../db/types';
import { whereOf, type Condition } from './filters';
import { isTextField, toWire, type ResourceInfo } from './fields';
import type { ListParams } from './listParams';

// Definitions name their tables at run time, so the typed schema cannot describe them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const dyn = (db: BrandDb) => db as unknown as Kysely<any>;

export async function listRecords(db: BrandDb, info: ResourceInfo, conditions: Condition[], params: ListParams) {
  const { def } = info;
  let query = dyn(db)
    .selectFrom(def.table)
    .select(info.columns)
    .where((eb) => whereOf(eb, conditions));
  for (const term of params.sort) {
    const field = info.byName.get(term.column);
    // Text sorts ignore case, as a person reading the list expects.
    const key = field && isTextField(field) ? sql`lower(${sql.ref(term.column)})` : sql.ref(term.column);
    query = query.orderBy(key, term.desc ? 'desc' : 'asc');
  }
  const rowsPromise = query.limit(params.limit).offset(params.offset).execute();
  const countPromise = params.withTotal
    ? dyn(db)
        .selectFrom(def.table)
        .select(sql<number>`count(*)`.as('count'))
        .where((eb) => whereOf(eb, conditions))
        .executeTakeFirstOrThrow()
    : Promise.resolve(null);
  const [rows, count] = await Promise.all([rowsPromise, countPromise]);
  return { rows: rows.map(toWire), totalCount: count ? Number(count.count) : undefined };
}

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
