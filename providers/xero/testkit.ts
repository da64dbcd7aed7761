/**
 * What the fake Xero's own tests share: one server per test file, a fresh tenant and token per
 * test, a fetch bound to them, and a check of every answer against the contract's response schema
 * (`validateResponse`), so the fake cannot drift from Xero's contract unnoticed.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { contractsDir } from '../contracts';
import { startProviderServer, type ProviderServer } from '../server';
import { loadXeroContracts, type XeroContracts } from './index';

export const API = '/xero/api.xro/2.0';

export interface XeroTestbed {
  server: ProviderServer;
  contracts: XeroContracts;
}

export async function startTestbed(opts: { clock?: () => number } = {}): Promise<XeroTestbed> {
  const dir = contractsDir();
  if (!dir) throw new Error('the fake Xero tests need ../shared/contracts beside the repository');
  const [server, contracts] = await Promise.all([startProviderServer({ clock: opts.clock }), loadXeroContracts(dir)]);
  return { server, contracts };
}

export interface Session {
  tenantId: string;
  subject: string;
  token: string;
  /**
   * A call as the product's adapter makes it: bearer and xero-tenant-id set, JSON body. The answer's
   * body is read loosely (the contract check, not the type, is what holds it to Xero's shape).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  xero(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any }>;
}

/** A tenant of its own, connected to a new subject holding a new token. */
export function session(bed: XeroTestbed, name = `Org ${randomUUID().slice(0, 8)}`): Session {
  const subject = `user-${randomUUID()}`;
  const token = `token-${randomUUID()}`;
  bed.server.xero.allowToken(token, subject);
  const { tenantId } = bed.server.xero.createTenant({ name, subject });
  return {
    tenantId,
    subject,
    token,
    async xero(method, path, body, headers = {}) {
      const url = path.startsWith('/xero') ? path : `${API}${path}`;
      const res = await fetch(`${bed.server.url}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'xero-tenant-id': tenantId,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      const isJson = res.headers.get('content-type')?.includes('json');
      return { status: res.status, headers: res.headers, body: isJson && text ? JSON.parse(text) : text };
    },
  };
}

/** Fails the test when `body` is not what the contract says `operationId` answers with `status`. */
export function expectContractAnswer(bed: XeroTestbed, api: 'identity' | 'accounting', operationId: string, status: number, body: unknown): void {
  const result = bed.contracts[api].validateResponse(body, operationId, status);
  expect(result.errors ?? [], `${operationId} ${status} answer against the contract`).toEqual([]);
}
