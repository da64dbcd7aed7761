/** What a Xero operation handler gets: the validated request, its tenant and the clock's now. */
import type { Answer } from '../http';
import type { Tenant, XeroState } from './state';

export interface XeroCall {
  operationId: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  body: unknown;
  /** The subject (user) the bearer token was issued to. */
  subject: string;
  /** The `xero-tenant-id` tenant (accounting calls only; null for the identity API). */
  tenant: Tenant | null;
  state: XeroState;
  now: number;
  /** The server's own base URL, for links it hands out (online invoices). */
  baseUrl: string;
}

export type XeroHandler = (call: XeroCall) => Answer;

/** The tenant of an accounting call (the gate has checked it is there and connected). */
export const tenantOf = (call: XeroCall): Tenant => {
  if (!call.tenant) throw new Error(`${call.operationId} needs a tenant`);
  return call.tenant;
};

/** The body's list under `key` (`{ Contacts: [...] }`); the contract gate has checked its shape. */
export const elementsOf = (call: XeroCall, key: string): Record<string, unknown>[] =>
  ((call.body as Record<string, unknown> | undefined)?.[key] as Record<string, unknown>[] | undefined) ?? [];

/** summarizeErrors=false asks for per-element errors in a 200; anything else summarises into a 400. */
export const summarizes = (call: XeroCall): boolean => call.query.get('summarizeErrors')?.toLowerCase() !== 'false';
