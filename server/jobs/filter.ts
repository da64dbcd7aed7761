/**
 * The job sheet's query (POST jobs/filter), shared by the export and the bench: the conditions of
 * the JobFilter body (parsed in filterParse.ts) on `jobs` alone (every filter is a jobs column, a
 * GIN-indexed tag array, or an EXISTS on an indexed link table), the sort from JOB_SORT_FIELDS
 * (a customer's status sort masked), and the names joined on.
 *
 * With free text the matches come from the trigram index first, carry their total
 * (`count(*) over ()`) and are sorted after, as the resource engine does (server/resources/store.ts).
 */
import { sql, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { CUSTOMER_VISIBLE_STATUSES } from '../../src/jobs/rules';
import { JOB_SORT_FIELDS } from '../../src/jobs/types';
import { invalidField } from '../envelope/errors';
import { likeEscape } from '../resources/filters';
import { MAX_LIMIT, type ListQuery } from '../resources/listParams';
import type { JobConditions } from './filterParse';
import type { JobDb, JobTables } from './tables';

export { parseJobFilter, sheetConditions, type JobConditions } from './filterParse';

export const JOB_PAGE_SIZE = 20;
export const TOTAL_COLUMN = '__total';

export interface JobSort {
  column: (typeof JOB_SORT_FIELDS)[number];
  desc: boolean;
}

export function parseJobSort(text: string | undefined): JobSort[] {
  const terms: JobSort[] = [];
  for (const raw of (text || '-job_number').split(',')) {
    const part = raw.trim();
    if (!part) continue;
    const desc = part.startsWith('-');
    const column = (desc ? part.slice(1) : part) as JobSort['column'];
    if (!JOB_SORT_FIELDS.includes(column)) throw invalidField('sort');
    if (!terms.some((t) => t.column === column)) terms.push({ column, desc });
  }
  return terms;
}

export interface JobListParams {
  limit: number;
  offset: number;
  sort: JobSort[];
  withTotal: boolean;
}

export function parseJobListParams(query: ListQuery): JobListParams {
  const limit = Math.min(query.limit ?? JOB_PAGE_SIZE, MAX_LIMIT);
  return { limit, offset: ((query.pagenumber ?? 1) - 1) * limit, sort: parseJobSort(query.sort), withTotal: query.totalcount === '1' || query.totalcount === 'true' };
}

type JobEb = ExpressionBuilder<JobTables & { j: JobTables['jobs'] }, 'j'>;

/** The WHERE of a filter, on the jobs row aliased `j`. */
export function jobWhere(eb: JobEb, c: JobConditions) {
  const parts = [];
  if (!c.drafts) parts.push(eb('j.job_number', 'is not', null));
  if (c.customer_us_id !== undefined) parts.push(eb('j.customer_us_id', '=', c.customer_us_id));
  if (c.stext) parts.push(eb('j.search', 'like', `%${likeEscape(c.stext)}%`));
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
    const like = `%${likeEscape(c.job_number)}%`;
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
    parts.push(eb.exists(eb.selectFrom('job_assigned_users as a').select(sql.lit(1).as('one')).whereRef('a.job_id', '=', 'j.job_id').where('a.us_id', 'in', ids)));
  }
  if (c.engineer) {
    const ids = c.engineer;
    parts.push(eb.exists(eb.selectFrom('job_engineers as e').select(sql.lit(1).as('one')).whereRef('e.job_id', '=', 'j.job_id').where('e.us_id', 'in', ids)));
  }
  return eb.and(parts);
}

const TEXT_SORTS = new Set(['co_name', 'js_address', 'pm_name', 'de_name', 'job_status']);
/** The joined table (alias, table, key) a sort on a name needs. */
const SORT_JOIN: Partial<Record<JobSort['column'], readonly [string, string, string]>> = {
  co_name: ['c', 'contacts', 'co_id'], js_address: ['s', 'jobsites', 'js_id'], pm_name: ['p', 'propertymanagers', 'pm_id'], de_name: ['d', 'departments', 'de_id'],
};
const sortRef = (column: JobSort['column']) => {
  const join = SORT_JOIN[column];
  return sql.ref(join ? `${join[0]}.${column}` : `j.${column}`);
};
/**
 * The ORDER BY expression. For a customer (`masked`) a status they may not see sorts as null, like
 * it reads, so the order of their jobs does not give the hidden statuses away.
 */
const sortKey = (column: JobSort['column'], masked: boolean) => {
  if (column === 'job_status' && masked) {
    const visible = sql.join(CUSTOMER_VISIBLE_STATUSES.map((s) => sql.lit(s)));
    return sql`lower(case when ${sortRef(column)} in (${visible}) then ${sortRef(column)} end)`;
  }
  return TEXT_SORTS.has(column) ? sql`lower(${sortRef(column)})` : sortRef(column);
};
/** The column a page carries for a sort on a joined name, so the outer query can order by it again. */
const sortAlias = (i: number) => `__sort${i}`;

