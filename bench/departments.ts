/**
 * Bench section of the departments list (BENCH_ONLY=departments runs only this, on 100,000 bulk
 * departments): the list's first page, a broad free text (a sixth of all rows, a deep page) and a
 * narrow one, each with its total, against a hand-written Fastify + pg endpoint that runs the
 * engine's SQL in the same run (rawServer.ts), and the plans of those queries.
 */
import { departments } from '../core/resources/definitions/departments';
import { compiled, explain, explainWalk } from './reference';
import type { LoadResult } from './load';
import { runPairs } from './pairs';
import type { RawQuery } from './rawQuery';
import type { RootDb } from '../server/db/types';

const CASES = [
  { key: 'departments-list', label: 'GET departments/list (page 1, total)', stext: '', query: { limit: 20, pagenumber: 1, sort: 'de_name' } },
  {
    key: 'departments-broad',
    label: 'POST departments/filter (broad free text, ~16% of rows + sort + page 5 + total)',
    stext: 'Harbour',
    query: { limit: 20, pagenumber: 5, sort: '-de_name' },
  },
  {
    key: 'departments-narrow',
    label: 'POST departments/filter (narrow free text: one record, total)',
    stext: 'Bulk department 4242 ',
    query: { limit: 20, pagenumber: 1, sort: 'de_name' },
  },
] as const;

/** Prints the plans of the cases and returns their compiled SQL for the baseline server. */
export async function departmentQueriesOf(root: RootDb, schema: string): Promise<Record<string, RawQuery>> {
  const out: Record<string, RawQuery> = {};
  for (const c of CASES) {
    const q = compiled(root, schema, departments, c.stext, c.query);
    out[c.key] = q;
    const label = `${c.key} (stext '${c.stext}')`;
    await explain(root, `${label} ${q.byIds ? 'page (ids)' : 'rows'}`, q.rows);
    await explain(root, `${label} total`, q.count);
    await explainWalk(root, label, q);
  }
  return out;
}

export function runDepartmentsLoad(
  base: string,
  headers: Record<string, string>,
  dataDir: string,
  queries: Record<string, RawQuery>,
  seconds: number,
): Promise<LoadResult[]> {
  const cases = CASES.map((c) => {
    const qs = `limit=${c.query.limit}&pagenumber=${c.query.pagenumber}&sort=${c.query.sort}&totalcount=1`;
    const body = JSON.stringify({ stext: c.stext });
    // The first page without free text is the plain list (GET); the baseline answers it the same.
    const ours = c.stext
      ? { url: `${base}/departments/filter?${qs}`, method: 'POST' as const, headers, body }
      : { url: `${base}/departments/list?${qs}`, headers };
    return { key: c.key, name: c.label, ours, body };
  });
  return runPairs(dataDir, queries, cases, seconds);
}
