/**
 * Connecting a sandbox Microsoft mailbox in a server test, as an admin's browser would: loginUrl,
 * the fake's authorize page consenting as `email` (login_hint), then `connect` with the code and
 * state. A new email is a new Microsoft user with a mailbox of its own at the fake Graph.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { MicrosoftAccount } from '../../core/microsoft/types';
import { call } from '../test/helpers';

export async function consentMicrosoft(
  app: FastifyInstance,
  host: string,
  cookie: string,
  email: string,
): Promise<{ code: string; state: string; redirect: URL }> {
  const begun = await call(app, { url: '/api/microsoftaccounts/loginUrl', cookie, host });
  expect(begun.status, begun.text).toBe(200);
  const url = new URL((begun.json as { microsoftaccounts: { data: { url: string } } }).microsoftaccounts.data.url);
  url.searchParams.set('login_hint', email);
  const res = await fetch(url, { redirect: 'manual' });
  const redirect = new URL(res.headers.get('location') ?? '');
  return { code: redirect.searchParams.get('code') ?? '', state: redirect.searchParams.get('state') ?? '', redirect };
}

export async function connectMicrosoft(app: FastifyInstance, host: string, cookie: string, email: string): Promise<MicrosoftAccount> {
  const back = await consentMicrosoft(app, host, cookie, email);
  const done = await call(app, { method: 'POST', url: '/api/microsoftaccounts/connect', body: { code: back.code, state: back.state }, cookie, host });
  expect(done.status, done.text).toBe(200);
  return (done.json as { microsoftaccounts: { data: MicrosoftAccount } }).microsoftaccounts.data;
}
