/**
 * The job sheet's page statements for listPage (listPage.ts), through the list-query template cache (queryTemplates.ts):
 * compiled once per brand schema and shape (which filters are set, how many values each list has,
 * the sort), later requests only fill in their values. Every condition is a leaf: one value, or a
 * list of values; the LIKE ones (free text, job number) are escaped when filled in.
 */
import { searchParts, type SearchParts } from './containsText';
import { compileWithTemplate, type Leaf } from './queryTemplates';
import type { ListStatements } from './listPage';
import { jobListQueries, jobRowsByIds, sheetWalkable, totalInRows, type JobConditions, type JobListParams } from '../jobs/filter';
import type { JobDb } from '../jobs/tables';

/** The shape key: which conditions are set (lists by length), the sort, paging kind. */
function shapeKey(schema: string, c: JobConditions, p: JobListParams): string {
  const parts = Object.entries(c)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => (Array.isArray(v) ? `${k}[${v.length}]` : k === 'drafts' ? `${k}=${v}` : k === 'stext' ? textShape(v as string) : k))
    .sort();
  return JSON.stringify([schema, 'jobs', parts, p.sort, p.withTotal]);
}

/** Free text is one LIKE per word, or one for the whole text (containsText.ts): the shape says which. */
const textShape = (text: string) => {
  const { likes, confirm } = searchParts(text);
  return `stext[${likes.length}${confirm === undefined ? '' : '+'}]`;
};

const isLeaf = (key: string, value: unknown) => value !== undefined && key !== 'drafts';

/** The request's values in a fixed order; free text (its LIKE parts) is LIKE-escaped inside the query. */
function leavesOf(c: JobConditions, p: JobListParams): Leaf[] {
  const leaves: Leaf[] = [];
  for (const [k, v] of Object.entries(c)) {
    if (!isLeaf(k, v)) continue;
    if (Array.isArray(v)) leaves.push(...v.map((value) => ({ value })));
    else if (k === 'stext') {
      const { likes, confirm } = searchParts(v as string);
      leaves.push(...likes.map((value) => ({ value, like: true })));
      if (confirm !== undefined) leaves.push({ value: confirm });
    } else leaves.push({ value: v, like: k === 'job_number' });
  }
  leaves.push({ value: p.limit }, { value: p.offset });
  return leaves;
}

/** The same conditions, free-text parts and paging with `values` in place of the request's. */
function rebuild(c: JobConditions, p: JobListParams, values: unknown[]): { c: JobConditions; p: JobListParams; text?: SearchParts } {
  let i = 0;
  let text: SearchParts | undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c)) {
    if (!isLeaf(k, v)) out[k] = v;
    else if (Array.isArray(v)) out[k] = v.map(() => values[i++]);
    else if (k === 'stext') {
      // The text itself stays (only whether there is one matters past the parts).
      const { likes, confirm } = searchParts(v as string);
      text = { likes: likes.map(() => values[i++] as string), confirm: confirm === undefined ? undefined : (values[i++] as string) };
      out[k] = v;
    } else out[k] = values[i++];
  }
  return { c: out as unknown as JobConditions, p: { ...p, limit: values[i] as number, offset: values[i + 1] as number }, text };
}

/**
 * The page's job ids, then their rows (one prepared text per brand: `jobRowsByIds`), and its total.
 * A page is prepared when it is the free text alone with its total (a customer's own jobs, a status,
 * a department beside it change which index should lead, with their values): every match is read
 * through the search index whatever the words (resourceList.ts says the same of the other lists).
 */
export function jobSheetList(db: JobDb, schema: string, c: JobConditions, p: JobListParams): ListStatements {
  const key = shapeKey(schema, c, p);
  const leaves = leavesOf(c, p);
  const build = (values: unknown[]) => {
    const r = rebuild(c, p, values);
    return jobListQueries(db, r.c, r.p, schema, r.text);
  };
  const withTotal = totalInRows(c, p);
  return {
    db,
    offset: p.offset,
    limit: p.limit,
    withTotal: p.withTotal,
    page: compileWithTemplate(`${key}:page`, leaves, (v) => build(v).page),
    preparedPage: withTotal && Object.entries(c).every(([k, v]) => v === undefined || k === 'stext' || k === 'drafts'),
    totalInPage: withTotal,
    count: () => compileWithTemplate(`${key}:count`, leaves, (v) => build(v).count),
    preparedCount: false,
    walk: !sheetWalkable(c, p)
      ? undefined
      : (window: number) => compileWithTemplate(`${key}:walk`, [...leaves, { value: window }], (v) => build(v.slice(0, -1)).walk!(v.at(-1) as number)),
    byIds: { idField: 'job_id', key: `${schema}:jobsheet`, build: (ids) => jobRowsByIds(db, ids as number[]) },
  };
}
