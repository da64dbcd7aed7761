/**
 * The job sheet's SQL through the list-query template cache (server/resources/queryTemplates.ts):
 * compiled once per brand schema and shape (which filters are set, how many values each list has,
 * the sort), later requests only fill in their values. Every condition is a leaf: one value, or a
 * list of values; the LIKE ones (free text, job number) are escaped when filled in.
 */
import { readPageRows } from '../resources/pageRows';
import type { Leaf } from '../resources/queryTemplates';
import { compileWithTemplate } from '../resources/queryTemplates';
import { jobListQueries, jobRowsByIds, sheetWalkable, type JobConditions, type JobListParams } from './filter';
import type { JobDb } from './tables';

/** The shape key: which conditions are set (lists by length), the sort, paging kind. */
function shapeKey(schema: string, c: JobConditions, p: JobListParams): string {
  const parts = Object.entries(c)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => (Array.isArray(v) ? `${k}[${v.length}]` : k === 'drafts' ? `${k}=${v}` : k))
    .sort();
  return JSON.stringify([schema, 'jobs', parts, p.sort, p.withTotal]);
}

const isLeaf = (key: string, value: unknown) => value !== undefined && key !== 'drafts';

/** The request's values in a fixed order; free text is LIKE-escaped inside the query. */
function leavesOf(c: JobConditions, p: JobListParams): Leaf[] {
  const leaves: Leaf[] = [];
  for (const [k, v] of Object.entries(c)) {
    if (!isLeaf(k, v)) continue;
    if (Array.isArray(v)) leaves.push(...v.map((value) => ({ value })));
    else leaves.push({ value: v, like: k === 'stext' || k === 'job_number' });
  }
  leaves.push({ value: p.limit }, { value: p.offset });
  return leaves;
}

/** The same conditions and paging with `values` in place of the request's. */
function rebuild(c: JobConditions, p: JobListParams, values: unknown[]): { c: JobConditions; p: JobListParams } {
  let i = 0;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c)) {
    if (!isLeaf(k, v)) out[k] = v;
    else if (Array.isArray(v)) out[k] = v.map(() => values[i++]);
    else out[k] = values[i++];
  }
  return { c: out as unknown as JobConditions, p: { ...p, limit: values[i] as number, offset: values[i + 1] as number } };
}

/** The page's ids (their rows: sheetRows) and its total, ready to execute on the brand's database. */
export function sheetStatements(db: JobDb, schema: string, c: JobConditions, p: JobListParams) {
  const key = shapeKey(schema, c, p);
  const leaves = leavesOf(c, p);
  const build = (values: unknown[]) => {
    const r = rebuild(c, p, values);
    return jobListQueries(db, r.c, r.p, schema);
  };
  return {
    page: compileWithTemplate(`${key}:page`, leaves, (v) => build(v).page),
    count: compileWithTemplate(`${key}:count`, leaves, (v) => build(v).count),
    walk: !sheetWalkable(c, p) ? undefined : (window: number) => compileWithTemplate(`${key}:walk`, [...leaves, { value: window }], (v) => build(v.slice(0, -1)).walk!(v.at(-1) as number)),
    totalInRows: !!c.stext && p.withTotal,
  };
}

/** The rows of the page's jobs, in its order (readPageRows: prepared once per connection and brand). */
export function sheetRows(db: JobDb, schema: string, page: Record<string, unknown>[]) {
  return readPageRows(db, page, 'job_id', `${schema}:jobsheet`, (ids) => jobRowsByIds(db, ids as number[]));
}
