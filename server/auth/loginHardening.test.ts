/**
 * The hardening issue's points 5, 6, 7, 9 and 10 (part), through the real server (inject).
 * Each `it` names the point it proves; every one of them failed on the code before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { allFeatures } from '../../core/brand/types';
import { brandDb, globalDb } from '../db/types';
import { startTestSmtp, type Received } from '../publicauth/testSmtp';
import { call, createTestBrand, login, sidCookie, testApp, useTestApp, type Answer } from '../test/helpers';
import { trustProxyFrom } from './clientAddress';
import { sha256Hex } from './password';
import { ACCOUNT_MAX, PAIR_MAX, SLOWDOWN_MS, accountKey, checkLogin } from './rateLimit';

const t = useTestApp();
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
});

const pw = (text: string) => sha256Hex(text);
const loginCall = (host: string, email: string, password: string, remoteAddress: string, cookie?: string, headers?: Record<string, string>) =>
  call(t.app, { method: 'POST', url: '/api/auth/login', host, body: { email, password: pw(password) }, remoteAddress, cookie, headers });
const deviceCookie = (res: Answer) => {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [String(raw ?? '')];
  return list.find((c) => c.startsWith('did='))?.split(';')[0];
};

async function brandWithMail() {
  const brand = await createTestBrand(t.db, allFeatures(true));
  await sql`insert into ${sql.id(brand.schema, 'mailservers')} (mailserver_name, mailserver_host, mailserver_port, mailserver_from, mailserver_is_default)
            values ('system', '127.0.0.1', ${smtp.port}, 'no-reply@brand.test', true)`.execute(t.db);
  return brand;
}

const bodyOf = (m: Received) => m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('point 5: login limits that cannot lock the owner out', () => {
  it('failures from other addresses do not lock the owner; the guessing address is refused', async () => {
    const brand = await createTestBrand(t.db);
    for (let i = 0; i < PAIR_MAX; i++) expect((await loginCall(brand.host, 'user@demo.test', 'wrong', '10.50.0.1')).status).toBe(401);
    // The guesser's address is refused, even with the right password.
    expect((await loginCall(brand.host, 'user@demo.test', 'demo1234', '10.50.0.1')).status).toBe(429);
    // The owner, elsewhere, signs in (the old code locked the account for everyone).
    expect((await loginCall(brand.host, 'user@demo.test', 'demo1234', '10.50.0.2')).status).toBe(200);
  });

  it('a browser that signed in before is slowed down, not refused, while the account is over its limit', async () => {
    const brand = await createTestBrand(t.db);
    const first = await loginCall(brand.host, 'user@demo.test', 'demo1234', '10.51.0.1');
    const device = deviceCookie(first);
    expect(device).toMatch(/^did=[A-Za-z0-9_-]{40,}$/);
    await globalDb(t.db)
      .insertInto('login_attempts')
      .values(Array.from({ length: ACCOUNT_MAX }, () => ({ key: `acct:${brand.schema}:user@demo.test` })))
      .execute();
    // Any other browser is refused now...
    expect((await loginCall(brand.host, 'user@demo.test', 'demo1234', '10.51.0.9')).status).toBe(429);
    // ...but the owner's browser gets in,
    const owner = await loginCall(brand.host, 'user@demo.test', 'demo1234', '10.51.0.1', device);
    expect(owner.status).toBe(200);
    // after the pause the check asks for (recorded, not timed): a known browser over the limit waits, one under it does not.
    const waits: number[] = [];
    const record = async (ms: number) => void waits.push(ms);
    const account = accountKey(brand.schema, 'user@demo.test');
    await checkLogin(t.db, account, '10.51.0.1', device!.slice('did='.length), record);
    expect(waits).toEqual([SLOWDOWN_MS]);
    const fresh = await createTestBrand(t.db);
    await checkLogin(t.db, accountKey(fresh.schema, 'user@demo.test'), '10.51.0.1', undefined, record);
    expect(waits).toEqual([SLOWDOWN_MS]);
    // A device cookie of another account does not count as known for this one.
    expect((await loginCall(brand.host, 'admin@demo.test', 'demo1234', '10.51.0.9')).status).toBe(200);
  });

  it("TRUST_PROXY=1 trusts only the proxy's own X-Forwarded-For entry, so a client-written one cannot dodge the limit", async () => {
    expect(trustProxyFrom('10.0.0.1, 10.0.0.2')).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(trustProxyFrom(undefined)).toBe(false);
    const proxied = await testApp(t.db, { trustProxy: trustProxyFrom('1') });
    try {
      const brand = await createTestBrand(t.db);
      const attempt = (i: number, password: string) =>
        call(proxied, {
          method: 'POST',
          url: '/api/auth/login',
          host: brand.host,
          body: { email: 'user@demo.test', password: pw(password) },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` },
        });
      for (let i = 0; i < PAIR_MAX; i++) expect((await attempt(i, 'wrong')).status).toBe(401);
      expect((await attempt(77, 'demo1234')).status).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('prelogin, register and change-password are limited too', async () => {
    const brand = await brandWithMail();
    const pre = [];
    for (let i = 0; i < 11; i++)
      pre.push(
        (
          await call(t.app, {
            method: 'POST',
            url: '/api/auth/prelogin',
            host: brand.host,
            body: { mail_address: `p${i}@nowhere.test` },
            remoteAddress: '10.52.0.1',
          })
        ).status,
      );
    expect(pre.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(pre[10]).toBe(429);

    const reg = [];
    for (let i = 0; i < 4; i++) {
      reg.push(
        (
          await call(t.app, {
            method: 'POST',
            url: '/api/auth/register',
            host: brand.host,
            remoteAddress: `10.53.0.${i}`,
            body: {
              email: 'same@new.test',
              firstname: 'S',
              surname: 'N',
              password: pw('a fine passphrase'),
              password_again: pw('a fine passphrase'),
              accept_terms: true,
            },
          })
        ).status,
      );
    }
    expect(reg).toEqual([202, 202, 202, 429]);

    const cookie = await login(t.app, brand.host, 'engineer@demo.test');
    const change = () =>
      call(t.app, {
        method: 'POST',
        url: '/api/users/changePassword',
        host: brand.host,
        cookie,
        body: { old_password: pw('guess'), new_password: 'a fine passphrase', new_password_again: 'a fine passphrase' },
      });
    for (let i = 0; i < 5; i++) expect((await change()).status).toBe(400);
    expect((await change()).status).toBe(429);
  });
});

describe('point 6: a server-side password policy', () => {
  it('refuses short and common passwords as typed (changePassword, setPassword, addUser)', async () => {
    const brand = await createTestBrand(t.db);
    const admin = await login(t.app, brand.host, 'admin@demo.test');
    const me = await login(t.app, brand.host, 'operator@demo.test');
    const primary = (res: Answer, key: string) => res.json[key].dbErrors[0];
    const short = await call(t.app, {
      method: 'POST',
      url: '/api/users/changePassword',
      host: brand.host,
      cookie: me,
      body: { old_password: pw('demo1234'), new_password: 'a', new_password_again: 'a' },
    });
    expect(short.status).toBe(400);
    expect(primary(short, 'users')).toMatchObject({ details: 'new_password', primary: 'The password must be at least 8 characters long.' });
    const common = await call(t.app, {
      method: 'POST',
      url: '/api/users/changePassword',
      host: brand.host,
      cookie: me,
      body: { old_password: pw('demo1234'), new_password: 'Password1', new_password_again: 'Password1' },
    });
    expect(primary(common, 'users')).toMatchObject({ details: 'new_password', primary: 'This password is too common. Please choose another one.' });
    const set = await call(t.app, {
      method: 'POST',
      url: '/api/users/setPassword',
      host: brand.host,
      cookie: admin,
      body: { us_id: brand.users.User, password: 'a' },
    });
    expect(set.status).toBe(400);
    expect(primary(set, 'users').details).toBe('password');
    const add = await call(t.app, {
      method: 'POST',
      url: '/api/users/addUser',
      host: brand.host,
      cookie: admin,
      body: { email: 'weak@example.test', role: 'User', firstname: 'W', surname: 'K', password: '12345678' },
    });
    expect(add.status).toBe(400);
    expect(primary(add, 'users')).toMatchObject({ details: 'password', primary: 'This password is too common. Please choose another one.' });
  });

  it('refuses the hash of the empty string and of common passwords (register, reset, reserve)', async () => {
    const brand = await brandWithMail();
    const register = (password: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/auth/register',
        host: brand.host,
        remoteAddress: '10.54.0.1',
        body: { email: `r${Math.random()}@x.test`, firstname: 'R', surname: 'X', password, password_again: password, accept_terms: true },
      });
    const empty = await register(sha256Hex(''));
    expect(empty.status).toBe(400);
    expect(empty.json.auth.dbErrors[0]).toMatchObject({ details: 'password', primary: 'The password must be at least 8 characters long.' });
    const common = await register(pw('password'));
    expect(common.json.auth.dbErrors[0]).toMatchObject({ details: 'password', primary: 'This password is too common. Please choose another one.' });
    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/auth/resetPassword',
      host: brand.host,
      body: { token: 'whatever', password: pw('qwerty'), password_again: pw('qwerty') },
    });
    expect(reset.json.auth.dbErrors[0]).toMatchObject({ details: 'password', primary: 'This password is too common. Please choose another one.' });
    const reserve = await call(t.app, {
      method: 'POST',
      url: '/api/auth/reserveSchema',
      host: brand.host,
      body: {
        company: 'Weak Co',
        subdomain: 'weakco',
        email: 'boss@weak.test',
        firstname: 'B',
        surname: 'W',
        password: sha256Hex(''),
        password_again: sha256Hex(''),
        accept_terms: true,
      },
    });
    expect(reserve.status).toBe(400);
    expect(reserve.json.auth.dbErrors[0]).toMatchObject({ details: 'password' });
  });
});

describe('point 7: sessions that end', () => {
  const who = async (host: string, cookie: string) => (await call(t.app, { url: '/api/auth/whoami', host, cookie })).json.auth.data.is_loggedin;

  it('ends a session idle too long, and one past its absolute lifetime however often used', async () => {
    const brand = await createTestBrand(t.db);
    const db = brandDb(t.db, brand.schema);
    const idle = await login(t.app, brand.host, 'user@demo.test');
    const old = await login(t.app, brand.host, 'sales@demo.test');
    const hashOf = (cookie: string) => sha256Hex(cookie.split('=')[1]);
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now() - interval '5 hours'` })
      .where('token_hash', '=', hashOf(idle))
      .execute();
    // Used a minute ago, but opened 400 days ago: the old code kept it alive.
    await sql`update ${sql.id(brand.schema, 'sessions')} set created_at = now() - interval '400 days', last_seen_at = now() - interval '1 minute', expires_at = now() + interval '14 days' where token_hash = ${hashOf(old)}`.execute(
      t.db,
    );
    expect(await who(brand.host, idle)).toBe(false);
    expect(await who(brand.host, old)).toBe(false);
  });

  it('lists my sessions (device, address, last use) and ends another one at once; not someone else’s', async () => {
    const brand = await createTestBrand(t.db);
    const here = await login(t.app, brand.host, 'operator@demo.test', 'demo1234', '10.55.0.1');
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      host: brand.host,
      body: { email: 'operator@demo.test', password: pw('demo1234') },
      remoteAddress: '10.55.0.2',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Safari/604.1' },
    });
    const there = sidCookie(res);
    expect(await who(brand.host, there)).toBe(true);
    const list = await call(t.app, {
      method: 'POST',
      url: '/api/auth/sessions/filter?limit=200&pagenumber=1&totalcount=1',
      host: brand.host,
      cookie: here,
      body: {},
    });
    expect(list.status).toBe(200);
    const rows = list.json.auth.data as Array<{ id: string; ip: string; user_agent: string | null; current: boolean; last_seen_at: string }>;
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.current)).toMatchObject({ ip: '10.55.0.1' });
    const other = rows.find((r) => !r.current)!;
    expect(other).toMatchObject({ ip: '10.55.0.2', user_agent: 'Mozilla/5.0 (iPhone) Safari/604.1' });
    expect(other.last_seen_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const stranger = await login(t.app, brand.host, 'admin@demo.test');
    expect((await call(t.app, { method: 'DELETE', url: `/api/auth/sessions/${other.id}`, host: brand.host, cookie: stranger })).status).toBe(404);
    const ended = await call(t.app, { method: 'DELETE', url: `/api/auth/sessions/${other.id}`, host: brand.host, cookie: here });
    expect(ended.status).toBe(200);
    expect(await who(brand.host, there)).toBe(false);
    expect(await who(brand.host, here)).toBe(true);
  });

  it('a hidden user loses their sessions at once and cannot sign in', async () => {
    const brand = await createTestBrand(t.db);
    const admin = await login(t.app, brand.host, 'admin@demo.test');
    const user = await login(t.app, brand.host, 'engineer@demo.test');
    expect(await who(brand.host, user)).toBe(true);
    const hide = await call(t.app, {
      method: 'POST',
      url: '/api/users/setIsHiddenStatus',
      host: brand.host,
      cookie: admin,
      body: { us_id: brand.users.Engineer, is_hidden: true },
    });
    expect(hide.status).toBe(200);
    expect(await who(brand.host, user)).toBe(false);
    expect((await loginCall(brand.host, 'engineer@demo.test', 'demo1234', '10.56.0.1')).status).toBe(401);
  });
});

describe('point 9: less to learn for an enumerator', () => {
  it('prelogin answers the same for known and unknown addresses and mails the sites to the address', async () => {
    const brand = await brandWithMail();
    const start = smtp.messages.length;
    const known = await call(t.app, {
      method: 'POST',
      url: '/api/auth/prelogin',
      host: brand.host,
      body: { mail_address: 'operator@demo.test' },
      remoteAddress: '10.57.0.1',
    });
    const unknown = await call(t.app, {
      method: 'POST',
      url: '/api/auth/prelogin',
      host: brand.host,
      body: { mail_address: 'ghost@nowhere.test' },
      remoteAddress: '10.57.0.1',
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const strip = (a: Answer) => ({ ...a.json.auth.data, mail_address: null });
    expect(strip(known)).toEqual(strip(unknown));
    expect(known.json.auth.data).not.toHaveProperty('brands');
    const mails = await smtp.waitFor(start + 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.length).toBe(start + 1);
    expect(mails[start].to).toEqual(['operator@demo.test']);
    expect(bodyOf(mails[start])).toContain(`http://${brand.domain}/login?email=`);
    expect(bodyOf(mails[start])).toContain('localhost');
  });

  it('register answers the same for a known address; the new one finishes through the mailed link', async () => {
    const brand = await brandWithMail();
    const start = smtp.messages.length;
    const body = (email: string) => ({
      email,
      firstname: 'New',
      surname: 'Person',
      password: pw('brand new pass'),
      password_again: pw('brand new pass'),
      accept_terms: true,
    });
    const fresh = await call(t.app, { method: 'POST', url: '/api/auth/register', host: brand.host, body: body('New@Person.test'), remoteAddress: '10.58.0.1' });
    const known = await call(t.app, { method: 'POST', url: '/api/auth/register', host: brand.host, body: body('user@demo.test'), remoteAddress: '10.58.0.1' });
    expect(fresh.status).toBe(202);
    expect(known.status).toBe(fresh.status);
    expect(known.json.auth.data).toEqual(fresh.json.auth.data);
    expect(fresh.headers['set-cookie']).toBeUndefined();
    const mails = await smtp.waitFor(start + 2);
    const toNew = mails.slice(start).find((m) => m.to[0] === 'new@person.test')!;
    const toKnown = mails.slice(start).find((m) => m.to[0] === 'user@demo.test')!;
    expect(bodyOf(toKnown)).toContain(`http://${brand.domain}/request-password-token`);
    const token = /register\?token=([A-Za-z0-9_-]+)/.exec(bodyOf(toNew))?.[1];
    expect(token).toBeTruthy();
    const done = await call(t.app, { method: 'POST', url: '/api/auth/confirmRegistration', host: brand.host, body: { token } });
    expect(done.status).toBe(201);
    expect(done.json.auth.data).toMatchObject({ is_loggedin: true, email: 'new@person.test', role: 'Customer' });
    expect((await call(t.app, { url: '/api/auth/whoami', host: brand.host, cookie: sidCookie(done) })).json.auth.data.is_loggedin).toBe(true);
    const again = await call(t.app, { method: 'POST', url: '/api/auth/confirmRegistration', host: brand.host, body: { token } });
    expect(again.status).toBe(400);
    expect(again.json.auth.dbErrors[0].details).toBe('token');
  });
});

describe('point 10 (part): cookie and reset link', () => {
  it('over https the session cookie is __Host-sid and Secure, and a plain sid is not read there', async () => {
    const httpsApp = await testApp(t.db, { trustProxy: trustProxyFrom('1') });
    try {
      const https = { 'x-forwarded-proto': 'https' };
      const res = await call(httpsApp, {
        method: 'POST',
        url: '/api/auth/login',
        body: { email: 'admin@demo.test', password: pw('demo1234') },
        headers: https,
        remoteAddress: '127.0.0.1',
      });
      const raw = res.headers['set-cookie'];
      const cookies = (Array.isArray(raw) ? raw : [String(raw)]).filter((c) => c.startsWith('__Host-sid='));
      expect(cookies).toHaveLength(1);
      expect(cookies[0]).toContain('Secure');
      expect(cookies[0]).toContain('Path=/');
      expect(cookies[0]).not.toContain('Domain=');
      const token = cookies[0].split(';')[0].split('=')[1];
      const whoHttps = await call(httpsApp, { url: '/api/auth/whoami', cookie: `__Host-sid=${token}`, headers: https, remoteAddress: '127.0.0.1' });
      expect(whoHttps.json.auth.data.is_loggedin).toBe(true);
      const plain = await call(httpsApp, { url: '/api/auth/whoami', cookie: `sid=${token}`, headers: https, remoteAddress: '127.0.0.1' });
      expect(plain.json.auth.data.is_loggedin).toBe(false);
    } finally {
      await httpsApp.close();
    }
  });

  it("builds the reset link from the brand's configured address, not the request's Host", async () => {
    const brand = await brandWithMail();
    await sql`update global.sites set config = jsonb_set(config, '{systemUrl}', '"https://portal.configured.example"') where schema_name = ${brand.schema}`.execute(
      t.db,
    );
    const start = smtp.messages.length;
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/getNewPasswordResetToken',
      host: brand.host,
      body: { mail_address: 'user@demo.test' },
      remoteAddress: '10.59.0.1',
    });
    expect(res.status).toBe(200);
    const mail = (await smtp.waitFor(start + 1))[start];
    expect(bodyOf(mail)).toMatch(/https:\/\/portal\.configured\.example\/reset-password\?token=/);
    expect(bodyOf(mail)).not.toContain(brand.host);
  });
});
