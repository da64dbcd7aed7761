/**
 * Slow clients cannot hold the server: over real HTTP, unfinished request bodies and unfinished
 * headers are cut off after the configured limits (they stayed open forever: Fastify turns Node's
 * request timeout off by default). The defaults and the environment settings are checked too.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { DEMO_HOST, useTestApp } from '../test/helpers';
import { DEFAULT_TIMEOUTS, timeoutsFromEnv } from './timeouts';

const t = useTestApp();

/**
 * Opens a connection, writes `data`, and resolves with what the server sent and whether the server
 * closed it before the client gave up at `giveUpMs` (a bound for a loaded machine, not a speed).
 */
function stall(port: number, data: string, giveUpMs: number): Promise<{ closedByServer: boolean; received: string }> {
  return new Promise((resolve) => {
    let received = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(data));
    socket.on('data', (d) => (received += d.toString()));
    socket.on('error', () => undefined);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ closedByServer: false, received });
    }, giveUpMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ closedByServer: true, received });
    });
  });
}

describe('request and connection timeouts', () => {
  it('are on by default (Fastify leaves them off)', async () => {
    expect(t.app.server.requestTimeout).toBe(DEFAULT_TIMEOUTS.requestMs);
    expect(t.app.server.headersTimeout).toBe(DEFAULT_TIMEOUTS.headersMs);
    expect(t.app.server.timeout).toBe(DEFAULT_TIMEOUTS.connectionMs);
    expect(t.app.server.keepAliveTimeout).toBe(DEFAULT_TIMEOUTS.keepAliveMs);
  });

  it('are read from the environment in seconds', () => {
    expect(timeoutsFromEnv({ REQUEST_TIMEOUT_S: '45', HEADERS_TIMEOUT_S: '10', CONNECTION_TIMEOUT_S: '0', KEEP_ALIVE_TIMEOUT_S: '5.5' })).toEqual({
      requestMs: 45_000,
      headersMs: 10_000,
      connectionMs: 0,
      keepAliveMs: 5_500,
    });
    expect(timeoutsFromEnv({})).toEqual(DEFAULT_TIMEOUTS);
    expect(() => timeoutsFromEnv({ REQUEST_TIMEOUT_S: 'soon' })).toThrow(/REQUEST_TIMEOUT_S/);
  });

  it('close connections whose body or headers never finish, many at once, and keep serving', async () => {
    const app = await buildApp({
      db: t.db,
      brandCacheMs: 0,
      distDir: '/nonexistent-dist',
      timeouts: { requestMs: 1500, headersMs: 1000, connectionMs: 3000, keepAliveMs: 1000 },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = app.server.address() as net.AddressInfo;
      const body = `POST /api/auth/login HTTP/1.1\r\nHost: ${DEMO_HOST}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`;
      const headers = `GET /api/auth/whoami HTTP/1.1\r\nHost: ${DEMO_HOST}\r\nX-Slow: `;
      const results = await Promise.all([
        ...Array.from({ length: 30 }, () => stall(port, body, 25_000)),
        ...Array.from({ length: 10 }, () => stall(port, headers, 25_000)),
      ]);
      expect(results.filter((r) => !r.closedByServer)).toEqual([]);
      expect(results[0].received).toMatch(/^HTTP\/1\.1 408/);
      const ok = await fetch(`http://127.0.0.1:${port}/api/auth/whoami`, { headers: { host: DEMO_HOST } });
      expect(ok.status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
