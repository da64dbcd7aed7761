/**
 * Several processes on one database (issue 29), on the demo data of a fresh data folder:
 * - BENCH_ONLY=processes: whoami, the job list and the reference lists' cases (reference.ts)
 *   through one API process with 50 connections, then through two API processes with 25 each at
 *   once; the ratio of the totals. On a
 *   machine of two cores no gain is expected: the run shows nothing breaks and each process costs
 *   the same per request.
 * - BENCH_ONLY=events: 200 open event streams on process B; a job saved through process A, 20
 *   times; the time from sending each save until every stream has its `job` event (goal p99 < 2 s).
 */
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { openDemoDatabase } from './demoDatabase';
import { CASES as LIST_CASES, urlQuery } from './reference';
import { loginAs, loginAsAdmin, startServer, type RunningServer } from './serverProcess';
import { openStream, type OpenStream } from '../server/events/testKit';
import { brandDb } from '../server/db/types';
import { jobDb } from '../server/jobs/tables';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
const SAVES = Number(process.env.BENCH_EVENT_SAVES ?? 20);

/** Two API processes on the data folder's database (the bench holds the embedded server open). */
async function twoProcesses(dataDir: string): Promise<{ a: RunningServer; b: RunningServer; close: () => Promise<void>; firstDepartment: number }> {
  const { database, schema } = await openDemoDatabase(dataDir);
  const department = await jobDb(brandDb(database.db, schema)).selectFrom('departments').select('de_id').orderBy('de_id').executeTakeFirstOrThrow();
  const env = { DATABASE_URL: database.url, DATABASE_LISTEN_URL: database.url, MAIL_WORKERS: '0' };
  const [a, b] = await Promise.all([startServer(`${dataDir}-a`, [], env), startServer(`${dataDir}-b`, [], env)]);
  return {
    a,
    b,
    firstDepartment: department.de_id,
    close: async () => {
      await Promise.all([a.stop(), b.stop()]);
      await database.close();
      for (const dir of [dataDir, `${dataDir}-a`, `${dataDir}-b`]) rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Case {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  body?: string;
}

const CASES: Case[] = [
  { name: 'GET auth/whoami', path: 'auth/whoami', method: 'GET' },
  { name: 'POST jobs/filter (20 rows, by -job_number)', path: 'jobs/filter?limit=20&pagenumber=1&sort=-job_number&totalcount=1', method: 'POST', body: '{}' },
  // The reference lists' cases of the one-process bench (reference.ts), on the demo data.
  ...LIST_CASES.map((c) => ({
    name: `POST ${c.def.name}/filter (${c.stext ? `'${c.stext}'` : 'no free text'}, sort ${c.query.sort}, page ${c.query.pagenumber})`,
    path: `${c.def.name}/filter?${urlQuery(c.query)}`,
    method: 'POST' as const,
    body: JSON.stringify({ stext: c.stext }),
  })),
];

const hammer = (url: string, c: Case, cookie: string, connections: number) =>
  autocannon({ url, method: c.method, headers: { cookie, 'content-type': 'application/json' }, body: c.body, connections, duration: SECONDS });

export async function runProcessesBench(dataDir: string): Promise<void> {
  const { a, b, close } = await twoProcesses(dataDir);
  try {
    const cookies = [await loginAsAdmin(a.port), await loginAsAdmin(b.port)];
    const url = (s: RunningServer, c: Case) => `http://localhost:${s.port}/api/${c.path}`;
    console.log('\n| case | one process rps | two processes rps (A + B) | ratio | non-2xx |');
    console.log('|---|---:|---:|---:|---:|');
    for (const c of CASES) {
      // One plain request first: a benchmark of error answers would measure the wrong thing.
      const probe = await fetch(url(a, c), { method: c.method, headers: { cookie: cookies[0], 'content-type': 'application/json' }, body: c.body });
      if (!probe.ok) throw new Error(`${c.name}: ${probe.status} ${await probe.text()}`);
      await hammer(url(a, c), c, cookies[0], 50); // warm-up of A's code and pool
      const one = await hammer(url(a, c), c, cookies[0], 50);
      const [ra, rb] = await Promise.all([hammer(url(a, c), c, cookies[0], 25), hammer(url(b, c), c, cookies[1], 25)]);
      const two = ra.requests.average + rb.requests.average;
      const bad = one.non2xx + ra.non2xx + rb.non2xx + one.errors + ra.errors + rb.errors;
      console.log(
        `| ${c.name} | ${Math.round(one.requests.average)} | ${Math.round(two)} (${Math.round(ra.requests.average)} + ${Math.round(rb.requests.average)}) | ${(two / one.requests.average).toFixed(2)} | ${bad} |`,
      );
    }
    console.log(`peak RSS: A ${a.peakRssMiB().toFixed(1)} MiB, B ${b.peakRssMiB().toFixed(1)} MiB`);
  } finally {
    await close();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function runEventsBench(dataDir: string): Promise<void> {
  const { a, b, close, firstDepartment } = await twoProcesses(dataDir);
  const streams: OpenStream[] = [];
  try {
    const admin = await loginAsAdmin(a.port);
    const operator = await loginAs(b.port, 'operator@demo.test');
    const baseA = `http://localhost:${a.port}/api`;
    const made = await fetch(`${baseA}/jobs/create`, {
      method: 'POST',
      headers: { cookie: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ de_id: firstDepartment, job_desc: 'Event bench' }),
    });
    const jobId = ((await made.json()) as { jobs: { data: { job_id: number } } }).jobs.data.job_id;
    for (let i = 0; i < STREAMS; i++) streams.push(await openStream(`http://localhost:${b.port}`, 'localhost', operator));
    const latencies: number[] = [];
    for (let save = 0; save < SAVES; save++) {
      const seen = streams.map((s) => s.events.length);
      const sent = Date.now();
      const res = await fetch(`${baseA}/jobs/${jobId}`, {
        method: 'PATCH',
        headers: { cookie: admin, 'content-type': 'application/json' },
        body: JSON.stringify({ job_desc: `Event bench ${save}` }),
      });
      if (res.status !== 200) throw new Error(`save ${save}: ${res.status} ${await res.text()}`);
      await Promise.all(
        streams.map((s, i) =>
          s.next((e) => e.name === 'job' && e.data.jobId === jobId && s.events.indexOf(e) >= seen[i], 10_000).then(() => latencies.push(Date.now() - sent)),
        ),
      );
    }
    latencies.sort((x, y) => x - y);
    console.log(`\nevents: ${STREAMS} streams on B, ${SAVES} job saves through A (${latencies.length} deliveries)`);
    console.log('| p50 ms | p99 ms | max ms | goal p99 |');
    console.log('|---:|---:|---:|---:|');
    console.log(`| ${percentile(latencies, 50)} | ${percentile(latencies, 99)} | ${latencies[latencies.length - 1]} | < 2000 |`);
    console.log(`peak RSS of B with ${STREAMS} streams: ${b.peakRssMiB().toFixed(1)} MiB`);
  } finally {
    for (const s of streams) s.close();
    await close();
  }
}
