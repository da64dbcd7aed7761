/**
 * The fake Microsoft Graph: the mailbox's slice of Graph v1.0 behind one gate (./gate.ts), with
 * its state (./state.ts: mailboxes by user id), faults and knobs. The user itself (`GET /me`,
 * `GET /users/{id}`) is served here; the mail operations (folders, messages, delta, sendMail) are
 * mounted with `registerMicrosoftMailRoutes`, and may keep their state on each mailbox's `mailState`.
 */
import type { OpenAPIBackend } from 'openapi-backend';
import type { AuthServer } from '../types';
import { Faults } from '../xero/faults';
import type { Violation } from '../xero/gate';
import { GraphRoutes, type GraphRoute } from './context';
import { createMicrosoftGate, type GraphThrottle } from './gate';
import { createMicrosoftKnobs, GRAPH_CONCURRENCY, type MicrosoftKnobs } from './knobs';
import { MicrosoftState, type GraphMailbox } from './state';
import { userWire } from './wire';

export { loadGraphContract, graphDocument, GRAPH_ROOT } from './contracts';
export type { GraphCall as GraphHandlerCall, GraphHandler, GraphRoute } from './context';
export type { MicrosoftKnobs, MicrosoftMailboxInfo, MicrosoftSnapshot } from './knobs';
export { MicrosoftState, SANDBOX_TENANT, type GraphMailbox } from './state';
export { graphError, throttled } from './wire';

/** The routes of the user itself (Users.yml `user_GetUser`). */
const USER_ROUTES: GraphRoute[] = [
  { method: 'GET', template: '', operationId: 'user_GetUser', handler: (call) => ({ status: 200, body: userWire(call.mailbox) }) },
];

export interface MicrosoftFake {
  handle: ReturnType<typeof createMicrosoftGate>['handle'];
  /** The mailbox a bearer token opens (made when new), or null when the token is not a valid one. */
  mailboxOfToken: (token: string) => GraphMailbox | null;
  knobs: MicrosoftKnobs;
  state: MicrosoftState;
  routes: GraphRoutes;
  /** Called with every new mailbox (the mail routes seed its folders and messages). */
  onMailbox: ((box: GraphMailbox) => void)[];
}

/** Compiles the request validators of every served operation up front (see warmXeroContracts). */
export function warmGraphContract(contract: OpenAPIBackend): void {
  for (const id of ['user_GetUser', 'me.user_GetUser']) contract.validator.getRequestValidatorsForOperation(id);
}

export function createMicrosoft(opts: {
  now: () => number;
  baseUrl: () => string;
  contract: OpenAPIBackend | null;
  violations: Violation[];
  auth?: AuthServer;
}): MicrosoftFake {
  const state = new MicrosoftState(opts.now);
  const faults = new Faults();
  const routes = new GraphRoutes();
  routes.add(USER_ROUTES);
  const allowedTokens = new Map<string, string>();
  const throttles: GraphThrottle[] = [];
  const limits = { concurrency: GRAPH_CONCURRENCY };
  const onMailbox: ((box: GraphMailbox) => void)[] = [];
  const knobs = createMicrosoftKnobs({ state, faults, throttles, limits, allowedTokens, onMailbox: (box) => onMailbox.forEach((f) => f(box)) });
  const gate = createMicrosoftGate({ ...opts, state, faults, routes, allowedTokens, throttles, limits, mailboxOf: knobs.mailbox });
  return { handle: gate.handle, mailboxOfToken: gate.mailboxOfToken, knobs, state, routes, onMailbox };
}

/**
 * Mounts the mail operations on the fake: each route names its contract operation of the
 * `/users/{user-id}` slice and a template relative to the user (see ./context.ts); `seed`, when
 * given, fills every new mailbox (and those already made) with its folders and messages.
 */
export function registerMicrosoftMailRoutes(
  fake: Pick<MicrosoftFake, 'routes' | 'state' | 'onMailbox'>,
  routes: GraphRoute[],
  seed?: (box: GraphMailbox) => void,
): void {
  fake.routes.add(routes);
  if (!seed) return;
  for (const box of Object.values(fake.state.mailboxes)) seed(box);
  fake.onMailbox.push(seed);
}
