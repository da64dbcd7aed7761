/** Starts `server/start.ts` as a child process on a data folder and watches its memory. */
import { SERVER_NODE, serverNodeEnv } from './runtime';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { freePort } from '../server/net/freePort';

export { freePort };

/** Resident memory of a process in MiB, from /proc (Linux). */
function rssMiB(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : 0;
  } catch {
    return 0;
  }
}

export interface RunningServer {
  port: number;
  /** Milliseconds from spawn until the API answered. */
  readyMs: number;
  peakRssMiB: () => number;
  stop: () => Promise<void>;
}

/** `nodeArgs`: Node options for this server only (after BENCH_SERVER_ARGS); `env`: its own settings (e.g. S3_*). */
export async function startServer(dataDir: string, nodeArgs: string[] = [], env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const started = Date.now();
  // `node --import tsx` keeps the server in this one process, so its memory is what we sample.
  // BENCH_SERVER_ARGS adds Node options for profiling (e.g. '--trace-gc', seen with BENCH_LOG_LEVEL=warn).
  const child: ChildProcess = spawn(
    SERVER_NODE,
    [...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean), ...nodeArgs, '--import', 'tsx', 'server/start.ts'],
    {
      env: {
        ...process.env,
        ...serverNodeEnv(),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SKIP_BUILD: '1',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
        // The bench's 100,000 bulk users and jobs would make the overdue-report check announce to tens of
        // thousands of operators while the lists are measured; it is not what these numbers are about.
        REPORT_CHECK_INTERVAL_S: '0',
        ...env,
      },
      stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'inherit' : 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(child.pid!))), 100);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start:\n${output}`);
    const ok = await fetch(`http://localhost:${port}/api/brandsiteconfig`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server not ready in 300 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyMs = Date.now() - started;
  return {
    port,
    readyMs,
    peakRssMiB: () => Math.max(peak, rssMiB(child.pid!)),
    stop: async () => {
      clearInterval(sampler);
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Logs a demo user in (every demo user's password is demo1234) on a running server; the `sid=...` cookie to send back. */
export async function loginAs(port: number, email: string): Promise<string> {
  const res = await fetch(`http://localhost:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: createHash('sha256').update('demo1234').digest('hex') }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** Logs the demo brand's admin in on a running server. */
export const loginAsAdmin = (port: number): Promise<string> => loginAs(port, 'admin@demo.test');
