/**
 * What the fake Xero remembers, in memory: tenants (one organisation each, with its records) and
 * which subject (the consenting user) has which tenants connected.
 */
import { randomUUID } from 'node:crypto';
import { UK_TAX_RATES, type TaxRateRow } from './taxRates';
import type { Answer } from '../http';

/** A record as stored: its wire fields (without UpdatedDateUTC) and when it last changed. */
export interface Stored {
  id: string;
  updatedMs: number;
  data: Record<string, unknown>;
}

export interface CallEntry {
  at: number;
  method: string;
  path: string;
  operationId: string | null;
  status: number;
  /** The answer was dropped (loseAnswer) after the write was committed. */
  lost?: boolean;
}

export interface Tenant {
  tenantId: string;
  organisationId: string;
  name: string;
  shortCode: string;
  createdMs: number;
  contacts: Map<string, Stored>;
  /** Keyed by ItemID; Code is unique among them. */
  items: Map<string, Stored>;
  taxRates: TaxRateRow[];
  invoices: Map<string, Stored>;
  quotes: Map<string, Stored>;
  creditNotes: Map<string, Stored>;
  /** Last number handed out per document kind (INV-0001, QU-0001, CN-0001). */
  numbers: { invoice: number; quote: number; creditNote: number };
  calls: CallEntry[];
  /** `operationId key` → the first answer given for it. */
  idempotent: Map<string, Answer>;
}

export interface Connection {
  id: string;
  tenantId: string;
  createdMs: number;
  updatedMs: number;
}

export class XeroState {
  readonly tenants = new Map<string, Tenant>();
  /** subject → tenantId → connection. */
  readonly connections = new Map<string, Map<string, Connection>>();
  /** subject → the tenants made for them: what a fresh consent connects (the fake has no organisation picker). */
  readonly owners = new Map<string, Set<string>>();

  constructor(private readonly now: () => number) {}

  createTenant(name: string, owner?: string): Tenant {
    const tenant = blankTenant(randomUUID(), name, this.now());
    this.tenants.set(tenant.tenantId, tenant);
    if (owner !== undefined) this.owners.set(owner, (this.owners.get(owner) ?? new Set()).add(tenant.tenantId));
    return tenant;
  }

  /** Empties a tenant's records, numbering, call log and idempotency memory; keeps its id and connections. */
  resetTenant(tenantId: string): Tenant | null {
    const old = this.tenants.get(tenantId);
    if (!old) return null;
    const fresh = blankTenant(old.tenantId, old.name, old.createdMs);
    fresh.organisationId = old.organisationId;
    fresh.shortCode = old.shortCode;
    this.tenants.set(tenantId, fresh);
    return fresh;
  }

  connect(subject: string, tenantId: string): Connection {
    const bySubject = this.connections.get(subject) ?? new Map<string, Connection>();
    this.connections.set(subject, bySubject);
    const now = this.now();
    const existing = bySubject.get(tenantId);
    // Reconnecting keeps the connection's creation date and moves its update date, as Xero does.
    const connection = existing ? { ...existing, updatedMs: now } : { id: randomUUID(), tenantId, createdMs: now, updatedMs: now };
    bySubject.set(tenantId, connection);
    return connection;
  }

  /** Removes a connection by its id (DELETE /connections/{id}) or by tenant; true when one was removed. */
  disconnect(subject: string, match: { id?: string; tenantId?: string }): boolean {
    const bySubject = this.connections.get(subject);
    if (!bySubject) return false;
    for (const [tenantId, c] of bySubject) {
      if (c.id === match.id || tenantId === match.tenantId) return bySubject.delete(tenantId);
    }
    return false;
  }

  connectionsOf(subject: string): Connection[] {
    return [...(this.connections.get(subject)?.values() ?? [])].filter((c) => this.tenants.has(c.tenantId));
  }

  isConnected(subject: string, tenantId: string): boolean {
    return this.connections.get(subject)?.has(tenantId) === true && this.tenants.has(tenantId);
  }
}

function blankTenant(tenantId: string, name: string, createdMs: number): Tenant {
  return {
    tenantId,
    organisationId: randomUUID(),
    name,
    shortCode: `!${tenantId.slice(0, 5)}`,
    createdMs,
    contacts: new Map(),
    items: new Map(),
    taxRates: UK_TAX_RATES.map((r) => ({ ...r })),
    invoices: new Map(),
    quotes: new Map(),
    creditNotes: new Map(),
    numbers: { invoice: 0, quote: 0, creditNote: 0 },
    calls: [],
    idempotent: new Map(),
  };
}
