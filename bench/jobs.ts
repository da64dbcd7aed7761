/**
 * Bench section of the job sheet (BENCH_ONLY=jobs runs only this): 100,000 jobs in the demo
 * brand; POST jobs/filter (filters + sort + page 20 + total, and free text) at 50 connections
 * against a hand-written Fastify + pg endpoint running the same SQL in the same run; the plans of
 * those queries; and the export of 10,000 and 100,000 jobs with the server's peak memory, each on
 * a fresh server process, to show that memory does not grow with the number of rows.
 */
import { sql } from 'kysely';
import { brandDb, type RootDb } from '../server/db/types';
import { JOB_LIST, jobListQueries, jobRowsByIds, parseJobFilter } from '../server/jobs/filter';
import { parseListQuery } from '../server/http/listQuery';
import { jobDb } from '../server/jobs/tables';
import { seedJobsBulk } from '../server/seed/jobsBulk';
import type { LoadResult } from './load';
import { runPairs } from './pairs';
import { explain, explainWalk, inline } from './reference';
import { WALK_WINDOW, type RawQuery } from './rawQuery';
import { startServer, loginAsAdmin } from './serverProcess';

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const QUERY = { limit: 20, pagenumber: 1, totalcount: '1' };

interface JobCase {
  key: string;
  label: string;
  body: Record<string, unknown>;
  sort: string;
}

let cases: JobCase[] = [];
/** Two of the twenty departments the bulk jobs use: exactly a tenth of them. */
let tenthDepartments: number[] = [];

function compiled(root: RootDb, schema: string, c: JobCase): RawQuery {
  const params = parseListQuery({ ...QUERY, sort: c.sort }, JOB_LIST);
  const db = jobDb(brandDb(root, schema));
  const q = jobListQueries(db, parseJobFilter(c.body), params, schema);
  const text = typeof c.body.stext === 'string' ? c.body.stext.toLowerCase() : '';
  return {
    rows: q.page.compile(),
    byIds: { sql: jobRowsByIds(db, []).compile().sql, idField: 'job_id' },
    count: q.count.compile(),
    totalInRows: q.totalInRows,
    walk: q.walk?.(WALK_WINDOW).compile(),
    offset: params.offset,
    limit: params.limit,
    text,
  };
}

export async function seedJobs(root: RootDb, schema: string): Promise<void> {
  const started = Date.now();
  await seedJobsBulk(root, schema, JOBS);
  console.log(`seeded ${JOBS} jobs in ${Date.now() - started} ms`);
}

/** Prints the plans of the cases and returns their compiled SQL for the baseline server. */
export async function jobQueriesOf(root: RootDb, schema: string): Promise<Record<string, RawQuery>> {
  const deps = await brandDb(root, schema).selectFrom('departments').select('de_id').orderBy('de_id').limit(20).execute();
  const deIds = deps.map((d) => d.de_id);
  tenthDepartments = deIds.slice(0, 2);
  cases = [
    {
      key: 'jobs-filter',
      label: 'status (3) + department (4 of 20) + sort -job_start',
      body: { job_status: ['BOOKED', 'IN_PROGRESS', 'APPROVED'], de_id: deIds.slice(0, 4) },
      sort: '-job_start',
    },
    { key: 'jobs-sort-client', label: 'no filter + sort by client name', body: {}, sort: 'co_name' },
    { key: 'jobs-text', label: "free text 'amelia smith' + sort -job_number", body: { stext: 'amelia smith' }, sort: '-job_number' },
    {
      key: 'jobs-text-status',
      label: "free text 'mill lane' + status (2) + sort co_name",
      body: { stext: 'mill lane', job_status: ['BOOKED', 'QUOTED'] },
      sort: 'co_name',
    },
  ];
  const out: Record<string, RawQuery> = {};
  for (const c of cases) {
    out[c.key] = compiled(root, schema, c);
    await explain(root, `jobs/filter ${c.label} — page (ids)`, out[c.key].rows);
    if (!out[c.key].totalInRows) await explain(root, `jobs/filter ${c.label} — total`, out[c.key].count);
    await explainWalk(root, `jobs/filter ${c.label}`, out[c.key]);
  }
  const first = out[cases[0].key];
  const ids = (await sql.raw<{ job_id: number }>(inline(first.rows)).execute(root)).rows.map((r) => r.job_id);
  await explain(root, `jobs/filter ${cases[0].label} — the page's rows (prepared by the server)`, { sql: first.byIds!.sql, parameters: [ids] });
  return out;
}

