/**
 * The authorization server alone on a loopback port, for tests that need nothing else of the local
 * provider server (the full server, with the API fakes, is providers/server.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthServer } from '../types';

export interface Listening {
  base: string;
  close(): Promise<void>;
}

export async function listenAuthServer(auth: AuthServer, port = 0): Promise<Listening> {
  const server = http.createServer((req, res) => {
    auth.handle(req, res).then(
      (handled) => {
        if (!handled) res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not_found"}');
      },
      (error: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
