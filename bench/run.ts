/**
 * `npm run bench`: seeds a large brand on a fresh embedded database, starts the real server on it,
 * and prints throughput and latency at 50 connections, the server's peak memory, and the start-up
 * time on an existing data folder (goal: under 5 s).
 *
 * BENCH_ONLY=departments runs only the departments list cases (bench/departments.ts), each beside
 * its hand-written baseline, with their plans; it seeds only the 100,000 bulk departments. With
 * BENCH_SECONDS=5 it takes about three minutes (most of it seeding).
 */
import { openDemoDatabase } from './demoDatabase';
import { existsSync, rmSync } from 'node:fs';
import { seedBulk } from '../server/seed/bulk';
import type { RootDb } from '../server/db/types';
import { startServer, loginAsAdmin } from './serverProcess';
import { load, PAIR_ROUNDS, printTable, WARMUP_SECONDS, type LoadResult } from './load';
import { seedReferenceBulk } from '../server/seed/bulkReference';
import { printPlans, runReferenceLoad } from './reference';
import { departmentQueriesOf, runDepartmentsLoad } from './departments';
import type { RawQuery } from './rawQuery';
import { jobQueriesOf, runExportBench, runJobsLoad, seedJobs } from './jobs';
import { runFilesBench } from './files';
import { runMailBench } from './mailSync';
import { runMailSearchBench } from './mailSearch';
import { runBrandBench } from './brands';
import { runXeroBench } from './xero';
import { runGraphMailBench } from './graphMail';
import { runRoutingBench } from './mailRouting';
import { runEventsBench, runProcessesBench } from './scaleOut';
import { spawn } from 'node:child_process';
import { serverNodeVersion } from './runtime';

let referenceQueries: Record<string, RawQuery> = {};
let jobQueries: Record<string, RawQuery> = {};
let departmentQueries: Record<string, RawQuery> = {};
/**
 * BENCH_ONLY=reference, jobs, export, brands, files, mail, xero, graph, routing, processes or events runs one section (its data is seeded all the
 * same); BENCH_ONLY=departments seeds the departments alone.
 */
const ONLY = process.env.BENCH_ONLY;
const runs = (section: string) => !ONLY || ONLY === section;

const DATA_DIR = process.env.BENCH_DATA_DIR ?? '.bench-data';
const SIZE = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * BENCH_COMPARE_NODE=/usr/bin/node: the same sections run first with the servers on that Node.js
 * (a child bench, BENCH_NODE), then on the project's own, on the same seeded data.
 */
const COMPARE_NODE = process.env.BENCH_COMPARE_NODE;
/** BENCH_REUSE=1 keeps a data folder seeded by an earlier run (for profiling; a real run reseeds). */
let REUSE = process.env.BENCH_REUSE === '1' && existsSync(DATA_DIR);

