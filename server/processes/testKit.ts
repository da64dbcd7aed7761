/**
 * Real server processes on the test database (server/start.ts, as `npm start` runs it): API
 * processes and a worker, each on its own pool, cache and listener, talked to over HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { inject } from 'vitest';
import { sha256Hex } from '../auth/password';
import { freePort } from '../net/freePort';
import { DEMO_PASSWORD } from '../seed/people';

export interface ServerProcess {
  /** http://127.0.0.1:<port>; empty for a worker. */
  base: string;
  output: () => string;
  /** False once the process has ended (by itself or by `stop`/`crash`). */
  alive: () => boolean;
  stop: () => Promise<void>;
  /** kill -9: no shutdown of its own, as a machine or the OOM killer ends it. */
  crash: () => Promise<void>;
}

/** Starts server/start.ts; resolves once it says it is ready. */
export async function startProcess(env: Record<string, string>): Promise<ServerProcess> {
  const worker = env.ROLE === 'worker';
  const port = worker ? 0 : await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: inject('databaseUrl'),
      DATABASE_LISTEN_URL: inject('listenUrl'),
      PORT: String(port),
      HOST: '127.0.0.1',
      SKIP_BUILD: '1',
      REPORT_CHECK_INTERVAL_S: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/Listening on|Worker ready/.test(output)) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  let running = true;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running = false;
      resolve();
    }),
  );
  const end = async (signal: NodeJS.Signals) => {
    if (running) child.kill(signal);
    await exited;
  };
  return {
    base: worker ? '' : `http://127.0.0.1:${port}`,
    output: () => output,
    alive: () => running,
    stop: () => end('SIGTERM'),
    crash: () => end('SIGKILL'),
  };
}

export interface HttpAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  setCookie: string[];
}

export function httpCall(base: string, c: { method?: string; url: string; host: string; cookie?: string; body?: unknown }): Promise<HttpAnswer> {
  const payload = c.body === undefined ? undefined : JSON.stringify(c.body);
  const headers: Record<string, string> = { host: c.host };
  if (payload) headers['content-type'] = 'application/json';
  if (c.cookie) headers.cookie = c.cookie;
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${c.url}`, { method: c.method ?? 'GET', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let json: unknown = null;
        try {
          json = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        const raw = res.headers['set-cookie'];
        resolve({ status: res.statusCode ?? 0, json, setCookie: Array.isArray(raw) ? raw : [] });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export async function httpLogin(base: string, host: string, email: string): Promise<string> {
  const res = await httpCall(base, { method: 'POST', url: '/api/auth/login', host, body: { email, password: sha256Hex(DEMO_PASSWORD) } });
  const sid = res.setCookie.find((c) => c.startsWith('sid='));
  if (res.status !== 200 || !sid) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.json)}`);
  return sid.split(';')[0];
}
