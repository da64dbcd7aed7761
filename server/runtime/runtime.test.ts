/** The product runs on the Node.js line it brings, and says so when it starts. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../net/freePort';
import { assertSupportedRuntime, RUNTIME_MAJOR, runtimeMajor } from './runtime';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string>; engines: { node: string } };

describe('runtime', () => {
  it('runs the tests on the chosen Node.js line or newer, never an end-of-life one', () => {
    expect(runtimeMajor()).toBeGreaterThanOrEqual(RUNTIME_MAJOR);
  });

  it('brings that line as a dependency and asks for it in engines', () => {
    expect(runtimeMajor(pkg.dependencies.node.replace(/^[\^~]/, ''))).toBe(RUNTIME_MAJOR);
    expect(pkg.engines.node).toBe(`>=${RUNTIME_MAJOR}`);
  });

  it('refuses an older line with a message that says how to start', () => {
    expect(() => assertSupportedRuntime('20.20.2', {})).toThrow(/older than the 24 line.*npm start/);
    expect(() => assertSupportedRuntime(`${RUNTIME_MAJOR}.0.0`, {})).not.toThrow();
    // Only the bench's comparison of runtime lines starts a server on the old one.
    expect(() => assertSupportedRuntime('20.20.2', { ALLOW_UNSUPPORTED_RUNTIME: '1' })).not.toThrow();
  });

  it('starts the server on the same runtime, which names its version in the start-up log line', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: inject('databaseUrl'),
        PORT: String(port),
        HOST: '127.0.0.1',
        SKIP_BUILD: '1',
        MAIL_WORKERS: '0',
        REPORT_CHECK_INTERVAL_S: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const listening = new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split('\n').find((l) => l.includes('Listening on'));
        if (line) resolve(line);
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
    });
    try {
      const line = await listening;
      expect(line).toContain(`Node.js ${process.version}`);
      const answer = await fetch(`http://127.0.0.1:${port}/api/auth/whoami`);
      expect(answer.status).toBe(200);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 90_000);
});
