/**
 * The local provider server: one loopback port standing in for Xero, Google and Microsoft Graph (and, through `auth`,
 * the providers' authorization servers). A request goes to the auth server first, then the Xero
 * and Google gates, then the control API; anything else is 404. See README.md for the URL layout
 * and the knobs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { movableClock } from './clock';
import { contractsDir } from './contracts';
import { createControlApi } from './controlApi';
import { send } from './http';
import type { AuthServer, Clock } from './types';
import { createGoogle, loadGoogleContracts, warmGoogleContracts, type GoogleKnobs } from './google';
import { createMicrosoft, loadGraphContract, warmGraphContract, type MicrosoftFake, type MicrosoftKnobs } from './microsoft';
import { loadGraphMailContracts, type GraphMailContracts } from './microsoft/mailContracts';
import type { GraphMailKnobs } from './microsoft/mailRoutes';
import { mountGraphMail, sandboxMailControl } from './microsoft/sandboxMail';
import { createXero, loadXeroContracts, warmXeroContracts, type Violation, type XeroKnobs } from './xero';

export interface ProviderServerOptions {
  /** 0 (the default) takes a free port. */
  port?: number;
  host?: string;
  /** The time the fakes run on (default the wall clock); POST /_control/clock moves it further. */
  clock?: Clock;
  /** The authorization server (providers/oauth/); without it, Xero accepts the tokens of `xero.allowToken`. */
  auth?: AuthServer;
  /**
   * Compile every served operation's validator before answering (about 8 s): for a global setup,
   * so no test pays a first call's compile. Off by default (the fake's own tests, quick starts).
   */
  warm?: boolean;
}

export interface ProviderServer {
  /** `http://127.0.0.1:<port>`: pass it to `sandboxEnvironment()` (server/integrations/providerConfig.ts). */
  url: string;
  /** False when ../shared/contracts was not found: requests are then served without a contract check. */
  validating: boolean;
  /** Contract violations seen so far (also GET/DELETE /_control/violations); tests assert it stays empty. */
  violations: Violation[];
  xero: XeroKnobs;
  google: GoogleKnobs;
  microsoft: MicrosoftKnobs;
  /** The fake Graph itself: its state and routes, for `registerMicrosoftMailRoutes(providers.graph, …)`. */
  graph: MicrosoftFake;
  /** The fake Graph's mail (folders, messages, delta, sendMail) of the same mailboxes (microsoft/sandboxMail.ts). */
  graphMail: GraphMailKnobs;
  /** The server's clock: `now()` and `advance(ms)`. */
  clock: { now: Clock; advance(ms: number): void };
  close(): Promise<void>;
}

/** Compiles the mail slices' request validators up front (see warmXeroContracts). */
function warmGraphMailContracts(c: GraphMailContracts): void {
  for (const api of Object.values(c)) for (const op of api.getOperations()) if (op.operationId) api.validator.getRequestValidatorsForOperation(op.operationId);
}

export async function startProviderServer(opts: ProviderServerOptions = {}): Promise<ProviderServer> {
  const clock = movableClock(opts.clock);
  const violations: Violation[] = [];
  const dir = contractsDir();
  if (!dir) console.warn('provider server: ../shared/contracts not found, serving without contract validation');
  const [contracts, googleContracts, graphContract, graphMailContracts] = dir
    ? await Promise.all([loadXeroContracts(dir), loadGoogleContracts(dir), loadGraphContract(dir), loadGraphMailContracts(dir)])
    : [null, null, null, null];
  if (contracts && opts.warm) warmXeroContracts(contracts);
  if (googleContracts && opts.warm) warmGoogleContracts(googleContracts);
  if (graphContract && opts.warm) warmGraphContract(graphContract);
  if (graphMailContracts && opts.warm) warmGraphMailContracts(graphMailContracts);
  let url = '';
  const xero = createXero({ now: clock.now, baseUrl: () => url, contracts, violations, auth: opts.auth });
  const google = createGoogle({ now: clock.now, baseUrl: () => url, contracts: googleContracts, violations, auth: opts.auth });
  const graph = createMicrosoft({ now: clock.now, baseUrl: () => url, contract: graphContract, violations, auth: opts.auth });
  // The mail paths of the same mailboxes, answered before the base gate (which serves the user itself).
  const graphMail = mountGraphMail(graph, { contracts: graphMailContracts, violations, baseUrl: () => url, now: clock.now });
  const control = createControlApi({
    clock,
    violations,
    xero: xero.knobs,
    google: google.knobs,
    microsoft: graph.knobs,
    microsoftMail: sandboxMailControl(graph, graphMail.knobs),
  });

  const server = http.createServer((req, res) => {
    void (async () => {
      try {
        if (opts.auth && (await opts.auth.handle(req, res))) return;
        if (await xero.handle(req, res)) return;
        if (await google.handle(req, res)) return;
        if (await graphMail.handle(req, res)) return;
        if (await graph.handle(req, res)) return;
        if (await control(req, res)) return;
        send(res, { status: 404, body: { error: `nothing here: ${req.method} ${req.url}` } });
      } catch (err) {
        console.error('provider server:', err);
        if (!res.headersSent) send(res, { status: 500, body: { error: err instanceof Error ? err.message : String(err) } });
        else res.destroy();
      }
    })();
  });
  // Compiling a large contract validator blocks the event loop for seconds; with Node's 5 s idle
  // timeout a kept-alive socket could then be closed just as a client sends on it (ECONNRESET). A
  // long idle timeout leaves closing idle sockets to the client, which knows when it reuses one.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;

  return {
    url,
    validating: contracts !== null,
    violations,
    xero: xero.knobs,
    google: google.knobs,
    microsoft: graph.knobs,
    graph,
    graphMail: graphMail.knobs,
    clock: { now: clock.now, advance: clock.advance },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
