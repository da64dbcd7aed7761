/**
 * The resource engine's lists: a definition's page statements for listPage (listPage.ts), on the
 * request's brand-bound Kysely instance. Table and column names come only from the resource
 * definition, never from the request.
 */
import { sql, type CompiledQuery, type Compilable, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import { findResource } from '../../core/resources/definitions';
import { brandSchemaOf, type BrandDb } from '../db/types';
import { totalColumns, walkedPage } from './knownTotals';
import { splitConditions, withLeafValues } from './conditionLeaves';
import { compileWithTemplate, type Leaf } from './queryTemplates';
import { whereOf, type Condition } from './conditions';
import { isTextField, type ResourceInfo } from '../resources/fields';
import type { ListParams } from '../http/listQuery';
import type { ListStatements } from './listPage';

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
      return (
        eb
          .selectFrom(`${rel.table} as l`)
          .innerJoin(`${target.table} as r`, `r.${rel.refField}`, `l.${rel.refField}`)
          .select(sql<string>`string_agg(${title}, ', ' order by ${lead}lower(${title}))`.as('names'))
          // A bare "table"."id" (not schema-qualified) names the outer row of the brand's table.
          .where(sql<boolean>`${sql.ref(`l.${owner}`)} = ${sql.id(info.def.table, owner)}`)
          .as(`${rel.name}_names`)
      );
    });
}

const isSearch = (conditions: Condition[]) => conditions.some((c) => c.kind === 'searchColumn');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function sortKey(info: ResourceInfo, column: string): any {
  const field = info.byName.get(column);
  // Text sorts ignore case, as a person reading the list expects.
  return field && isTextField(field) ? sql`lower(${sql.ref(column)})` : sql.ref(column);
}

const sortKeys = (info: ResourceInfo, params: ListParams) => params.sort.map((term, i) => ({ alias: `__k${i}`, term, key: sortKey(info, term.column) }));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function ordered<QB extends SelectQueryBuilder<any, any, any>>(qb: QB, keys: ReturnType<typeof sortKeys>, by: 'alias' | 'key'): QB {
  for (const k of keys) qb = qb.orderBy(by === 'alias' ? k.alias : k.key, k.term.desc ? 'desc' : 'asc') as QB;
  return qb;
}

/**
 * A free-text page: the search index finds the matches, and only their ids and sort keys are
 * counted and sorted; the page's rows are then read whole by id (`rowsByIds`). Carrying every
 * column of every match through the count and the sort cost far more on a word that matches a
 * tenth of the table. The total rides on each id (`__total`), with what knownTotals.ts keeps of it.
 */
function searchPage(db: BrandDb, info: ResourceInfo, conditions: Condition[], params: ListParams) {
  const { def } = info;
  const keys = sortKeys(info, params);
  let page = dyn(db)
    .selectFrom(def.table)
    .select([def.idField, ...keys.map((k) => sql`${k.key}`.as(k.alias))])
    .where((eb) => whereOf(eb, conditions));
  if (params.withTotal) page = page.select(totalColumns(brandSchemaOf(db), def.table));
  return ordered(page, keys, 'alias').limit(params.limit).offset(params.offset);
}

/**
 * The same page found by walking the first `window` rows in sort order and testing each
 * (knownTotals.ts), with the list version it was read at. Every sortable column has an index
 * ending with the id (migration 0023), so the walk reads the index; a sort on two chosen
 * columns has none and is not walked.
 */
function searchWalk(db: BrandDb, info: ResourceInfo, conditions: Condition[], params: ListParams, window: number) {
  const { def } = info;
  const keys = sortKeys(info, params);
  const walked = ordered(
    dyn(db)
      .selectFrom(def.table)
      .select((eb) => [def.idField, ...keys.map((k) => sql`${k.key}`.as(k.alias)), sql<boolean>`${whereOf(eb, conditions)}`.as('__match')]),
    keys,
    'key',
  ).limit(window);
  const pageKeys = keys.map((k) => ({ alias: k.alias, desc: k.term.desc }));
  return walkedPage(dyn(db), walked, { schema: brandSchemaOf(db), idField: def.idField, keys: pageKeys, limit: params.limit, offset: params.offset });
}

const walkable = (params: ListParams) => params.sort.length <= 2;

/**
 * The list rows of the records `ids` (in no order). One text per resource whatever the search,
 * sort or page, and a lookup by primary key plans the same for any ids: the statement a search
 * page prepares (pageRows.ts), as planning the linked names cost more than running them.
 */
export function rowsByIds(db: BrandDb, info: ResourceInfo, ids: readonly unknown[]) {
  const { def } = info;
  const rows = dyn(db)
    .selectFrom(def.table)
    .select(info.columns)
    .where(sql<boolean>`${sql.ref(def.idField)} = any(${sql.val(ids)})`);
  return info.relations.size ? rows.select((eb) => relationSummaries(eb, info)) : rows;
}

