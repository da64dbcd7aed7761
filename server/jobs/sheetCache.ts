/**
 * The job sheet's SQL, compiled once per shape. Building and compiling the page query with Kysely
 * costs most of a millisecond, as much as PostgreSQL spends answering it, and the sheet asks it
 * with a handful of shapes (which filters are set, how many values each list has, the sort).
 * So the statements are compiled once per brand schema and shape with marker values in place of
 * the request's, and each request only puts its values where the markers are. node-postgres sends
 * every parameter as text for PostgreSQL to type, so the SQL does not depend on the values.
 */
import { CompiledQuery } from 'kysely';
import { likeEscape } from '../resources/filters';
import { jobListQueries, type JobConditions, type JobListParams } from './filter';
import type { JobDb } from './tables';

interface Template {
  sql: string;
  parameters: readonly unknown[];
}
interface Shape {
  rows: Template;
  count: Template;
  totalInRows: boolean;
}

const MAX_SHAPES = 1000;
const shapes = new Map<string, Shape>();
const MARK = '\u0001';
const marker = (name: string) => `${MARK}${name}${MARK}`;

/** The shape key: which conditions are set (lists by length), the sort, paging kind. */
function shapeKey(schema: string, c: JobConditions, p: JobListParams): string {
  const parts = Object.entries(c)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => (Array.isArray(v) ? `${k}[${v.length}]` : k === 'drafts' ? `${k}=${v}` : k))
    .sort();
  return JSON.stringify([schema, parts, p.sort, p.withTotal]);
}

/** Marker conditions of the same shape, and the request's values by marker name. */
function split(c: JobConditions, p: JobListParams) {
  const values = new Map<string, unknown>();
  const marked: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c)) {
    if (v === undefined || k === 'drafts') marked[k] = v;
    else if (Array.isArray(v)) {
      marked[k] = v.map((item, i) => (values.set(`${k}.${i}`, item), marker(`${k}.${i}`)));
    } else {
      // Free text sits inside a LIKE pattern ('%…%'), so its value goes in already escaped.
      values.set(k, k === 'stext' ? likeEscape(String(v)) : v);
      marked[k] = marker(k);
    }
  }
  values.set('limit', p.limit);
  values.set('offset', p.offset);
  const markedParams = { ...p, limit: marker('limit'), offset: marker('offset') } as unknown as JobListParams;
  return { marked: marked as unknown as JobConditions, markedParams, values };
}

function fill(param: unknown, values: Map<string, unknown>): unknown {
  if (Array.isArray(param)) return param.map((p) => fill(p, values));
  if (typeof param !== 'string' || !param.includes(MARK)) return param;
  const exact = /^\u0001([^\u0001]+)\u0001$/.exec(param);
  if (exact) return values.get(exact[1]);
  return param.replace(/\u0001([^\u0001]+)\u0001/g, (_, name: string) => String(values.get(name)));
}

/** The page and count statements for this request, ready to execute on the brand's database. */
export function sheetStatements(db: JobDb, schema: string, c: JobConditions, p: JobListParams) {
  const key = shapeKey(schema, c, p);
  const { marked, markedParams, values } = split(c, p);
  let shape = shapes.get(key);
  if (!shape) {
    const q = jobListQueries(db, marked, markedParams);
    shape = { rows: q.rows.compile(), count: q.count.compile(), totalInRows: q.totalInRows };
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    shapes.set(key, shape);
  }
  const bind = (t: Template) => CompiledQuery.raw(t.sql, t.parameters.map((param) => fill(param, values)));
  return { rows: bind(shape.rows), count: bind(shape.count), totalInRows: shape.totalInRows };
}
