/**
 * The SQL of the generic engine, on the request's brand-bound Kysely instance. Table and column
 * names come only from the resource definition, never from the request.
 */
import { sql, type CompiledQuery, type Compilable, type ExpressionBuilder, type Kysely } from 'kysely';
import { findResource } from '../../src/resources/definitions';
import { brandSchemaOf, type BrandDb } from '../db/types';
import { splitConditions, withLeafValues } from './conditionLeaves';
import { compileWithTemplate, type Leaf } from './queryTemplates';
import { whereOf, type Condition } from './filters';
import { isTextField, toWire, type ResourceInfo } from './fields';
import type { ListParams } from './listParams';

// Definitions name their tables at run time, so the typed schema cannot describe them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const dyn = (db: BrandDb) => db as unknown as Kysely<any>;

/** "A site shows its clients and managers": the linked records' titles, lead first, per list row. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function relationSummaries(eb: ExpressionBuilder<any, any>, info: ResourceInfo) {
  const owner = info.def.idField;
  return [...info.relations.values()]
    .filter((rel) => rel.listSummary)
    .map((rel) => {
      const target = findResource(rel.reference)!;
      const title = sql.ref(`r.${target.titleField}`);
      const lead = rel.lead ? sql`l.is_lead desc, ` : sql``;
      return eb
        .selectFrom(`${rel.table} as l`)
        .innerJoin(`${target.table} as r`, `r.${rel.refField}`, `l.${rel.refField}`)
        .select(sql<string>`string_agg(${title}, ', ' order by ${lead}lower(${title}))`.as('names'))
        // A bare "table"."id" (not schema-qualified) names the outer row whether it comes from the
        // table itself or from the search subquery of the same name.
        .where(sql<boolean>`${sql.ref(`l.${owner}`)} = ${sql.id(info.def.table, owner)}`)
        .as(`${rel.name}_names`);
    });
}

const isSearch = (conditions: Condition[]) => conditions.some((c) => c.kind === 'searchColumn');

/** Column that carries a search's total on every row of its page (see listQueries). */
export const TOTAL_COLUMN = '__total';

/**
 * The statements of a list page: the rows and, when asked, the total. With free text the rows
 * carry the total themselves (`count(*) over ()` in the search subquery, which reads every match
 * for the sort anyway), so one index scan serves both; `count` is then needed only for a page past
 * the end. The bench reuses these statements.
 */
export function listQueries(db: BrandDb, info: ResourceInfo, conditions: Condition[], params: ListParams) {
  const { def } = info;
  const filtered = dyn(db)
    .selectFrom(def.table)
    .select(info.columns)
    .where((eb) => whereOf(eb, conditions));
  // With free text, the matches come from the search index first and are sorted after. Otherwise
  // the planner may walk the sort index and test every row until a page is full: fine for common
  // words, but a full-table walk (tens of ms on 100k rows) for rare ones. OFFSET 0 keeps the
  // subquery from being flattened into the outer, ordered one.
  const searching = isSearch(conditions);
  const totalInRows = searching && params.withTotal;
  const matches = totalInRows ? filtered.select(sql<number>`count(*) over ()`.as(TOTAL_COLUMN)) : filtered;
  const base = searching ? dyn(db).selectFrom(matches.offset(0).as(def.table)).selectAll() : filtered;
  // Added on the outer query, so PostgreSQL computes them after the limit, for one page only.
  let query = info.relations.size ? base.select((eb) => relationSummaries(eb, info)) : base;
  for (const term of params.sort) {
    const field = info.byName.get(term.column);
    // Text sorts ignore case, as a person reading the list expects.
    const key = field && isTextField(field) ? sql`lower(${sql.ref(term.column)})` : sql.ref(term.column);
    query = query.orderBy(key, term.desc ? 'desc' : 'asc');
  }
  const rows = query.limit(params.limit).offset(params.offset);
  const count = dyn(db)
    .selectFrom(def.table)
    .select(sql<number>`count(*)`.as('count'))
    .where((eb) => whereOf(eb, conditions));
  return { rows, count, totalInRows };
}

/** Executes one statement of a list page through the template cache (see queryTemplates.ts). */
async function run<R>(db: BrandDb, key: unknown[] | null, leaves: Leaf[], build: (values: unknown[]) => Compilable<R>): Promise<R[]> {
  const compiled = key ? compileWithTemplate(JSON.stringify(key), leaves, build) : build(leaves.map((l) => l.value)).compile();
  return (await db.executeQuery(compiled as CompiledQuery<R>)).rows;
}

export async function listRecords(db: BrandDb, info: ResourceInfo, conditions: Condition[], params: ListParams) {
  const schema = brandSchemaOf(db);
  const { shape, leaves } = splitConditions(conditions);
  const pageLeaves: Leaf[] = [...leaves, { value: params.limit }, { value: params.offset }];
  const keyOf = (statement: string) => (schema ? [schema, info.def.name, statement, shape, params.sort, params.withTotal] : null);
  const statements = (values: unknown[]) =>
    listQueries(db, info, withLeafValues(conditions, values), { ...params, limit: values[leaves.length] as number, offset: values[leaves.length + 1] as number });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Row = Record<string, any>;
  const rowsOf = () => run<Row>(db, keyOf('rows'), pageLeaves, (values) => statements(values).rows);
  const countOf = async () => Number((await run<Row>(db, keyOf('count'), pageLeaves, (values) => statements(values).count))[0].count);
  if (isSearch(conditions) && params.withTotal) {
    const rows = await rowsOf();
    const total = rows.length ? Number(rows[0][TOTAL_COLUMN]) : params.offset === 0 ? 0 : await countOf();
    return { rows: rows.map(({ [TOTAL_COLUMN]: _total, ...row }) => toWire(row)), totalCount: total };
  }
  const [rows, count] = await Promise.all([rowsOf(), params.withTotal ? countOf() : Promise.resolve(undefined)]);
  return { rows: rows.map(toWire), totalCount: count };
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