/**
 * The statements of a list page: the rows and, when asked, the total. With free text `rows` is the
 * page's ids (searchPage), carrying the total themselves, so `count` is then needed only for a page
 * past the end, and the rows are read by `rowsByIds`; `walk` finds the same ids another way
 * (searchWalk). The bench reuses these statements.
 */
export function listQueries(db: BrandDb, info: ResourceInfo, conditions: Condition[], params: ListParams) {
  const { def } = info;
  const counted = dyn(db)
    .selectFrom(def.table)
    .select(sql<number>`count(*)`.as('count'))
    .where((eb) => whereOf(eb, conditions));
  // An unfiltered total is kept by triggers (migration 0024); a table without a kept count is
  // counted (PostgreSQL runs the second subquery only when the first finds nothing).
  const count = conditions.length
    ? counted
    : dyn(db).selectNoFrom((eb) => eb.fn.coalesce(eb.selectFrom('list_counts').select('n').where('table_name', '=', def.table), counted).as('count'));
  // With free text, the matches come from the search index first and are sorted after. Otherwise
  // the planner may walk the sort index and test every row until a page is full: fine for common
  // words, but a full-table walk for rare ones. The server walks only
  // when the search's total says it pays, and only so far (`walk`, knownTotals.ts).
  if (isSearch(conditions)) {
    const walk = walkable(params) ? (window: number) => searchWalk(db, info, conditions, params, window) : undefined;
    return { rows: searchPage(db, info, conditions, params), walk, count, totalInRows: params.withTotal };
  }
  const filtered = dyn(db)
    .selectFrom(def.table)
    .select(info.columns)
    .where((eb) => whereOf(eb, conditions));
  // Added on the outer query, so PostgreSQL computes them after the limit, for one page only.
  let query = info.relations.size ? filtered.select((eb) => relationSummaries(eb, info)) : filtered;
  for (const term of params.sort) query = query.orderBy(sortKey(info, term.column), term.desc ? 'desc' : 'asc');
  return { rows: query.limit(params.limit).offset(params.offset), count, totalInRows: false };
}

/**
 * Which of a list page's statements are prepared (wireRows): those whose plan does not depend on
 * their values. A search on the text alone that carries its total reads every match through the
 * search index whatever the words; an unfiltered page walks its sort index to the page (PostgreSQL
 * keeps planning that for its limit and offset, a deep page may rather be sorted, and the name
 * spares the parse), and its total is the kept count. With a condition beside the text, or any
 * filter, which index leads depends on the values, so those are planned for them.
 */
const preparedRows = (conditions: Condition[], params: ListParams) =>
  conditions.length === 0 || (params.withTotal && conditions.length === 1 && conditions[0].kind === 'searchColumn');

/** One statement of a list page, compiled through the template cache (see queryTemplates.ts). */
function compiledOf<R>(key: string | null, leaves: Leaf[], build: (values: unknown[]) => Compilable<R>): CompiledQuery<R> {
  return (key ? compileWithTemplate(key, leaves, build) : build(leaves.map((l) => l.value)).compile()) as CompiledQuery<R>;
}

/**
 * A list page's statements, compiled through the template cache: the shape key names everything
 * about them but their values (schema, list, condition kinds, sort, total).
 */
export function resourceList(db: BrandDb, info: ResourceInfo, conditions: Condition[], params: ListParams): ListStatements {
  const schema = brandSchemaOf(db);
  const { shape, leaves } = splitConditions(conditions);
  const pageLeaves: Leaf[] = [...leaves, { value: params.limit }, { value: params.offset }];
  const shapeKey = schema ? JSON.stringify([schema, info.def.name, shape, params.sort, params.withTotal]) : null;
  const keyOf = (statement: string) => shapeKey && statement + shapeKey;
  const statements = (values: unknown[]) =>
    listQueries(db, info, withLeafValues(conditions, values), {
      ...params,
      limit: values[leaves.length] as number,
      offset: values[leaves.length + 1] as number,
    });
  const search = isSearch(conditions);
  return {
    db,
    offset: params.offset,
    limit: params.limit,
    withTotal: params.withTotal,
    page: compiledOf(keyOf('rows'), pageLeaves, (values) => statements(values).rows),
    preparedPage: preparedRows(conditions, params),
    totalInPage: search && params.withTotal,
    count: () => compiledOf(keyOf('count'), pageLeaves, (values) => statements(values).count),
    preparedCount: conditions.length === 0,
    walk:
      search && walkable(params)
        ? (window) => compiledOf(keyOf('walk'), [...pageLeaves, { value: window }], (values) => statements(values).walk!(values[leaves.length + 2] as number))
        : undefined,
    byIds: search ? { idField: info.def.idField, key: schema && `${schema}:${info.def.name}`, build: (ids) => rowsByIds(db, info, ids) } : undefined,
  };
}
