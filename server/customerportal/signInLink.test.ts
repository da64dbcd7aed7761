import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestSmtp, type Received } from '../publicauth/testSmtp';
import { call, createTestBrand, sidCookie, useTestApp } from '../test/helpers';
import { PORTAL_LINK_MINUTES } from './signInLink';

const t = useTestApp();
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;

beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
});

async function brandWithMail() {
  const brand = await createTestBrand(t.db);
  await sql`insert into ${sql.id(brand.schema, 'mailservers')} (mailserver_name, mailserver_host, mailserver_port, mailserver_from, mailserver_is_default)
            values ('system', '127.0.0.1', ${smtp.port}, 'no-reply@brand.test', true)`.execute(t.db);
  return brand;
}

type Brand = Awaited<ReturnType<typeof brandWithMail>>;
let ip = 0;
/** Each request from its own client address unless told, so the per-address limit is the one tested. */
const ask = (brand: Brand, address: string, remoteAddress = `10.24.${Math.floor(++ip / 200)}.${ip % 200}`) =>
  call(t.app, { method: 'POST', url: '/api/auth/portalLink', host: brand.host, body: { mail_address: address }, remoteAddress });
const signIn = (brand: Brand, token: string | null) => call(t.app, { method: 'POST', url: '/api/auth/portalLinkSignIn', host: brand.host, body: { token } });

function linkOf(mail: Received): { origin: string; token: string } {
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const found = /(https?:\/\/[^\s/]+)\/portal-signin\?token=([A-Za-z0-9_-]+)/.exec(body);
  if (!found) throw new Error(`no portal link in ${body}`);
  return { origin: found[1], token: found[2] };
}

async function requestLink(brand: Brand, address = 'customer@demo.test'): Promise<string> {
  const start = smtp.messages.length;
  const res = await ask(brand, address);
  expect(res.status).toBe(200);
  const mail = (await smtp.waitFor(start + 1))[start];
  expect(mail.to).toEqual([address]);
  return linkOf(mail).token;
}

/** Moves the brand's link expiry back, as if `minutes` had passed since it was mailed. */
async function letTimePass(brand: Brand, minutes: number) {
  await sql`update ${sql.id(brand.schema, 'portal_login_tokens')} set expires_at = expires_at - make_interval(mins => ${minutes})`.execute(t.db);
}

describe('portal sign-in link', () => {
  it('mails a customer a link to the brand address that signs them in once; only its hash is stored', async () => {
    const brand = await brandWithMail();
    const start = smtp.messages.length;
    const res = await ask(brand, 'Customer@Demo.test');
    expect(res.status).toBe(200);
    const mail = (await smtp.waitFor(start + 1))[start];
    expect(mail.to).toEqual(['customer@demo.test']);
    expect(mail.from).toBe('no-reply@brand.test');
    expect(mail.raw).toContain(`expires in ${PORTAL_LINK_MINUTES} minutes`);
    const { origin, token } = linkOf(mail);
    expect(origin).toBe(`http://${brand.domain}`);
    const stored = await sql<{ token_hash: string }>`select token_hash from ${sql.id(brand.schema, 'portal_login_tokens')}`.execute(t.db);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].token_hash).not.toContain(token);

    const first = await signIn(brand, token);
    expect(first.status, first.text).toBe(200);
    expect(first.json.auth.data).toMatchObject({ is_loggedin: true, email: 'customer@demo.test', role: 'Customer' });
    const portal = await call(t.app, { method: 'POST', url: '/api/customerportal/filter', host: brand.host, cookie: sidCookie(first), body: {} });
    expect(portal.status).toBe(200);

    const again = await signIn(brand, token);
    expect(again.status).toBe(400);
    expect(again.json.auth.dbErrors[0]).toMatchObject({
      error: 'VALIDATION',
      details: 'token',
      primary: 'This link has expired or has already been used. Please request a new one.',
    });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('answers an unknown address and a staff address as a customer one, and mails neither', async () => {
    const brand = await brandWithMail();
    const before = smtp.messages.length;
    const known = await ask(brand, 'customer@demo.test');
    const unknown = await ask(brand, 'nobody@demo.test');
    const staff = await ask(brand, 'admin@demo.test');
    expect([known.status, unknown.status, staff.status]).toEqual([200, 200, 200]);
    expect(unknown.json.auth.data).toBe(known.json.auth.data);
    expect(staff.json.auth.data).toBe(known.json.auth.data);
    await smtp.waitFor(before + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.slice(before).map((m) => m.to[0])).toEqual(['customer@demo.test']);
  });

  it(`works for ${PORTAL_LINK_MINUTES} minutes, not after`, async () => {
    const brand = await brandWithMail();
    const early = await requestLink(brand);
    await letTimePass(brand, PORTAL_LINK_MINUTES - 1);
    expect((await signIn(brand, early)).status).toBe(200);

    const late = await requestLink(brand);
    await letTimePass(brand, PORTAL_LINK_MINUTES + 1);
    const refused = await signIn(brand, late);
    expect(refused.status).toBe(400);
    expect(refused.json.auth.dbErrors[0].details).toBe('token');
  });

  it('a newer link replaces the older one', async () => {
    const brand = await brandWithMail();
    const older = await requestLink(brand);
    const newer = await requestLink(brand);
    expect((await signIn(brand, older)).status).toBe(400);
    expect((await signIn(brand, newer)).status).toBe(200);
  });

  it('is refused on another brand, for a missing token and for a user hidden since', async () => {
    const brand = await brandWithMail();
    const other = await brandWithMail();
    const token = await requestLink(brand);
    const elsewhere = await signIn(other, token);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json.auth.dbErrors[0].details).toBe('token');
    const missing = await signIn(brand, '');
    expect(missing.json.auth.dbErrors[0]).toMatchObject({ details: 'token', primary: 'Missing token value from URL!' });

    await sql`update ${sql.id(brand.schema, 'users')} set is_hidden = true where email = 'customer@demo.test'`.execute(t.db);
    expect((await signIn(brand, token)).status).toBe(400);
  });

  it('limits requests per target address and per client address, known or not', async () => {
    const brand = await brandWithMail();
    for (const address of ['customer@demo.test', 'ghost@demo.test']) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await ask(brand, address)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
    const fromOne: number[] = [];
    for (let i = 0; i < 21; i += 1) fromOne.push((await ask(brand, `someone${i}@demo.test`, '10.25.0.1')).status);
    expect(fromOne.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(fromOne[20]).toBe(429);
    const limited = await ask(brand, 'another@demo.test', '10.25.0.1');
    expect(limited.json.auth.dbErrors[0].error).toBe('RATE_LIMITED');
  });

  it('refuses a bad address with the spec message', async () => {
    const brand = await brandWithMail();
    const res = await ask(brand, 'not an address');
    expect(res.status).toBe(400);
    expect(res.json.auth.dbErrors[0]).toMatchObject({ details: 'mail_address' });
  });
});
