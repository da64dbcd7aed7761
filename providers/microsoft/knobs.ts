/**
 * The fake Graph's knobs, called by tests directly or through the control API: mailboxes, throttling
 * (429 with `Retry-After`), the in-flight limit per mailbox, failNext and latency, tokens (without an
 * auth server), and a snapshot of a mailbox. Token rotation and revocation are the authorization
 * server's (providers/oauth/: Microsoft's profile rotates every refresh token and keeps the old
 * one valid; `auth.revoke(refreshToken)` or its `revoke` endpoint ends a consent).
 */
import type { ConsentListener } from '../types';
import type { FailNext, Faults } from '../xero/faults';
import type { GraphThrottle } from './gate';
import type { GraphCall, GraphMailbox, MicrosoftState } from './state';

export interface MicrosoftMailboxInfo {
  id: string;
  tenantId: string;
  subject: string;
  mail: string;
  displayName: string;
}

export interface MicrosoftSnapshot extends MicrosoftMailboxInfo {
  calls: GraphCall[];
}

export interface MicrosoftKnobs {
  /** Accepts `token` as a bearer for `subject` (only when the server runs without an auth server). */
  allowToken(token: string, subject: string): void;
  /** The subject's mailbox itself (made, and seeded by the mail routes, when new). */
  mailbox(subject: string): GraphMailbox;
  /** The subject's mailbox (made when new). */
  createMailbox(opts: { subject: string; mail?: string; displayName?: string }): MicrosoftMailboxInfo;
  /** The next `count` calls (of `operationId`, or any) answer 429 with `Retry-After: retryAfterS`. */
  throttle(opts?: { count?: number; retryAfterS?: number; operationId?: string }): void;
  /** Calls in flight per mailbox before the next is throttled (Outlook: 4). */
  setConcurrency(n: number): void;
  failNext(opts?: FailNext): void;
  /** Holds every call this long before it is handled (to have calls in flight together). */
  latency(ms: number): void;
  clearFaults(): void;
  /** The subject's mailbox and its calls; null when it has none. */
  state(subject: string): MicrosoftSnapshot | null;
  /** For the authorization server's consent: a new subject gets a mailbox. */
  onConsent: ConsentListener;
}

const info = (b: GraphMailbox): MicrosoftMailboxInfo => ({ id: b.id, tenantId: b.tenantId, subject: b.subject, mail: b.mail, displayName: b.displayName });

export const GRAPH_CONCURRENCY = 4;

export function createMicrosoftKnobs(deps: {
  state: MicrosoftState;
  faults: Faults;
  throttles: GraphThrottle[];
  limits: { concurrency: number };
  allowedTokens: Map<string, string>;
  onMailbox: (box: GraphMailbox) => void;
}): MicrosoftKnobs {
  const { state, faults } = deps;
  const make = (subject: string, opts: { mail?: string; displayName?: string } = {}) => {
    const fresh = !state.find(subject);
    const box = state.mailbox(subject, opts);
    if (fresh) deps.onMailbox(box);
    return box;
  };
  return {
    allowToken: (token, subject) => void deps.allowedTokens.set(token, subject),
    mailbox: (subject) => make(subject),
    createMailbox: ({ subject, mail, displayName }) => info(make(subject, { mail, displayName })),
    throttle: ({ count = 1, retryAfterS = 1, operationId } = {}) => void deps.throttles.push({ remaining: count, retryAfterS, operationId }),
    setConcurrency: (n) => void (deps.limits.concurrency = n),
    failNext: (opts = {}) => faults.failNext(opts),
    latency: (ms) => void (faults.latencyMs = ms),
    clearFaults: () => {
      faults.clear();
      deps.throttles.splice(0);
      deps.limits.concurrency = GRAPH_CONCURRENCY;
    },
    state: (subject) => {
      const box = state.find(subject);
      return box ? { ...info(box), calls: [...box.calls] } : null;
    },
    onConsent: (grant) => {
      if (grant.provider === 'microsoft') make(grant.subject);
    },
  };
}
