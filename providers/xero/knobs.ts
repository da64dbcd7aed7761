/**
 * The fake Xero's knobs, called by tests directly or through the control API: tenants and their
 * connections, seeded records, tokens (without an auth server), limits, faults, state snapshots.
 */
import { seedContacts } from './contacts';
import type { FailNext, Faults, LoseAnswer } from './faults';
import { seedItems } from './items';
import { DEFAULT_LIMITS, type Limits, type RateLimiter } from './limits';
import { contactWire } from './contacts';
import { wireOf } from './records';
import type { CallEntry, Connection, Tenant, XeroState } from './state';
import type { ConsentListener } from '../types';

export interface TenantInfo {
  tenantId: string;
  name: string;
  organisationId: string;
  shortCode: string;
}

export interface TenantSnapshot extends TenantInfo {
  contacts: Record<string, unknown>[];
  items: Record<string, unknown>[];
  invoices: Record<string, unknown>[];
  quotes: Record<string, unknown>[];
  creditNotes: Record<string, unknown>[];
  calls: { total: number; perMinute: { minute: string; count: number }[]; log: CallEntry[] };
}

export interface ConnectionInfo {
  id: string;
  tenantId: string;
  subject: string;
}

export interface XeroKnobs {
  /** Accepts `token` as a bearer for `subject` (only when the server runs without an auth server). */
  allowToken(token: string, subject: string): void;
  /** A new tenant (a UK organisation with the VAT rates); with `subject`, owned by and connected to them. */
  createTenant(opts: { name: string; subject?: string }): TenantInfo;
  connect(subject: string, tenantId: string): ConnectionInfo;
  disconnect(subject: string, tenantId: string): boolean;
  seedContacts(tenantId: string, rows: Record<string, unknown>[]): Record<string, unknown>[];
  seedItems(tenantId: string, rows: Record<string, unknown>[]): Record<string, unknown>[];
  limits(partial?: Partial<Limits>): Limits;
  failNext(opts?: FailNext): void;
  loseAnswer(opts: LoseAnswer): void;
  /** Commits the next such call's writes and answers its list one element short. */
  shortAnswer(opts: LoseAnswer): void;
  /** Holds every Xero call this long before handling it (0: off). */
  latency(ms: number): void;
  /** Clears failNext, loseAnswer, shortAnswer and latency, and puts the limits back to Xero's. */
  clearFaults(): void;
  state(tenantId: string): TenantSnapshot;
  /** Empties a tenant's records, numbering, call log, idempotency memory and rate windows. */
  resetTenant(tenantId: string): TenantInfo;
  /**
   * For the authorization server's consent: connects the tenants made for the subject, or makes
   * them one ("Demo Company (UK)") when they have none, as a Xero user picks an organisation.
   */
  onConsent: ConsentListener;
}

export class UnknownTenant extends Error {
  constructor(readonly tenantId: string) {
    super(`unknown tenant ${tenantId}`);
  }
}

const info = (t: Tenant): TenantInfo => ({ tenantId: t.tenantId, name: t.name, organisationId: t.organisationId, shortCode: t.shortCode });
const connectionInfo = (subject: string, c: Connection): ConnectionInfo => ({ id: c.id, tenantId: c.tenantId, subject });

export function createKnobs(deps: {
  state: XeroState;
  limiter: RateLimiter;
  faults: Faults;
  now: () => number;
  allowedTokens: Map<string, string>;
}): XeroKnobs {
  const { state, limiter, faults, now } = deps;
  const tenant = (id: string): Tenant => {
    const t = state.tenants.get(id.toLowerCase());
    if (!t) throw new UnknownTenant(id);
    return t;
  };
  return {
    allowToken: (token, subject) => void deps.allowedTokens.set(token, subject),
    createTenant: ({ name, subject }) => {
      const t = state.createTenant(name, subject);
      if (subject !== undefined) state.connect(subject, t.tenantId);
      return info(t);
    },
    connect: (subject, tenantId) => connectionInfo(subject, state.connect(subject, tenant(tenantId).tenantId)),
    disconnect: (subject, tenantId) => state.disconnect(subject, { tenantId: tenantId.toLowerCase() }),
    seedContacts: (tenantId, rows) => seedContacts(tenant(tenantId).contacts, rows, now()),
    seedItems: (tenantId, rows) => seedItems(tenant(tenantId).items, rows, now()),
    limits: (partial = {}) => limiter.set(partial),
    failNext: (opts = {}) => faults.failNext(opts),
    loseAnswer: (opts) => faults.loseAnswer(opts),
    shortAnswer: (opts) => faults.shortAnswer(opts),
    latency: (ms) => {
      faults.latencyMs = ms;
    },
    clearFaults: () => {
      faults.clear();
      limiter.set(DEFAULT_LIMITS);
    },
    state: (tenantId) => snapshot(tenant(tenantId)),
    resetTenant: (tenantId) => {
      const t = tenant(tenantId);
      limiter.forget(t.tenantId);
      return info(state.resetTenant(t.tenantId) ?? t);
    },
    onConsent: (grant) => {
      if (grant.provider !== 'xero') return;
      const owned = [...(state.owners.get(grant.subject) ?? [])].filter((id) => state.tenants.has(id));
      if (owned.length === 0) owned.push(state.createTenant('Demo Company (UK)', grant.subject).tenantId);
      for (const id of owned) state.connect(grant.subject, id);
    },
  };
}

function snapshot(t: Tenant): TenantSnapshot {
  const perMinute = new Map<string, number>();
  for (const c of t.calls) {
    const minute = new Date(Math.floor(c.at / 60_000) * 60_000).toISOString();
    perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
  }
  return {
    ...info(t),
    contacts: [...t.contacts.values()].map(contactWire),
    items: [...t.items.values()].map(wireOf),
    invoices: [...t.invoices.values()].map(wireOf),
    quotes: [...t.quotes.values()].map(wireOf),
    creditNotes: [...t.creditNotes.values()].map(wireOf),
    calls: { total: t.calls.length, perMinute: [...perMinute].map(([minute, count]) => ({ minute, count })), log: [...t.calls] },
  };
}
