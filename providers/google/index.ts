/** The fake Google: Drive v3, Tasks v1 and userinfo behind one gate, with its state, faults and knobs. */
import type { AuthServer } from '../types';
import { Faults } from '../xero/faults';
import type { Violation } from '../xero/gate';
import { type GoogleContracts } from './contracts';
import { createGoogleGate } from './gate';
import { createGoogleKnobs, type GoogleKnobs } from './knobs';
import { ROUTES } from './routes';
import { GoogleState } from './state';

export { loadGoogleContracts, type GoogleContracts } from './contracts';
export type { GoogleKnobs, GoogleAccountInfo, GoogleSnapshot, RemoteTaskEdit } from './knobs';

/** Compiles the request validators of every served operation up front (see warmXeroContracts). */
export function warmGoogleContracts(contracts: GoogleContracts): void {
  for (const route of ROUTES) contracts[route.api].validator.getRequestValidatorsForOperation(route.operationId);
}

export function createGoogle(opts: {
  now: () => number;
  baseUrl: () => string;
  contracts: GoogleContracts | null;
  violations: Violation[];
  auth?: AuthServer;
}): {
  handle: ReturnType<typeof createGoogleGate>['handle'];
  knobs: GoogleKnobs;
} {
  const state = new GoogleState(opts.now);
  const faults = new Faults();
  const allowedTokens = new Map<string, string>();
  const gate = createGoogleGate({ ...opts, state, faults, allowedTokens });
  return { handle: gate.handle, knobs: createGoogleKnobs({ state, faults, baseUrl: opts.baseUrl, allowedTokens }) };
}
