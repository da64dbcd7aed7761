/**
 * Test helper: connects a test brand to Xero through the run's local provider server the way a
 * browser does (loginUrl, the sandbox's consent page, connect), as connect.test.ts does. Each call
 * consents as a new subject, so the tenant is the caller's alone.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { brandDb, type RootDb } from '../db/types';
import type { OAuthDb } from '../integrations/oauth/tables';
import { call, uniqueName } from '../test/helpers';
import { connectionOf, latestXeroGrant } from './connection';

export async function connectXero(app: FastifyInstance, root: RootDb, brand: { host: string; schema: string }, adminCookie: string) {
  const as = (method: 'GET' | 'POST', url: string, body?: unknown) => call(app, { method, url, body, cookie: adminCookie, host: brand.host });
  const begun = await as('GET', '/api/xeroauth/loginUrl');
  expect(begun.status, begun.text).toBe(200);
  const url = new URL(begun.json.xeroauth.data.url);
  url.searchParams.set('login_hint', uniqueName('xero-user'));
  const consent = await fetch(url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  const done = await as('POST', '/api/xeroauth/connect', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
  expect(done.status, done.text).toBe(200);
  const db = brandDb(root, brand.schema) as unknown as OAuthDb;
  const connection = connectionOf(await latestXeroGrant(db));
  if (!connection.connected) throw new Error('connectXero: the brand is not connected');
  return { db, connection };
}
