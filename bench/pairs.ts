/** A section's list cases, each beside the hand-written baseline that runs the same SQL (rawServer.ts). */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadPair, type LoadOptions, type LoadResult } from './load';
import type { RawQuery } from './rawQuery';
import { SERVER_NODE, serverNodeEnv } from './runtime';
import { freePort } from './serverProcess';

/** The embedded database of a bench data folder, for the baseline server. */
function embeddedUrl(dataDir: string): string {
  const conn = JSON.parse(readFileSync(path.join(dataDir, 'pg-connection.json'), 'utf8')) as { port: number; password: string };
  return `postgres://postgres:${encodeURIComponent(conn.password)}@127.0.0.1:${conn.port}/postgres`;
}

async function startRaw(dbUrl: string, queries: Record<string, RawQuery>) {
  const port = await freePort();
  const child = spawn(SERVER_NODE, ['--import', 'tsx', 'bench/rawServer.ts'], {
    env: { ...process.env, ...serverNodeEnv(), RAW_PORT: String(port), RAW_DB_URL: dbUrl, RAW_QUERIES: JSON.stringify(queries) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`raw server exited ${code}`)));
  });
  return { port, stop: () => new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))) };
}

export interface PairCase {
  /** The baseline's path: the key of the case's query in `queries`. */
  key: string;
  name: string;
  /** Our server's request. */
  ours: LoadOptions;
  /** The filter body the baseline gets (ours carries it too, unless it is a GET). */
  body: string;
}

export async function runPairs(dataDir: string, queries: Record<string, RawQuery>, cases: readonly PairCase[], seconds: number): Promise<LoadResult[]> {
  const raw = await startRaw(embeddedUrl(dataDir), queries);
  const rows: LoadResult[] = [];
  try {
    for (const c of cases) {
      const baseline: LoadOptions = {
        url: `http://127.0.0.1:${raw.port}/${c.key}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: c.body,
        seconds,
      };
      rows.push(
        ...(await loadPair({ name: c.name, opts: { ...c.ours, seconds } }, { name: `  baseline: hand-written Fastify + pg, same SQL`, opts: baseline })),
      );
    }
  } finally {
    await raw.stop();
  }
  return rows;
}
