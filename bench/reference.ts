/**
 * Bench section of the reference data: the contacts and sites lists (free text + sort + page +
 * total) on 100,000 contacts and 100,000 sites, against a hand-written Fastify + pg endpoint that
 * runs the same SQL in the same run, and the plans that show the search uses its trigram index.
 */
import { sql } from 'kysely';
import { contacts } from '../core/resources/definitions/contacts';
import { jobsites } from '../core/resources/definitions/jobsites';
import type { ResourceDef } from '../core/resources/engine/types';
import { brandDb, type RootDb } from '../server/db/types';
import { resourceInfo } from '../server/resources/fields';
import { parseFilterBody } from '../server/resources/filters';
import { parseListQuery } from '../server/http/listQuery';
import { listQueries, rowsByIds } from '../server/lists/resourceList';
import { TABLE_ROWS_COLUMN, TOTAL_COLUMN, walkWindow } from '../server/lists/knownTotals';
import type { LoadResult } from './load';
import { runPairs } from './pairs';
import { WALK_WINDOW, type RawQuery } from './rawQuery';

/**
 * A person's typical searches (a name, a house number and street) and one broad word that matches
 * a tenth of all contacts, where the total has to visit every match whatever the index; and the
 * whole list sorted by a column that is not the default one.
 */
export const CASES = [
  { key: 'contacts', def: contacts, stext: 'amelia smith', query: { limit: 20, pagenumber: 1, sort: '-co_name' } },
  { key: 'contacts-broad', def: contacts, stext: 'smith', query: { limit: 20, pagenumber: 3, sort: '-co_name' } },
  { key: 'jobsites', def: jobsites, stext: '12 mill lane', query: { limit: 20, pagenumber: 1, sort: 'js_address' } },
  { key: 'contacts-sort', def: contacts, stext: '', query: { limit: 20, pagenumber: 2, sort: 'co_company' } },
] as const;

export const urlQuery = (q: { limit: number; pagenumber: number; sort: string }) => `limit=${q.limit}&pagenumber=${q.pagenumber}&sort=${q.sort}&totalcount=1`;

/** The engine's own SQL for a case, compiled for the brand schema. */
export function compiled(root: RootDb, schema: string, def: ResourceDef, stext: string, query: { limit: number; pagenumber: number; sort: string }): RawQuery {
  const info = resourceInfo(def);
  const params = parseListQuery({ ...query, totalcount: '1' }, info.list);
  const db = brandDb(root, schema);
  const { rows, count, totalInRows, walk } = listQueries(db, info, parseFilterBody(info, { stext }), params);
  // A search's rows are its page's ids; the server then reads their rows by id (store.ts).
  const byIds = stext ? { sql: rowsByIds(db, info, []).compile().sql, idField: def.idField } : undefined;
  return {
    rows: rows.compile(),
    byIds,
    count: count.compile(),
    totalInRows,
    walk: walk?.(WALK_WINDOW).compile(),
    offset: params.offset,
    limit: params.limit,
    text: stext.trim().toLowerCase(),
  };
}

/** The statement with its values written in: EXPLAIN cannot take bind parameters (they come from the fixed cases). */
export function inline(stmt: { sql: string; parameters: readonly unknown[] }): string {
  return stmt.sql.replace(/\$(\d+)/g, (_, i: string) => {
    const v = stmt.parameters[Number(i) - 1];
    const text = Array.isArray(v) ? `{${v.join(',')}}` : String(v);
    return typeof v === 'number' ? text : `'${text.replace(/'/g, "''")}'`;
  });
}

export async function explain(root: RootDb, label: string, stmt: { sql: string; parameters: readonly unknown[] }) {
  const rows = await sql.raw<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${inline(stmt)}`).execute(root);
  console.log(`\nEXPLAIN ANALYZE ${label}:\n  ${stmt.sql}\n${rows.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
}

/**
 * The plan of a search's later requests when the server walks the sort index for them
 * (knownTotals.ts): the window is the one the server chooses from what the counted page tells.
 */
export async function explainWalk(root: RootDb, label: string, q: RawQuery) {
  if (!q.walk) return;
  const first = (await sql.raw<Record<string, unknown>>(inline(q.rows)).execute(root)).rows[0];
  const window = first && walkWindow({ version: '', total: Number(first[TOTAL_COLUMN]), tableRows: Number(first[TABLE_ROWS_COLUMN]) }, q.offset, q.limit);
  if (window === undefined) return console.log(`\n${label}: counted every time (the search index is the cheaper way to this page)`);
  await explain(root, `${label} — once its total is known: the page walked in sort order (window ${window})`, {
    sql: q.walk.sql,
    parameters: q.walk.parameters.map((p) => (p === WALK_WINDOW ? window : p)),
  });
}

export async function printPlans(root: RootDb, schema: string): Promise<Record<string, RawQuery>> {
  const out: Record<string, RawQuery> = {};
  for (const c of CASES) {
    const q = compiled(root, schema, c.def, c.stext, c.query);
    out[c.key] = q;
    const label = `${c.key} (stext '${c.stext}')`;
    for (const [part, stmt] of [
      [q.byIds ? 'page (ids)' : 'rows', q.rows],
      ['total', q.count],
    ] as const)
      await explain(root, `${label} ${part}`, stmt);
    await explainWalk(root, label, q);
  }
  return out;
}

/** Loads each list on the engine and on the baseline, one after the other. */
export function runReferenceLoad(
  base: string,
  headers: Record<string, string>,
  dataDir: string,
  queries: Record<string, RawQuery>,
  seconds: number,
): Promise<LoadResult[]> {
  const pairs = CASES.map((c) => {
    const body = JSON.stringify({ stext: c.stext });
    const ours = { url: `${base}/${c.def.name}/filter?${urlQuery(c.query)}`, method: 'POST' as const, headers, body };
    const name = `POST ${c.def.name}/filter (${c.stext ? `free text '${c.stext}'` : 'no free text'} + sort ${c.query.sort} + page ${c.query.pagenumber} + total)`;
    return { key: c.key, name, ours, body };
  });
  return runPairs(dataDir, queries, pairs, seconds);
}
