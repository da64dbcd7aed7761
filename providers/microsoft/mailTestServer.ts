/**
 * A minimal server with only the fake Graph's mail routes, for the mail source's own tests: fixed
 * bearer tokens (token → mailbox), the contracts when ../shared/contracts is there. The full
 * provider server mounts the same `createGraphMail` behind its authorization server.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contractsDir } from '../contracts';
import { send } from '../http';
import type { Violation } from '../xero/gate';
import { GRAPH_ROOT, loadGraphMailContracts, type GraphMailContracts } from './mailContracts';
import { createGraphMail, type GraphMailKnobs } from './mailRoutes';

export interface GraphMailTestServer {
  /** Graph's base as the product takes it (`/v1.0` included). */
  graphUrl: string;
  knobs: GraphMailKnobs;
  violations: Violation[];
  validating: boolean;
  /** The contracts the requests are validated against (null without ../shared/contracts). */
  contracts: GraphMailContracts | null;
  /** A token that opens the mailbox `subject`. */
  allowToken(token: string, subject: string): void;
  close(): Promise<void>;
}

let cached: Promise<GraphMailContracts> | null = null;

export async function startGraphMailTestServer(): Promise<GraphMailTestServer> {
  const dir = contractsDir();
  const contracts = dir ? await (cached ??= loadGraphMailContracts(dir)) : null;
  const violations: Violation[] = [];
  const tokens = new Map<string, string>();
  let base = '';
  const mail = createGraphMail({ contracts, violations, subjectOf: (t) => tokens.get(t) ?? null, baseUrl: () => base });
  const server = createServer((req, res) => {
    mail
      .handle(req, res)
      .then((done) => {
        if (!done) send(res, { status: 404, body: { error: { code: 'NotFound', message: 'Not served by the mail test server' } } });
      })
      .catch((err: unknown) => {
        if (!res.headersSent) send(res, { status: 500, body: { error: { code: 'InternalServerError', message: String(err) } } });
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    graphUrl: `${base}${GRAPH_ROOT}`,
    knobs: mail.knobs,
    violations,
    validating: contracts !== null,
    contracts,
    allowToken: (token, subject) => void tokens.set(token, subject),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
