import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { allFeatures, type BrandFeatures } from '../../core/brand/types';
import { sha256Hex } from '../auth/password';
import { brandDb } from '../db/types';
import { call, createTestBrand, login, sidCookie, useTestApp } from '../test/helpers';
import { startTestSmtp, tokenFromMail } from './testSmtp';

const t = useTestApp();
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;

beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
});

function features(auth: Partial<BrandFeatures['auth']>): BrandFeatures {
  const f = allFeatures(true);
  return { ...f, auth: { ...f.auth, ...auth } };
}

async function brandWithMail(auth: Partial<BrandFeatures['auth']> = {}) {
  const brand = await createTestBrand(t.db, features(auth));
  await sql`insert into ${sql.id(brand.schema, 'mailservers')} (mailserver_name, mailserver_host, mailserver_port, mailserver_from, mailserver_is_default)
            values ('system', '127.0.0.1', ${smtp.port}, 'no-reply@brand.test', true)`.execute(t.db);
  return brand;
}

const pw = (text: string) => sha256Hex(text);

describe('register', () => {
  it('mails a link to a new address; the link creates a customer account and signs it in', async () => {
    const brand = await brandWithMail();
    const start = smtp.messages.length;
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      host: brand.host,
      body: {
        email: 'New@Person.test',
        firstname: 'New',
        surname: 'Person',
        password: pw('abc12345 xyz'),
        password_again: pw('abc12345 xyz'),
        accept_terms: true,
      },
    });
    expect(res.status).toBe(202);
    expect(res.json.auth.data).toMatchObject({ is_loggedin: false, mail_sent: true });
    const mail = (await smtp.waitFor(start + 1))[start];
    expect(mail.to).toEqual(['new@person.test']);
    const token = /register\?token=([A-Za-z0-9_-]+)/.exec(mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1];
    const done = await call(t.app, { method: 'POST', url: '/api/auth/confirmRegistration', host: brand.host, body: { token } });
    expect(done.status).toBe(201);
    expect(done.json.auth.data).toMatchObject({ is_loggedin: true, email: 'new@person.test', role: 'Customer' });
    const who = await call(t.app, { url: '/api/auth/whoami', host: brand.host, cookie: sidCookie(done) });
    expect(who.json.auth.data.is_loggedin).toBe(true);
  });

  it("says 'Passwords must match!' and asks for the terms", async () => {
    const brand = await brandWithMail();
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      host: brand.host,
      body: { email: 'a@b.test', firstname: 'A', surname: 'B', password: pw('one is long'), password_again: pw('two is long'), accept_terms: false },
    });
    expect(res.status).toBe(400);
    const primaries = res.json.auth.dbErrors.map((e: { primary: string }) => e.primary);
    expect(primaries).toEqual(['Passwords must match!', 'You need to accept the license and terms first!']);
  });

  it('is refused with the spec text when public registration is off', async () => {
    const brand = await brandWithMail({ publicRegistration: false });
    const allowed = await call(t.app, { url: '/api/auth/isRegistrationAllowed', host: brand.host });
    expect(allowed.json.auth.data).toBe(false);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      host: brand.host,
      body: { email: 'a@b.test', firstname: 'A', surname: 'B', password: pw('one is long'), password_again: pw('one is long'), accept_terms: true },
    });
    expect(res.status).toBe(403);
    expect(res.json.auth.dbErrors[0]).toMatchObject({
      error: 'FORBIDDEN',
      general: 'feature',
      primary: 'Public registration is not allowed! Request a new password or contact your company representative.',
    });
    const reset = await call(t.app, { method: 'POST', url: '/api/auth/getNewPasswordResetToken', host: brand.host, body: { mail_address: 'admin@demo.test' } });
    expect(reset.status).toBe(403);
  });
});

