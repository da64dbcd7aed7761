/**
 * For tests: connects a brand to the run's local Xero (server/test/globalSetup.ts) the way a user
 * does: loginUrl, the sandbox's consent page as a subject of the test's own (login_hint, so the
 * fake's tenant is this test's), then POST xeroauth/connect. Answers the tenant connected.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { providerControl } from '../../providers/control';
import { brandDb, type RootDb } from '../db/types';
import { decryptSecret } from '../mail/secrets';
import type { OAuthDb } from '../integrations/oauth/tables';
import { call, uniqueName } from '../test/helpers';
import { connectionOf, latestXeroGrant } from './connection';

export interface Consent {
  code: string;
  state: string;
  redirect: URL;
}

export interface Connected {
  tenantId: string;
  subject: string;
  organisation: string | null;
}

/** loginUrl, then the browser at Xero's authorize page as `subject`: the code and state it returns with. */
export async function consent(app: FastifyInstance, host: string, cookie: string, subject: string): Promise<Consent> {
  const begun = await call(app, { url: '/api/xeroauth/loginUrl', cookie, host });
  expect(begun.status, begun.text).toBe(200);
  const url = new URL(begun.json.xeroauth.data.url);
  expect(url.searchParams.get('scope')).toContain('accounting.transactions');
  url.searchParams.set('login_hint', subject);
  const res = await fetch(url, { redirect: 'manual' });
  const redirect = new URL(res.headers.get('location') ?? '');
  return { code: redirect.searchParams.get('code') ?? '', state: redirect.searchParams.get('state') ?? '', redirect };
}

/**
 * Connects the brand at `host` (its admin's `cookie`) through the sandbox at `providers`: a new
 * organisation of a new subject, so its records (contacts, items) are the test's alone.
 */
export async function connectXero(app: FastifyInstance, providers: string, host: string, cookie: string, name = 'Demo Company (UK)'): Promise<Connected> {
  const subject = uniqueName('xero-user');
  const tenant = await providerControl(providers).xero.createTenant({ name, subject });
  const back = await consent(app, host, cookie, subject);
  const res = await call(app, { method: 'POST', url: '/api/xeroauth/connect', body: { code: back.code, state: back.state }, cookie, host });
  expect(res.status, res.text).toBe(200);
  return { tenantId: tenant.tenantId, subject, organisation: res.json.xeroauth.data.organisation ?? null };
}

/** After connectXero: the brand's database as the grant store reads it, and its live connection. */
export async function brandXeroConnection(root: RootDb, schema: string) {
  const db = brandDb(root, schema) as unknown as OAuthDb;
  const connection = connectionOf(await latestXeroGrant(db));
  if (!connection.connected) throw new Error('brandXeroConnection: the brand is not connected');
  return { db, connection };
}

/** The user removed the app at Xero: the sandbox's revocation endpoint kills `refreshToken`. */
export async function revokeAtXero(providers: string, refreshToken: string): Promise<void> {
  const res = await fetch(`${providers}/oauth/xero/revoke`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${process.env.XERO_CLIENT_ID}:${process.env.XERO_CLIENT_SECRET}`).toString('base64')}`,
    },
    body: new URLSearchParams({ token: refreshToken, token_type_hint: 'refresh_token' }),
  });
  expect(res.status).toBe(200);
}

/** The brand's active grant revoked at Xero and its access token run out: the next call must renew, and is refused. */
export async function revokeXeroGrant(root: RootDb, schema: string, providers: string): Promise<void> {
  const db = brandDb(root, schema) as unknown as OAuthDb;
  const g = await db
    .selectFrom('oauth_grants')
    .select(['og_id', 'refresh_token_enc'])
    .where('status', '=', 'active')
    .orderBy('og_id', 'desc')
    .executeTakeFirstOrThrow();
  await revokeAtXero(providers, decryptSecret(g.refresh_token_enc) ?? '');
  await db.updateTable('oauth_grants').set({ access_token_enc: null, expires_at: null }).where('og_id', '=', g.og_id).execute();
}