async function runOnComparedNode(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts'], {
    env: { ...process.env, BENCH_NODE: COMPARE_NODE, BENCH_COMPARE_NODE: '', BENCH_KEEP: '1' },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the bench on ${COMPARE_NODE} exited with ${code}`);
  REUSE = existsSync(DATA_DIR);
}

async function seedAll(root: RootDb, schema: string): Promise<void> {
  const started = Date.now();
  if (ONLY === 'departments') {
    await seedBulk(root, schema, { departments: SIZE });
    return console.log(`seeded ${SIZE} departments into ${schema} in ${Date.now() - started} ms`);
  }
  await seedBulk(root, schema, { departments: SIZE, users: SIZE });
  console.log(`seeded ${SIZE} departments and ${SIZE} users into ${schema} in ${Date.now() - started} ms`);
  const refStarted = Date.now();
  await seedReferenceBulk(root, schema, SIZE);
  console.log(`seeded ${SIZE} contacts and ${SIZE} sites in ${Date.now() - refStarted} ms`);
  await seedJobs(root, schema);
}

async function prepare(): Promise<void> {
  const { database, schema } = await openDemoDatabase(DATA_DIR, { keep: REUSE });
  try {
    if (!REUSE) await seedAll(database.db, schema);
    if (ONLY !== 'departments') referenceQueries = await printPlans(database.db, schema);
    if (runs('departments')) departmentQueries = await departmentQueriesOf(database.db, schema);
    if (runs('jobs') || ONLY === 'export') jobQueries = await jobQueriesOf(database.db, schema);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  if (COMPARE_NODE) await runOnComparedNode();
  console.log(`\n== servers on Node.js ${serverNodeVersion()}${process.env.BENCH_NODE ? ` (BENCH_NODE=${process.env.BENCH_NODE})` : " (the project's own)"}`);
  // Brand creation needs no bulk rows either.
  if (ONLY === 'brands') return runBrandBench(`${DATA_DIR}-brands`);
  // The files bench needs no bulk rows: a fresh data folder of its own.
  if (ONLY === 'files') return runFilesBench(`${DATA_DIR}-files`);
  // The mail bench brings its own Dovecot, mailboxes and fresh data folder.
  if (ONLY === 'mail') return runMailBench(`${DATA_DIR}-mail`).then(() => runMailSearchBench(`${DATA_DIR}-mailsearch`));
  // The accounting sync against the local provider server: a fresh data folder of its own.
  if (ONLY === 'xero') return runXeroBench(`${DATA_DIR}-xero`);
  // The Graph mail source beside the IMAP engine: its own data folder, Dovecot and fake Graph.
  if (ONLY === 'graph') return runGraphMailBench(`${DATA_DIR}-graph`);
  // The mail router on its generated corpus: a fresh demo database of its own.
  if (ONLY === 'routing') return runRoutingBench(`${DATA_DIR}-routing`);
  // Two API processes on one demo database: list throughput, and event delivery to open streams.
  if (ONLY === 'processes') return runProcessesBench(`${DATA_DIR}-processes`);
  if (ONLY === 'events') return runEventsBench(`${DATA_DIR}-events`);
  await prepare();

  // The first start after seeding also warms the data folder; the second is the one we time.
  const first = await startServer(DATA_DIR);
  await first.stop();
  const server = await startServer(DATA_DIR);
  console.log(`start-up on an existing data folder: ${server.readyMs} ms (goal < 5000 ms)`);

  // The Host picks the brand: localhost is the demo brand (fetch would not let us set Host).
  const base = `http://localhost:${server.port}/api`;
  const headers = { cookie: await loginAsAdmin(server.port), 'content-type': 'application/json' };
  const rows: LoadResult[] = [];
  try {
    if (!ONLY) {
      rows.push(await load('GET auth/whoami', { url: `${base}/auth/whoami`, headers, seconds: SECONDS }));
    }
    if (runs('departments')) rows.push(...(await runDepartmentsLoad(base, headers, DATA_DIR, departmentQueries, SECONDS)));
    if (runs('reference')) rows.push(...(await runReferenceLoad(base, headers, DATA_DIR, referenceQueries, SECONDS)));
    if (runs('jobs')) rows.push(...(await runJobsLoad(base, headers, DATA_DIR, jobQueries, SECONDS)));
  } finally {
    const peak = server.peakRssMiB();
    await server.stop();
    printTable(rows);
    if (runs('reference') || runs('jobs') || runs('departments'))
      console.log(`\n(a case and its baseline: each warmed up for ${WARMUP_SECONDS} s, then the best of ${PAIR_ROUNDS} rounds each, taking turns)`);
    console.log(`\nserver peak memory (RSS of the Node process): ${peak.toFixed(1)} MiB`);
  }
  try {
    // Each export runs on a fresh server of its own (one data folder, one server at a time).
    if (runs('jobs') || ONLY === 'export') await runExportBench(DATA_DIR);
  } finally {
    if (process.env.BENCH_KEEP !== '1') rmSync(DATA_DIR, { recursive: true, force: true });
  }
  if (!ONLY) await runBrandBench(`${DATA_DIR}-brands`);
  if (!ONLY) await runFilesBench(`${DATA_DIR}-files`);
  if (!ONLY) await runMailBench(`${DATA_DIR}-mail`);
  if (!ONLY) await runMailSearchBench(`${DATA_DIR}-mailsearch`);
  if (!ONLY) await runXeroBench(`${DATA_DIR}-xero`);
  if (!ONLY) await runGraphMailBench(`${DATA_DIR}-graph`);
  if (!ONLY) await runRoutingBench(`${DATA_DIR}-routing`);
  if (!ONLY) await runProcessesBench(`${DATA_DIR}-processes`);
  if (!ONLY) await runEventsBench(`${DATA_DIR}-events`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