export function runJobsLoad(
  base: string,
  headers: Record<string, string>,
  dataDir: string,
  queries: Record<string, RawQuery>,
  seconds: number,
): Promise<LoadResult[]> {
  const pairs = cases.map((c) => {
    const body = JSON.stringify(c.body);
    const qs = `limit=${QUERY.limit}&pagenumber=${QUERY.pagenumber}&sort=${c.sort}&totalcount=1`;
    const ours = { url: `${base}/jobs/filter?${qs}`, method: 'POST' as const, headers, body };
    return { key: c.key, name: `POST jobs/filter (${JOBS} jobs; ${c.label}; page 20 + total)`, ours, body };
  });
  return runPairs(dataDir, queries, pairs, seconds);
}

/** A little above the server's own heap at rest (it does not start with 64 MiB). */
const CAPPED_OLD_SPACE_MIB = 128;
/**
 * The young generation is capped too, at Node 20's own default: Node 24's V8 sizes it from the machine, not from the
 * old-space cap (docs/PERFORMANCE.md), so the same old-space flag alone would leave the two runtimes different heaps.
 */
const CAPPED_SEMI_SPACE_MIB = 16;
const CAPPED_HEAP_MIB = CAPPED_OLD_SPACE_MIB + 3 * CAPPED_SEMI_SPACE_MIB;

/** One export on a fresh server process: rows, time, bytes, memory before and at peak. */

async function exportOnce(dataDir: string, label: string, body: Record<string, unknown>, nodeArgs: string[] = []) {
  const server = await startServer(dataDir, nodeArgs);
  try {
    const cookie = await loginAsAdmin(server.port);
    await new Promise((r) => setTimeout(r, 500));
    const before = server.peakRssMiB();
    const started = Date.now();
    const res = await fetch(`http://localhost:${server.port}/api/exportjobs/export?sort=-job_number`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok || !res.body) throw new Error(`export ${label}: ${res.status} ${await res.text()}`);
    let bytes = 0;
    const reader = res.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
    const ms = Date.now() - started;
    return { label, ms, mib: bytes / 1048576, before, peak: server.peakRssMiB() };
  } finally {
    await server.stop();
  }
}

export async function runExportBench(dataDir: string): Promise<void> {
  const results = [
    await exportOnce(dataDir, `${JOBS / 10} jobs (2 of 20 departments)`, { de_id: tenthDepartments }),
    await exportOnce(dataDir, `all ${JOBS} jobs (+ the demo jobs)`, {}),
    // V8 lets its heap grow while there is room, so an uncapped server's peak says little about
    // what the export keeps; capped, the heap is collected instead and must still hold the export.
    await exportOnce(dataDir, `all ${JOBS} jobs, the server's heap capped at ${CAPPED_HEAP_MIB} MiB`, {}, [
      `--max-old-space-size=${CAPPED_OLD_SPACE_MIB}`,
      `--max-semi-space-size=${CAPPED_SEMI_SPACE_MIB}`,
    ]),
  ];
  console.log('\n| export | time ms | file MiB | server RSS before MiB | server peak RSS MiB |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of results) console.log(`| ${r.label} | ${r.ms} | ${r.mib.toFixed(1)} | ${r.before.toFixed(1)} | ${r.peak.toFixed(1)} |`);
}
