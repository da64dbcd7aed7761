/** One autocannon run: 50 connections against one request, summarised as rps, p50 and p99. */
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  statuses: string;
}

export type LoadOptions = { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; seconds?: number };

/** 50 connections sending one request over and over for `seconds`. */
const hammer = (opts: LoadOptions, seconds: number) =>
  autocannon({ url: opts.url, method: opts.method ?? 'GET', headers: opts.headers, body: opts.body, connections: 50, duration: seconds });

/**
 * Seconds of load before a case is measured (BENCH_WARMUP_SECONDS, default 3), for ours and the
 * baseline alike: the numbers are of a server that has run this request before (compiled code,
 * open pool connections, cached plans and pages), not of its first second, where the p99 of a
 * ten-second run otherwise comes from.
 */
export const WARMUP_SECONDS = Math.max(0, Number(process.env.BENCH_WARMUP_SECONDS ?? 3) || 0);

export async function load(name: string, opts: LoadOptions): Promise<LoadResult> {
  // One plain request first: a benchmark of error answers would measure the wrong thing.
  const probe = await fetch(opts.url, { method: opts.method ?? 'GET', headers: opts.headers, body: opts.body });
  if (!probe.ok) throw new Error(`${name}: ${probe.status} ${await probe.text()}`);
  const result = await hammer(opts, opts.seconds ?? 10);
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    statuses: Object.entries(result.statusCodeStats ?? {})
      .map(([code, s]) => `${code}×${s.count}`)
      .join(' '),
  };
}

/** Rounds of each case for ours and its baseline (BENCH_ROUNDS, default 2). */
export const PAIR_ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2) || 1);

/**
 * Ours and the hand-written baseline taking turns PAIR_ROUNDS times; the best round of each counts
 * (as in the mail bench), so a busy moment of the machine does not decide the comparison.
 */
export async function loadPair(ours: { name: string; opts: LoadOptions }, baseline: { name: string; opts: LoadOptions }): Promise<LoadResult[]> {
  const best: (LoadResult | null)[] = [null, null];
  if (WARMUP_SECONDS) for (const run of [ours, baseline]) await hammer(run.opts, WARMUP_SECONDS);
  for (let round = 0; round < PAIR_ROUNDS; round++) {
    for (const [i, run] of [ours, baseline].entries()) {
      const result = await load(run.name, run.opts);
      if (!best[i] || result.rps > best[i]!.rps) best[i] = result;
    }
  }
  return best as LoadResult[];
}

export function printTable(rows: LoadResult[]): void {
  console.log('\n| endpoint | req/s | p50 ms | p99 ms | errors | non-2xx | statuses |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.statuses} |`);
}
