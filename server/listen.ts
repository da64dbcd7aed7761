/**
 * Listening on the loopback addresses. The two demo brands are `localhost` and `127.0.0.1`.
 * Browsers may resolve `localhost` to ::1 (IPv6) even when /etc/hosts maps it to 127.0.0.1 only
 * (Chrome and Firefox treat localhost as loopback by themselves), so when HOST is a loopback
 * name or 127.0.0.1 we listen on 127.0.0.1 and, when the machine has IPv6, also on ::1 with the
 * same router. Any other HOST (e.g. 0.0.0.0 in a container) is used as given.
 */
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { httpServerOptions } from './security/timeouts';

export async function listenAll(app: FastifyInstance, host: string, port: number): Promise<string[]> {
  const loopback = host === '127.0.0.1' || host === 'localhost';
  const main = await app.listen({ host: loopback ? '127.0.0.1' : host, port });
  const addresses = [main];
  if (!loopback) return addresses;

  // The same request, header, keep-alive and idle limits as Fastify's own server (security/timeouts.ts).
  const extra = http.createServer(httpServerOptions(app.serverTimeouts), app.routing);
  extra.setTimeout(app.server.timeout);
  const bound = await new Promise<boolean>((resolve) => {
    extra.once('error', () => resolve(false)); // no IPv6 here: 127.0.0.1 alone is fine
    extra.listen(port, '::1', () => resolve(true));
  });
  if (bound) {
    addresses.push(`http://[::1]:${port}`);
    // Hooks cannot be added once listening; the main server's close is the signal to follow.
    app.server.once('close', () => {
      extra.closeAllConnections();
      extra.close();
    });
  }
  return addresses;
}
