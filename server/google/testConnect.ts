/**
 * Connecting a sandbox Google account in a server test, as a user's browser would: loginUrl, the
 * fake's authorize page consenting as `email` (login_hint), then `connect` with the code and state.
 * A new email is a new Google user, seeded with the sandbox's folders and files on consent.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from '../test/helpers';

export async function connectGoogle(app: FastifyInstance, host: string, cookie: string, email: string): Promise<{ ga_id: number; email: string }> {
  const begun = await call(app, { url: '/api/googleaccounts/loginUrl', cookie, host });
  expect(begun.status, begun.text).toBe(200);
  const url = new URL((begun.json as { googleaccounts: { data: { url: string } } }).googleaccounts.data.url);
  url.searchParams.set('login_hint', email);
  const res = await fetch(url, { redirect: 'manual' });
  const back = new URL(res.headers.get('location') ?? '');
  const body = { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
  const done = await call(app, { method: 'POST', url: '/api/googleaccounts/connect', body, cookie, host });
  expect(done.status, done.text).toBe(200);
  return (done.json as { googleaccounts: { data: { ga_id: number; email: string } } }).googleaccounts.data;
}
