/**
 * The job sheet's query (POST jobs/filter), shared by the export and the bench: the JobFilter body
 * parsed into conditions on `jobs` alone (every filter is a jobs column, a GIN-indexed tag array,
 * or an EXISTS on an indexed link table), the sort from JOB_SORT_FIELDS, and the names joined on.
 *
 * With free text the matches come from the trigram index first, carry their total
 * (`count(*) over ()`) and are sorted after, as the resource engine does (server/resources/store.ts).
 */
import { sql, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { JOB_STATUSES, JOB_TAGS } from '../../src/enums';
import { JOB_SORT_FIELDS } from '../../src/jobs/types';
import { invalidField } from '../envelope/errors';
import { asObject } from '../resources/body';
import { likeEscape } from '../resources/filters';
import { MAX_LIMIT, type ListQuery } from '../resources/listParams';
import { parseWireDate } from './validate';
import type { JobDb, JobTables } from './tables';

export const JOB_PAGE_SIZE = 20;
export const TOTAL_COLUMN = '__total';

export interface JobConditions {
  stext?: string;
  job_status?: string[];
  de_id?: number[];
  co_id?: number;
  js_id?: number;
  pm_id?: number;
  job_tags?: string[];
  assigned?: number[];
  engineer?: number[];
  start_from?: Date;
  start_to?: Date;
  drafts: boolean;
  /** A customer's own jobs only. */
  customer_us_id?: number;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2147483647;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

export function parseJobFilter(input: unknown): JobConditions {
  const body = asObject(input);
  const out: JobConditions = { drafts: false };
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    switch (key) {
      case 'stext': {
        if (typeof value !== 'string') throw invalidField('stext');
        const text = value.trim();
        if (text.length < 3) throw invalidField('stext', 'validation.minSearch');
        if (text.length > 100) throw invalidField('stext', 'validation.max100');
        out.stext = text.toLowerCase();
        break;
      }
      case 'job_status':
      case 'job_tags': {
        const allowed: readonly unknown[] = key === 'job_status' ? JOB_STATUSES : JOB_TAGS;
        const values = list(value);
        if (values.length > 50 || values.some((v) => !allowed.includes(v))) throw invalidField(key);
        out[key] = values as string[];
        break;
      }
      case 'de_id':
      case 'assigned':
      case 'engineer': {
        const values = list(value);
        if (values.length > 1000 || !values.every(isId)) throw invalidField(key);
        out[key] = values as number[];
        break;
      }
      case 'co_id':
      case 'js_id':
      case 'pm_id':
        if (!isId(value)) throw invalidField(key);
        out[key] = value;
        break;
      case 'start_from':
      case 'start_to': {
        const date = parseWireDate(value);
        if (!date) throw invalidField(key);
        out[key] = date;
        break;
      }
      case 'drafts':
        if (typeof value !== 'boolean') throw invalidField(key);
        out.drafts = value;
        break;
      default:
        throw invalidField(key);
    }
  }
  return out;
}

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
const sortKey = (column: JobSort['column']) => (TEXT_SORTS.has(column) ? sql`lower(${sortRef(column)})` : sortRef(column));
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
      ? page.select((eb) => eb.selectFrom(`${table} as ${alias}`).select(sortKey(term.column).as('k')).whereRef(`${alias}.${keyCol}`, '=', `j.${keyCol}`).as(sortAlias(i)))
      : page.leftJoin(`${table} as ${alias}`, `${alias}.${keyCol}`, `j.${keyCol}`).select(sortKey(term.column).as(sortAlias(i)));
  });
  p.sort.forEach((term, i) => {
    const key = searching && SORT_JOIN[term.column] ? sql.ref(sortAlias(i)) : sortKey(term.column);
    page = page.orderBy(key, term.desc ? 'desc' : 'asc');
  });
  page = page.orderBy('j.job_id', lastDesc).limit(p.limit).offset(p.offset);

  let rows = withListColumns(withNames(db.selectFrom(page.as('j')) as unknown as Loose)) as Loose;
  if (searching && p.withTotal) rows = rows.select(sql.ref(`j.${TOTAL_COLUMN}`).as(TOTAL_COLUMN));
  p.sort.forEach((term, i) => {
    const key = SORT_JOIN[term.column] ? sql.ref(`j.${sortAlias(i)}`) : sortKey(term.column);
    rows = rows.orderBy(key, term.desc ? 'desc' : 'asc');
  });
  rows = rows.orderBy('j.job_id', lastDesc);

  let unpaged = withListColumns(withNames(db.selectFrom('jobs as j').where(where) as unknown as Loose)) as Loose;
  for (const term of p.sort) unpaged = unpaged.orderBy(sortKey(term.column), term.desc ? 'desc' : 'asc');
  unpaged = unpaged.orderBy('j.job_id', lastDesc);

  const count = db.selectFrom('jobs as j').select(sql<number>`count(*)`.as('count')).where(where);
  return { rows, count, totalInRows: searching && p.withTotal, unpaged };
}
