import { describe, expect, it } from 'vitest';
import { ROLES } from '../../core/access/roles';
import { sha256Hex } from './password';
import { ADDRESS_MAX, PAIR_MAX } from './rateLimit';
import { globalDb } from '../db/types';
import { demoEmail } from '../seed/people';
import { ACME_HOST, DEMO_HOST, call, createTestBrand, login, sidCookie, testApp, useTestApp } from '../test/helpers';

const t = useTestApp();

const hashed = (p: string) => sha256Hex(p);

describe('login', () => {
  for (const host of [DEMO_HOST, ACME_HOST]) {
    it(`works for every role on ${host}`, async () => {
      for (const role of ROLES) {
        const res = await call(t.app, { method: 'POST', url: '/api/auth/login', host, body: { email: demoEmail(role), password: hashed('demo1234') } });
        expect(res.status, role).toBe(200);
        const user = res.json.auth.data;
        expect(user).toMatchObject({ is_loggedin: true, role, email: demoEmail(role) });
        expect(user.user_id).toBe(user.us_id);
        expect(user.fullname).toBe(`${user.firstname} ${user.surname}`);
        expect(user.settings).toMatchObject({
          language: 'en-US',
          timezone: 'Europe/London',
          dateFormat: 'DD/MM/YYYY HH:mm:ss',
          darkMode: 'auto',
          emailEditor: 'ckeditor',
        });
        expect(res.json.auth.metadata.userData.isLogged).toBe(true);
        expect(user).not.toHaveProperty('password_hash');
      }
    });
  }

  it('sets an HttpOnly SameSite=Lax cookie on path /, Secure only over https, and a new token each time', async () => {
    const first = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email: 'admin@demo.test', password: hashed('demo1234') } });
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    const second = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email: 'admin@demo.test', password: hashed('demo1234') } });
    expect(sidCookie(second)).not.toBe(sidCookie(first));

    const httpsApp = await testApp(t.db, { trustProxy: true });
    const secure = await call(httpsApp, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'admin@demo.test', password: hashed('demo1234') },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(secure.headers['set-cookie'])).toMatch(/^__Host-sid=[^;]+;.*Secure/);
    await httpsApp.close();
  });

  it('accepts the email in any case', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email: ' Sales@Demo.TEST ', password: hashed('demo1234') } });
    expect(res.status).toBe(200);
  });

  it('answers 401 with the envelope for a wrong password or an unknown user', async () => {
    for (const email of ['operator@demo.test', 'nobody@demo.test']) {
      const res = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email, password: hashed('wrong') }, remoteAddress: '10.1.0.1' });
      expect(res.status).toBe(401);
      expect(res.json.auth.data).toBeNull();
      expect(res.json.auth.dbErrors).toEqual([{ error: 'AUTH_REQUIRED', primary: 'Invalid email or password.', details: null, general: null }]);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers 400 for a missing field, naming it', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email: 'admin@demo.test' } });
    expect(res.status).toBe(400);
    expect(res.json.auth.dbErrors[0]).toMatchObject({ error: 'VALIDATION', details: 'password', primary: 'Field is required!' });
  });

  it('rate-limits failures per account and address together (429): the owner elsewhere still signs in', async () => {
    const brand = await createTestBrand(t.db);
    const body = { email: 'user@demo.test', password: hashed('wrong') };
    for (let i = 0; i < PAIR_MAX; i++) {
      const res = await call(t.app, { method: 'POST', url: '/api/auth/login', host: brand.host, body, remoteAddress: '10.2.0.1' });
      expect(res.status).toBe(401);
    }
    const locked = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      host: brand.host,
      body: { ...body, password: hashed('demo1234') },
      remoteAddress: '10.2.0.1',
    });
    expect(locked.status).toBe(429);
    expect(locked.json.auth.dbErrors[0].error).toBe('RATE_LIMITED');
    const owner = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      host: brand.host,
      body: { ...body, password: hashed('demo1234') },
      remoteAddress: '10.2.0.99',
    });
    expect(owner.status).toBe(200);
    // Another account of the same brand is not affected.
    const other = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      host: brand.host,
      body: { email: 'admin@demo.test', password: hashed('demo1234') },
      remoteAddress: '10.2.0.1',
    });
    expect(other.status).toBe(200);
  });

  it('rate-limits failures per client address across accounts (429)', async () => {
    const brand = await createTestBrand(t.db);
    const ip = '10.3.0.7';
    // Counted in the table directly: ADDRESS_MAX logins would each pay for a scrypt.
    await globalDb(t.db)
      .insertInto('login_attempts')
      .values(Array.from({ length: ADDRESS_MAX - 1 }, () => ({ key: `ip:${ip}` })))
      .execute();
    const last = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      host: brand.host,
      body: { email: 'ghost@demo.test', password: hashed('x') },
      remoteAddress: ip,
    });
    expect(last.status).toBe(401);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      host: brand.host,
      body: { email: 'admin@demo.test', password: hashed('demo1234') },
      remoteAddress: ip,
    });
    expect(res.status).toBe(429);
    const elsewhere = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      host: brand.host,
      body: { email: 'admin@demo.test', password: hashed('demo1234') },
      remoteAddress: '10.3.0.8',
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('whoami and logout', () => {
  it('says not logged in before login, the user after, and not logged in after logout', async () => {
    const before = await call(t.app, { url: '/api/auth/whoami' });
    expect(before.status).toBe(200);
    expect(before.json.auth.data).toEqual({ is_loggedin: false });
    expect(before.json.auth.metadata.userData.isLogged).toBe(false);

    const cookie = await login(t.app, DEMO_HOST, 'engineer@demo.test');
    const during = await call(t.app, { url: '/api/auth/whoami', cookie });
    expect(during.json.auth.data).toMatchObject({ is_loggedin: true, role: 'Engineer' });
    expect(during.json.auth.metadata.userData.isLogged).toBe(true);

    const out = await call(t.app, { url: '/api/auth/logout', cookie });
    expect(out.status).toBe(200);
    expect(out.json.auth.data).toBeNull();
    expect(out.json.auth.metadata.userData.isLogged).toBe(false);
    expect(String(out.headers['set-cookie'])).toMatch(/^sid=;/);

    // The old cookie is dead on the server, not only forgotten by the browser.
    const after = await call(t.app, { url: '/api/auth/whoami', cookie });
    expect(after.json.auth.data).toEqual({ is_loggedin: false });
    const gated = await call(t.app, { url: '/api/departments/list', cookie });
    expect(gated.status).toBe(401);
  });

  it("does not accept one brand's session on another brand's host", async () => {
    const cookie = await login(t.app, DEMO_HOST, 'admin@demo.test');
    const who = await call(t.app, { url: '/api/auth/whoami', host: ACME_HOST, cookie });
    expect(who.json.auth.data).toEqual({ is_loggedin: false });
    const list = await call(t.app, { url: '/api/departments/list', host: ACME_HOST, cookie });
    expect(list.status).toBe(401);
    expect(list.json.departments.dbErrors[0].error).toBe('AUTH_REQUIRED');
    expect(list.json.departments.metadata.userData.isLogged).toBe(false);
  });

  it('ignores a garbage cookie', async () => {
    const res = await call(t.app, { url: '/api/auth/whoami', cookie: 'sid=not-a-token' });
    expect(res.json.auth.data).toEqual({ is_loggedin: false });
  });
});

describe('origin check', () => {
  it('refuses a state-changing call from another origin with 403 brand', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'admin@demo.test', password: hashed('demo1234') },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.json.auth.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', general: 'brand' });
  });

  it('refuses a logged-in cross-origin create', async () => {
    const cookie = await login(t.app, DEMO_HOST, 'admin@demo.test');
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/departments/create',
      cookie,
      body: { de_name: 'Evil', de_prefix: 'EVL' },
      headers: { origin: 'http://127.0.0.1:3000' },
    });
    expect(res.status).toBe(403);
    expect(res.json.departments.dbErrors[0].general).toBe('brand');
  });

  it('accepts its own origin (the dev proxy keeps the Host) and calls without Origin', async () => {
    const viaProxy = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      host: 'localhost:5173',
      body: { email: 'admin@demo.test', password: hashed('demo1234') },
      headers: { origin: 'http://localhost:5173' },
    });
    expect(viaProxy.status).toBe(200);
    const withOrigin = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'admin@demo.test', password: hashed('demo1234') },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(withOrigin.status).toBe(200);
    const without = await call(t.app, { method: 'POST', url: '/api/auth/login', body: { email: 'admin@demo.test', password: hashed('demo1234') } });
    expect(without.status).toBe(200);
  });
});
