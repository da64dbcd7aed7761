/** The fake Xero: its state, limits and faults, the gate that serves /xero, and the knobs. */
import path from 'node:path';
import { loadContract } from '../contracts';
import type { AuthServer } from '../types';
import { Faults } from './faults';
import { createXeroGate, type Violation, type XeroContracts } from './gate';
import { createKnobs, type XeroKnobs } from './knobs';
import { RateLimiter } from './limits';
import { ROUTES } from './routes';
import { XeroState } from './state';

export type { Violation, XeroContracts } from './gate';
export type { XeroKnobs, TenantInfo, TenantSnapshot, ConnectionInfo } from './knobs';

/** Both Xero contracts, routed where the server serves them (see providerConfig's sandboxEnvironment). */
export async function loadXeroContracts(contractsDir: string): Promise<XeroContracts> {
  const [identity, accounting] = await Promise.all([
    loadContract(path.join(contractsDir, 'xero', 'xero-identity.yaml'), '/xero'),
    loadContract(path.join(contractsDir, 'xero', 'xero_accounting.yaml'), '/xero/api.xro/2.0'),
  ]);
  return { identity, accounting };
}

/**
 * Compiles the request validators of every operation the fake serves (about 8 s on two cores; the
 * document schemas are the big ones). Lazily, each is compiled by its first call, blocking the server
 * for up to a second and a half in the middle of a test; a global setup pays it once up front instead.
 */
export function warmXeroContracts(contracts: XeroContracts): void {
  for (const route of ROUTES) (route.identity ? contracts.identity : contracts.accounting).validator.getRequestValidatorsForOperation(route.operationId);
}

export function createXero(opts: { now: () => number; baseUrl: () => string; contracts: XeroContracts | null; violations: Violation[]; auth?: AuthServer }): {
  handle: ReturnType<typeof createXeroGate>['handle'];
  knobs: XeroKnobs;
} {
  const state = new XeroState(opts.now);
  const limiter = new RateLimiter(opts.now);
  const faults = new Faults();
  const allowedTokens = new Map<string, string>();
  const gate = createXeroGate({ ...opts, state, limiter, faults, allowedTokens });
  return { handle: gate.handle, knobs: createKnobs({ state, limiter, faults, now: opts.now, allowedTokens }) };
}