/** The columns of a JobListRow, from `j` and its joined names. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function withListColumns<QB extends SelectQueryBuilder<any, any, any>>(qb: QB) {
  return qb.select((eb: ExpressionBuilder<JobTables & { j: JobTables['jobs'] }, 'j'>) => [
    'j.job_id', 'j.job_number', 'j.job_status', 'j.job_wopo', 'j.job_desc', 'j.de_id', sql<string | null>`d.de_name`.as('de_name'),
    'j.co_id', sql<string | null>`c.co_name`.as('co_name'), 'j.js_id', sql<string | null>`s.js_address`.as('js_address'),
    'j.pm_id', sql<string | null>`p.pm_name`.as('pm_name'), 'j.job_start', 'j.job_end', 'j.job_tags',
    sql<string>`j.net_quote::text`.as('net_quote'), sql<string>`j.net_sales::text`.as('net_sales'), 'j.created_at', 'j.updated_at', 'j.customer_us_id',
    eb
      .selectFrom('job_assigned_users as au')
      .innerJoin('users as u', 'u.us_id', 'au.us_id')
      .select(sql<{ us_id: number; fullname: string | null }[]>`coalesce(json_agg(json_build_object('us_id', u.us_id, 'fullname', u.fullname) order by u.fullname, u.us_id), '[]'::json)`.as('x'))
      .whereRef('au.job_id', '=', 'j.job_id')
      .as('assigned'),
  ]);
}

// Joins chosen at run time (by the sort) are beyond the typed builder; names come from SORT_JOIN only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = SelectQueryBuilder<any, any, any>;

function withNames(qb: Loose): Loose {
  return qb
    .leftJoin('departments as d', 'd.de_id', 'j.de_id')
    .leftJoin('contacts as c', 'c.co_id', 'j.co_id')
    .leftJoin('jobsites as s', 's.js_id', 'j.js_id')
    .leftJoin('propertymanagers as p', 'p.pm_id', 'j.pm_id');
}

/**
 * The page's statements. The page is chosen first on `jobs` alone (joining only the table a name
 * sort needs), and the names are joined to its 20 rows after, so a search with thousands of
 * matches does not join them all. With free text the matches carry their total in TOTAL_COLUMN.
 * `unpaged` is every matching row in the same order (the export).
 */
export function jobListQueries(db: JobDb, c: JobConditions, p: JobListParams) {
  const searching = !!c.stext;
  const where = (eb: unknown) => jobWhere(eb as JobEb, c);
  const masked = c.customer_us_id !== undefined;
  const filtered = db.selectFrom('jobs as j').selectAll('j').where(where);
  const matches = searching && p.withTotal ? filtered.select(sql<number>`count(*) over ()`.as(TOTAL_COLUMN)) : filtered;
  // OFFSET 0 keeps the search subquery from being flattened into the ordered outer query.
  const source = (searching ? db.selectFrom(matches.offset(0).as('j')).selectAll('j') : filtered) as unknown as Loose;
  const lastDesc = p.sort.at(-1)?.desc ? 'desc' : 'asc';

  let page = source;
  p.sort.forEach((term, i) => {
    const join = SORT_JOIN[term.column];
    if (!join) return;
    const [alias, table, keyCol] = join;
    // A search's matches are few enough to look each name up by key; a join let the planner hash
    // every row of the named table (a sequential scan of 100,000 contacts for 2,000 matches).
    page = searching
      ? page.select((eb) => eb.selectFrom(`${table} as ${alias}`).select(sortKey(term.column, masked).as('k')).whereRef(`${alias}.${keyCol}`, '=', `j.${keyCol}`).as(sortAlias(i)))
      : page.leftJoin(`${table} as ${alias}`, `${alias}.${keyCol}`, `j.${keyCol}`).select(sortKey(term.column, masked).as(sortAlias(i)));
  });
  p.sort.forEach((term, i) => {
    const key = searching && SORT_JOIN[term.column] ? sql.ref(sortAlias(i)) : sortKey(term.column, masked);
    page = page.orderBy(key, term.desc ? 'desc' : 'asc');
  });
  page = page.orderBy('j.job_id', lastDesc).limit(p.limit).offset(p.offset);

  let rows = withListColumns(withNames(db.selectFrom(page.as('j')) as unknown as Loose)) as Loose;
  if (searching && p.withTotal) rows = rows.select(sql.ref(`j.${TOTAL_COLUMN}`).as(TOTAL_COLUMN));
  p.sort.forEach((term, i) => {
    const key = SORT_JOIN[term.column] ? sql.ref(`j.${sortAlias(i)}`) : sortKey(term.column, masked);
    rows = rows.orderBy(key, term.desc ? 'desc' : 'asc');
  });
  rows = rows.orderBy('j.job_id', lastDesc);

  let unpaged = withListColumns(withNames(db.selectFrom('jobs as j').where(where) as unknown as Loose)) as Loose;
  for (const term of p.sort) unpaged = unpaged.orderBy(sortKey(term.column, masked), term.desc ? 'desc' : 'asc');
  unpaged = unpaged.orderBy('j.job_id', lastDesc);

  const count = db.selectFrom('jobs as j').select(sql<number>`count(*)`.as('count')).where(where);
  return { rows, count, totalInRows: searching && p.withTotal, unpaged };
}
