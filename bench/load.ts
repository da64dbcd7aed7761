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

export async function load(
  name: string,
  opts: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; seconds?: number },
): Promise<LoadResult> {
  // One plain request first: a benchmark of error answers would measure the wrong thing.
  const probe = await fetch(opts.url, { method: opts.method ?? 'GET', headers: opts.headers, body: opts.body });
  if (!probe.ok) throw new Error(`${name}: ${probe.status} ${await probe.text()}`);
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    connections: 50,
    duration: opts.seconds ?? 10,
  });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    statuses: Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => `${code}×${s.count}`).join(' '),
  };
}

export function printTable(rows: LoadResult[]): void {
  console.log('\n| endpoint | req/s | p50 ms | p99 ms | errors | non-2xx | statuses |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.statuses} |`);
}
