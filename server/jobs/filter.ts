/**
 * The job sheet's query (POST jobs/filter), shared by the export and the bench: the conditions of
 * the JobFilter body (parsed in filterParse.ts) on `jobs` alone (every filter is a jobs column, a
 * GIN-indexed tag array, or an EXISTS on an indexed link table), the sort from JOB_SORT_FIELDS on
 * jobs columns too (names by their kept lower-cased copies; a customer's status sort masked), and
 * the names joined on to the page's rows.
 *
 * With free text the matches come from the trigram index first and carry their total
 * (`count(*) over ()`), as in the resource engine (server/lists/resourceList.ts). Without it, a filter
 * on status and department only takes its total from the kept counts (`job_counts`).
 */
import { sql, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { CUSTOMER_VISIBLE_STATUSES } from '../../core/jobs/rules';
import { JOB_SORT_FIELDS } from '../../core/jobs/types';
import { containsText, searchParts, type SearchParts } from '../lists/containsText';
import { containsPattern } from '../resources/likeEscape';
import { totalColumns, walkedPage } from '../lists/knownTotals';
import type { ListOptions, ListParams, SortOptions, SortTerm } from '../http/listQuery';
import type { JobConditions } from './filterParse';
import type { JobDb, JobTables } from './tables';

export { parseJobFilter, sheetConditions, type JobConditions } from './filterParse';

export const JOB_PAGE_SIZE = 20;

export type JobSort = SortTerm<(typeof JOB_SORT_FIELDS)[number]>;
export type JobListParams = ListParams<JobSort['column']>;

/**
 * The sheet's sort; no id among the terms: jobListQueries adds j.job_id last itself, in the last
 * term's direction, and a sort of one term is what may be walked (sheetWalkable).
 */
export const JOB_SORT: SortOptions<JobSort['column']> = { sortable: JOB_SORT_FIELDS, defaultSort: '-job_number' };
export const JOB_LIST: ListOptions<JobSort['column']> = { pageSize: JOB_PAGE_SIZE, sort: JOB_SORT };

type JobEb = ExpressionBuilder<JobTables & { j: JobTables['jobs'] }, 'j'>;

/** The WHERE of a filter, on the jobs row aliased `j`; `text` is the free text's parts (server/lists/jobSheet.ts fills them in). */
export function jobWhere(eb: JobEb, c: JobConditions, text: SearchParts | undefined = c.stext ? searchParts(c.stext) : undefined) {
  const parts = [];
  if (!c.drafts) parts.push(eb('j.job_number', 'is not', null));
  if (c.customer_us_id !== undefined) parts.push(eb('j.customer_us_id', '=', c.customer_us_id));
  if (text) parts.push(containsText(eb, 'j.search', text));
  if (c.job_status) parts.push(eb('j.job_status', 'in', c.job_status));
  if (c.de_id) parts.push(eb('j.de_id', 'in', c.de_id));
  if (c.co_id) parts.push(eb('j.co_id', '=', c.co_id));
  if (c.js_id) parts.push(eb('j.js_id', '=', c.js_id));
  if (c.pm_id) parts.push(eb('j.pm_id', '=', c.pm_id));
  if (c.job_tags) parts.push(sql<SqlBool>`${sql.ref('j.job_tags')} && ${sql.val(c.job_tags)}::text[]`);
  if (c.start_from) parts.push(eb('j.job_start', '>=', c.start_from));
  if (c.start_to) parts.push(eb('j.job_start', '<=', c.start_to));
  if (c.job_number) {
    // The number is inside the trigram-indexed search text too: that narrows, the second test confirms.
    const like = containsPattern(c.job_number);
    parts.push(eb('j.search', 'like', like), sql<SqlBool>`lower(${sql.ref('j.job_number')}) like ${like}`);
  }
  if (c.end_from) parts.push(eb('j.job_end', '>=', c.end_from));
  if (c.end_to) parts.push(eb('j.job_end', '<=', c.end_to));
  if (c.net_quote_min !== undefined) parts.push(sql<SqlBool>`${sql.ref('j.net_quote')} >= ${c.net_quote_min}::numeric`);
  if (c.net_quote_max !== undefined) parts.push(sql<SqlBool>`${sql.ref('j.net_quote')} <= ${c.net_quote_max}::numeric`);
  if (c.net_sales_min !== undefined) parts.push(sql<SqlBool>`${sql.ref('j.net_sales')} >= ${c.net_sales_min}::numeric`);
  if (c.net_sales_max !== undefined) parts.push(sql<SqlBool>`${sql.ref('j.net_sales')} <= ${c.net_sales_max}::numeric`);
  if (c.assigned) {
    const ids = c.assigned;
    parts.push(
      eb.exists(eb.selectFrom('job_assigned_users as a').select(sql.lit(1).as('one')).whereRef('a.job_id', '=', 'j.job_id').where('a.us_id', 'in', ids)),
    );
  }
  if (c.engineer) {
    const ids = c.engineer;
    parts.push(eb.exists(eb.selectFrom('job_engineers as e').select(sql.lit(1).as('one')).whereRef('e.job_id', '=', 'j.job_id').where('e.us_id', 'in', ids)));
  }
  return eb.and(parts);
}

/** Sorts on a name read its lower-cased copy on the job (kept by a trigger, migration 0021). */
const NAME_KEYS: Partial<Record<JobSort['column'], string>> = {
  co_name: 'co_name_key',
  js_address: 'js_address_key',
  pm_name: 'pm_name_key',
  de_name: 'de_name_key',
};
/**
 * The ORDER BY expression. For a customer (`masked`) a status they may not see sorts as null, like
 * it reads, so the order of their jobs does not give the hidden statuses away.
 */
const sortKey = (column: JobSort['column'], masked: boolean) => {
  const nameKey = NAME_KEYS[column];
  if (nameKey) return sql.ref(`j.${nameKey}`);
  if (column !== 'job_status') return sql.ref(`j.${column}`);
  if (!masked) return sql`lower(${sql.ref('j.job_status')})`;
  const visible = sql.join(CUSTOMER_VISIBLE_STATUSES.map((s) => sql.lit(s)));
  return sql`lower(case when ${sql.ref('j.job_status')} in (${visible}) then ${sql.ref('j.job_status')} end)`;
};

type ListEb = ExpressionBuilder<JobTables & { j: JobTables['jobs'] }, 'j'>;

/**
 * The columns of a JobListRow from `j` and its names. `names: 'joined'` reads them from the
 * departments `d`, contacts `c`, jobsites `s` and propertymanagers `p` the caller joined (many rows:
 * the export); 'lookedUp' looks each one up by key (a page: four joins more made planning the
 * statement take longer than running it).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function withListColumns<QB extends SelectQueryBuilder<any, any, any>>(qb: QB, names: 'joined' | 'lookedUp') {
  const name = (
    eb: ListEb,
    table: 'departments' | 'contacts' | 'jobsites' | 'propertymanagers',
    alias: string,
    column: string,
    key: 'de_id' | 'co_id' | 'js_id' | 'pm_id',
  ) =>
    names === 'joined'
      ? sql<string | null>`${sql.ref(`${alias}.${column}`)}`.as(column)
      : eb
          .selectFrom(`${table} as ${alias}` as 'contacts as x')
          .select(sql<string | null>`${sql.ref(`${alias}.${column}`)}`.as('x'))
          .where(sql.ref(`${alias}.${key}`), '=', sql.ref(`j.${key}`))
          .as(column);
  return qb.select((eb: ListEb) => [
    'j.job_id',
    'j.job_number',
    'j.job_status',
    'j.job_wopo',
    'j.job_desc',
    'j.de_id',
    name(eb, 'departments', 'd', 'de_name', 'de_id'),
    'j.co_id',
    name(eb, 'contacts', 'c', 'co_name', 'co_id'),
    'j.js_id',
    name(eb, 'jobsites', 's', 'js_address', 'js_id'),
    'j.pm_id',
    name(eb, 'propertymanagers', 'p', 'pm_name', 'pm_id'),
    'j.job_start',
    'j.job_end',
    'j.job_tags',
    sql<string>`j.net_quote::text`.as('net_quote'),
    sql<string>`j.net_sales::text`.as('net_sales'),
    'j.created_at',
    'j.updated_at',
    eb
      .selectFrom('job_assigned_users as au')
      .innerJoin('users as u', 'u.us_id', 'au.us_id')
      .select(
        sql<
          { us_id: number; fullname: string | null }[]
        >`coalesce(json_agg(json_build_object('us_id', u.us_id, 'fullname', u.fullname) order by u.fullname, u.us_id), '[]'::json)`.as('x'),
      )
      .whereRef('au.job_id', '=', 'j.job_id')
      .as('assigned'),
  ]);
}

// The names are joined by alias onto a query the typed builder does not follow through the page subquery.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = SelectQueryBuilder<any, any, any>;

function withNames(qb: Loose): Loose {
  return qb
    .leftJoin('departments as d', 'd.de_id', 'j.de_id')
    .leftJoin('contacts as c', 'c.co_id', 'j.co_id')
    .leftJoin('jobsites as s', 's.js_id', 'j.js_id')
    .leftJoin('propertymanagers as p', 'p.pm_id', 'j.pm_id');
}

/** Whether the page's ids carry its total: a free-text search asked for one (otherwise `count` gives it). */
export const totalInRows = (c: JobConditions, p: JobListParams) => !!c.stext && p.withTotal;

/** Whether a page can be walked: a search with its total, on one sort with an index (not a customer's masked status). */
export const sheetWalkable = (c: JobConditions, p: JobListParams) =>
  totalInRows(c, p) && p.sort.length === 1 && !(c.customer_us_id !== undefined && p.sort[0].column === 'job_status');

/**
 * The page's statements. `page` chooses the page's job ids on `jobs` alone (every filter and sort
 * key is a jobs column), so a search with thousands of matches carries only ids and its total
 * (`count(*) over ()`, in TOTAL_COLUMN, with what knownTotals.ts keeps of it) through the sort;
 * `walk(window)` finds the same page by testing the first `window` jobs in sort order (a single
 * sort has an index on it and the id, migrations 0021 and 0025; a customer's masked status sort
 * has none and is not walked); `jobRowsByIds` then reads the rows and names of those 20.
 * `unpaged` is every matching row in the same order (the export).
 */
export function jobListQueries(db: JobDb, c: JobConditions, p: JobListParams, schema: string | null = null, text?: SearchParts) {
  const where = (eb: unknown) => jobWhere(eb as JobEb, c, text);
  const masked = c.customer_us_id !== undefined;
  const withTotal = totalInRows(c, p);
  const sortKeys = [
    ...p.sort.map((term) => ({ key: sortKey(term.column, masked), desc: term.desc })),
    { key: sql.ref('j.job_id'), desc: !!p.sort.at(-1)?.desc },
  ];
  const ordered = (qb: Loose) => {
    for (const { key, desc } of sortKeys) qb = qb.orderBy(key, desc ? 'desc' : 'asc');
    return qb;
  };

  let ids = db.selectFrom('jobs as j').select('j.job_id').where(where) as unknown as Loose;
  if (withTotal) ids = ids.select(totalColumns(schema, 'jobs'));
  const page = ordered(ids).limit(p.limit).offset(p.offset);

  const walk = !sheetWalkable(c, p)
    ? undefined
    : (window: number) => {
        const walked = ordered(
          db
            .selectFrom('jobs as j')
            .select((eb) => [
              'j.job_id',
              ...sortKeys.map(({ key }, i) => sql`${key}`.as(`__k${i}`)),
              sql<boolean>`${jobWhere(eb as unknown as JobEb, c, text)}`.as('__match'),
            ]) as unknown as Loose,
        ).limit(window);
        const keys = sortKeys.map(({ desc }, i) => ({ alias: `__k${i}`, desc }));
        return walkedPage(db, walked, { schema, idField: 'job_id', keys, limit: p.limit, offset: p.offset });
      };

  const unpaged = ordered(withListColumns(withNames(db.selectFrom('jobs as j').where(where) as unknown as Loose), 'joined') as Loose);
  const count =
    keptCount(db, c) ??
    db
      .selectFrom('jobs as j')
      .select(sql<number>`count(*)`.as('count'))
      .where(where);
  return { page, walk, count, totalInRows: withTotal, unpaged };
}

/**
 * The list rows of the jobs `ids` (in no order). Its text is the same for every filter, sort and
 * page, and a lookup by primary key plans the same for any ids, so it is the one statement of the
 * sheet worth preparing (server/lists/jobSheet.ts): planning the name lookups cost more than running them.
 */
export function jobRowsByIds(db: JobDb, ids: readonly number[]) {
  return withListColumns(db.selectFrom('jobs as j').where(sql<SqlBool>`j.job_id = any(${sql.val(ids)}::int[])`), 'lookedUp');
}

/** The conditions the kept counts (job_counts, migration 0022) can answer a total for. */
const COUNTED = new Set(['drafts', 'job_status', 'de_id']);

/** A filter's total from the kept counts, when it filters on status and department only. */
function keptCount(db: JobDb, c: JobConditions) {
  if (!Object.entries(c).every(([k, v]) => v === undefined || COUNTED.has(k))) return undefined;
  let q = db.selectFrom('job_counts as k').select(sql<number>`coalesce(sum(k.n), 0)`.as('count'));
  if (!c.drafts) q = q.where('k.numbered', '=', true);
  if (c.job_status) q = q.where('k.job_status', 'in', c.job_status);
  if (c.de_id) q = q.where('k.de_id', 'in', c.de_id);
  return q;
}