describe('password reset', () => {
  it('mails a one-time link through the brand server; the token works once', async () => {
    const brand = await brandWithMail();
    const start = smtp.messages.length;
    const res = await call(t.app, { method: 'POST', url: '/api/auth/getNewPasswordResetToken', host: brand.host, body: { mail_address: 'User@demo.test' } });
    expect(res.status).toBe(200);
    const unknown = await call(t.app, {
      method: 'POST',
      url: '/api/auth/getNewPasswordResetToken',
      host: brand.host,
      body: { mail_address: 'nobody@demo.test' },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.json.auth.data).toBe(res.json.auth.data);
    const mails = await smtp.waitFor(start + 1);
    const mail = mails[start];
    expect(mail.to).toEqual(['user@demo.test']);
    expect(mail.from).toBe('no-reply@brand.test');
    const token = tokenFromMail(mail.raw);
    expect(token).toBeTruthy();
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.length).toBe(start + 1);

    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/auth/resetPassword',
      host: brand.host,
      body: { token, password: pw('brand-new-1-x'), password_again: pw('brand-new-1-x') },
    });
    expect(reset.status).toBe(200);
    expect(reset.json.auth.data).toMatchObject({ is_loggedin: true, email: 'user@demo.test' });
    await login(t.app, brand.host, 'user@demo.test', 'brand-new-1-x');
    const reused = await call(t.app, {
      method: 'POST',
      url: '/api/auth/resetPassword',
      host: brand.host,
      body: { token, password: pw('again-2-long'), password_again: pw('again-2-long') },
    });
    expect(reused.status).toBe(400);
    expect(reused.json.auth.dbErrors[0]).toMatchObject({
      error: 'VALIDATION',
      details: 'token',
      primary: 'This link has expired or has already been used. Please request a new one.',
    });
  });

  it('refuses an expired token, a missing token and mismatched passwords', async () => {
    const brand = await brandWithMail();
    const start = smtp.messages.length;
    await call(t.app, { method: 'POST', url: '/api/auth/getNewPasswordResetToken', host: brand.host, body: { mail_address: 'admin@demo.test' } });
    const token = tokenFromMail((await smtp.waitFor(start + 1))[start].raw)!;
    const mismatch = await call(t.app, {
      method: 'POST',
      url: '/api/auth/resetPassword',
      host: brand.host,
      body: { token, password: pw('first long one'), password_again: pw('second long one') },
    });
    expect(mismatch.json.auth.dbErrors[0]).toMatchObject({ details: 'password_again', primary: 'Passwords must match!' });
    await brandDb(t.db, brand.schema)
      .updateTable('password_tokens' as never)
      .set({ expires_at: sql`now() - interval '1 minute'` } as never)
      .execute();
    const expired = await call(t.app, {
      method: 'POST',
      url: '/api/auth/resetPassword',
      host: brand.host,
      body: { token, password: pw('a long passphrase'), password_again: pw('a long passphrase') },
    });
    expect(expired.status).toBe(400);
    expect(expired.json.auth.dbErrors[0].details).toBe('token');
    const missing = await call(t.app, {
      method: 'POST',
      url: '/api/auth/resetPassword',
      host: brand.host,
      body: { token: '', password: pw('a long passphrase'), password_again: pw('a long passphrase') },
    });
    expect(missing.json.auth.dbErrors[0]).toMatchObject({ details: 'token', primary: 'Missing token value from URL!' });
  });

  it('limits requests per address, the same way for unknown addresses', async () => {
    const brand = await brandWithMail();
    for (const address of ['user@demo.test', 'ghost@demo.test']) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1)
        statuses.push(
          (
            await call(t.app, {
              method: 'POST',
              url: '/api/auth/getNewPasswordResetToken',
              host: brand.host,
              body: { mail_address: address },
              remoteAddress: `10.9.0.${i}`,
            })
          ).status,
        );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });

  it('is refused when password reset is off', async () => {
    const brand = await brandWithMail({ passwordReset: false });
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/resetPassword',
      host: brand.host,
      body: { token: 'x', password: pw('a long passphrase'), password_again: pw('a long passphrase') },
    });
    expect(res.status).toBe(403);
    expect(res.json.auth.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', general: 'feature' });
  });
});

describe('prelogin', () => {
  it('answers the same for every address and is refused when the feature is off', async () => {
    const brand = await brandWithMail();
    const res = await call(t.app, { method: 'POST', url: '/api/auth/prelogin', host: brand.host, body: { mail_address: 'operator@demo.test' } });
    expect(res.status).toBe(200);
    expect(res.json.auth.data).toMatchObject({ mail_address: 'operator@demo.test', mail_sent: true });
    const none = await call(t.app, { method: 'POST', url: '/api/auth/prelogin', host: brand.host, body: { mail_address: 'ghost@nowhere.test' } });
    expect({ ...none.json.auth.data, mail_address: null }).toEqual({ ...res.json.auth.data, mail_address: null });
    const off = await brandWithMail({ preLogin: false });
    expect((await call(t.app, { method: 'POST', url: '/api/auth/prelogin', host: off.host, body: { mail_address: 'a@b.test' } })).status).toBe(403);
  });
});
