/**
 * What the fake Google's own tests share: one server per test file, a fresh account and token per
 * test, a fetch bound to them, and a check of every answer against the contract's response schema
 * (`validateResponse`), so the fake cannot drift from Google's contract unnoticed.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { contractsDir } from '../contracts';
import { startProviderServer, type ProviderServer } from '../server';
import { loadGoogleContracts, type GoogleContracts } from './index';
import type { GoogleApi } from './contracts';

export interface GoogleTestbed {
  server: ProviderServer;
  contracts: GoogleContracts;
}

export async function startTestbed(opts: { clock?: () => number } = {}): Promise<GoogleTestbed> {
  const dir = contractsDir();
  if (!dir) throw new Error('the fake Google tests need ../shared/contracts beside the repository');
  const [server, contracts] = await Promise.all([startProviderServer({ clock: opts.clock }), loadGoogleContracts(dir)]);
  return { server, contracts };
}

export interface GoogleSession {
  subject: string;
  token: string;
  /** A call as the product's adapter makes it (bearer set, JSON body); a JSON answer is parsed, anything else kept as bytes. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  google(method: string, path: string, body?: unknown): Promise<{ status: number; headers: Headers; body: any; bytes: Buffer }>;
}

/** An account of its own (seeded with the sandbox's files and tasks, or empty) and a token for it. */
export function session(bed: GoogleTestbed, opts: { seed?: boolean } = {}): GoogleSession {
  const subject = `g-${randomUUID()}`;
  const token = `token-${randomUUID()}`;
  bed.server.google.allowToken(token, subject);
  bed.server.google.createAccount({ subject, email: `${subject}@example.com`, name: 'Sam Sandbox', seed: opts.seed });
  return {
    subject,
    token,
    async google(method, path, body) {
      const res = await fetch(`${bed.server.url}/google${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      const isJson = res.headers.get('content-type')?.includes('json');
      return { status: res.status, headers: res.headers, body: isJson && bytes.length ? JSON.parse(bytes.toString('utf8')) : bytes.toString('utf8'), bytes };
    },
  };
}

/** Fails the test when `body` is not what the contract says `operationId` answers with `status`. */
export function expectContractAnswer(bed: GoogleTestbed, api: GoogleApi, operationId: string, status: number, body: unknown): void {
  const result = bed.contracts[api].validateResponse(body, operationId, status);
  expect(result.errors ?? [], `${operationId} ${status} answer against the contract`).toEqual([]);
}
