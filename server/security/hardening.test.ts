/**
 * No 500 from input, the error log's bounds, a database outage as 503, and the CSRF and file-name
 * rules, each through the real app (inject) on the test database. Every case here answered 500 (or
 * let the request through) before server/security/ and the changes beside it.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDb } from '../db/kysely';
import { globalDb } from '../db/types';
import { freePort } from '../net/freePort';
import { sha256Hex } from '../auth/password';
import { DEMO_PASSWORD } from '../seed/people';
import { DEMO_HOST, call, createTestBrand, login, useTestApp, type TestBrand } from '../test/helpers';
import { upload } from '../files/testKit';

const filesRoot = path.join(os.tmpdir(), `hardening-${randomUUID()}`);
const t = useTestApp({ filesRoot });
let admin: string;
let brand: TestBrand;
let operator: string;

beforeAll(async () => {
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
  brand = await createTestBrand(t.db);
  operator = await login(t.app, brand.host, 'operator@demo.test');
});
afterAll(async () => {
  await fs.rm(filesRoot, { recursive: true, force: true });
});

const expect400 = (res: { status: number; json: Record<string, { dbErrors: { error: string }[] }> }, label: string) => {
  expect(res.status, label).toBe(400);
  const [body] = Object.values(res.json);
  expect(body.dbErrors[0].error, label).toBe('VALIDATION');
};

describe('no 500 from input', () => {
  it('a NUL byte in a text field is a 400 naming the field', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/departments/create', cookie: admin, body: { de_name: 'Nul\u0000name', de_prefix: 'NUL' } });
    expect400(res, 'NUL in de_name');
    expect(res.json.departments.dbErrors[0].details).toBe('de_name');
    const nested = await call(t.app, { method: 'POST', url: '/api/departments/filter', cookie: admin, body: { stext: 'abc\u0000' } });
    expect400(nested, 'NUL in stext');
  });

  it('a NUL byte in a path id or a query value is a 400', async () => {
    expect400(await call(t.app, { url: '/api/dev/globalerrors/x%00y/details', cookie: admin }), 'NUL in a text id');
    expect400(await call(t.app, { url: '/api/departments/1%00/details', cookie: admin }), 'NUL in a numeric id');
    expect400(await call(t.app, { url: '/api/departments/list?sort=de_name%00', cookie: admin }), 'NUL in a query value');
  });

  it('JSON nested 5,000 deep is a 400; ordinary nesting still passes', async () => {
    const deep = `{"stext":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect400(await call(t.app, { method: 'POST', url: '/api/departments/filter', cookie: admin, body: deep }), 'deep array');
    const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    expect400(await call(t.app, { method: 'POST', url: '/api/departments/filter', cookie: admin, body: deepObject }), 'deep object');
    // Brackets inside strings are text, not nesting.
    const ok = await call(t.app, {
      method: 'POST',
      url: '/api/departments/create',
      cookie: admin,
      body: { de_name: `Brackets ${randomUUID().slice(0, 8)}`, de_prefix: 'BRK', de_description: `${'['.repeat(300)}${'{'.repeat(300)}` },
    });
    expect(ok.status).toBe(201);
  });

  it("sort=__proto__, constructor or toString does not pass a plain object's allow-list", async () => {
    for (const sort of ['__proto__', 'constructor', 'toString', '-hasOwnProperty', 'valueOf']) {
      expect400(await call(t.app, { url: `/api/engineerreports/list?sort=${sort}`, cookie: admin }), `engineerreports sort=${sort}`);
      expect400(await call(t.app, { method: 'POST', url: `/api/notifications/filter?sort=${sort}`, cookie: admin, body: {} }), `notifications sort=${sort}`);
    }
  });

  it('the API reached as /%61pi/... goes through the origin check and the brand hooks', async () => {
    const config = await call(t.app, { url: '/%61pi/brandsiteconfig' });
    expect(config.status).toBe(200);
    expect(config.json.brandsiteconfig.data.name).toBe((await call(t.app, { url: '/api/brandsiteconfig' })).json.brandsiteconfig.data.name);
    const crossSite = await call(t.app, {
      method: 'POST',
      url: '/%61pi/auth/login',
      body: { email: 'admin@demo.test', password: sha256Hex(DEMO_PASSWORD) },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.json.auth.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', general: 'brand' });
    const unknownHost = await call(t.app, { url: '/%61pi/auth/whoami', host: 'nobody.example' });
    expect(unknownHost.status).toBe(404);
    expect((await call(t.app, { url: '/%61pi/departments/list', cookie: admin })).status).toBe(200);
  });

  it('malformed multipart is a 400', async () => {
    const bodies = [
      // cut off inside a part
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello',
      // a part header without its blank line
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n--XyZ--\r\n',
      // no boundary in the body at all
      'just some bytes',
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/files/upload',
        headers: { host: brand.host, cookie: operator, 'content-type': 'multipart/form-data; boundary=XyZ' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().files.dbErrors[0].error).toBe('VALIDATION');
    }
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: { host: brand.host, cookie: operator, 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(noBoundary.statusCode).toBe(400);
  });
});

describe('the error log', () => {
  it('folds repeats of one fault into one row with a count, and keeps a bounded number of rows per brand', async () => {
    const faulty = await buildApp({ db: t.db, brandCacheMs: 0, distDir: '/nonexistent-dist' });
    faulty.get('/api/boom/:word', async (req) => {
      throw new Error(`exploded on ${(req.params as { word: string }).word}`);
    });
    await faulty.ready();
    const previous = process.env.ERROR_LOG_MAX_PER_BRAND;
    try {
      // The same fault, anonymous, with a different number each time: one id, one row.
      const ids = new Set<string>();
      for (let i = 0; i < 5; i++) ids.add((await call(faulty, { url: `/api/boom/${1000 + i}`, host: brand.host })).json.boom.dbErrors[0].general);
      expect(ids.size).toBe(1);
      const [id] = [...ids];
      await new Promise((r) => setTimeout(r, 1100));
      await call(faulty, { url: '/api/boom/77', host: brand.host });
      const rows = await globalDb(t.db).selectFrom('error_logs').selectAll().where('brand_schema', '=', brand.schema).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].id).toBe(id);
      expect(rows[0].message).toBe('exploded on 77');
      expect(rows[0].occurrences).toBe(6);

      // Different faults: the brand keeps its newest ERROR_LOG_MAX_PER_BRAND rows.
      process.env.ERROR_LOG_MAX_PER_BRAND = '3';
      for (const word of ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta']) {
        faulty.log.level = 'silent';
        await call(faulty, { url: `/api/boom/${word}`, host: brand.host });
      }
      const kept = await globalDb(t.db).selectFrom('error_logs').select('message').where('brand_schema', '=', brand.schema).orderBy('created_at').execute();
      expect(kept.map((r) => r.message)).toEqual(['exploded on delta', 'exploded on epsilon', 'exploded on zeta']);
      // Other brands' rows are not touched by this brand's bound.
      expect(
        Number(
          (
            await globalDb(t.db)
              .selectFrom('error_logs')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('brand_schema', '=', 'site_1')
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBeGreaterThanOrEqual(0);
    } finally {
      if (previous === undefined) delete process.env.ERROR_LOG_MAX_PER_BRAND;
      else process.env.ERROR_LOG_MAX_PER_BRAND = previous;
      await faulty.close();
    }
  });
});

describe('a database outage', () => {
  it('answers 503 with Retry-After, not 500', async () => {
    const down = createDb(`postgres://nobody:nothing@127.0.0.1:${await freePort()}/none`, 1);
    const app = await buildApp({ db: down, brandCacheMs: 0, distDir: '/nonexistent-dist' });
    await app.ready();
    try {
      for (const url of ['/api/brandsiteconfig', '/api/auth/whoami', '/api/departments/list']) {
        const res = await call(app, { url });
        expect(res.status, url).toBe(503);
        expect(res.headers['retry-after'], url).toBe('5');
        const [body] = Object.values(res.json as Record<string, { dbErrors: { error: string }[] }>);
        expect(body.dbErrors[0].error).toBe('UNAVAILABLE');
      }
    } finally {
      await app.close();
      await down.destroy();
    }
  });
});

describe('CSRF and sessions', () => {
  it('compares scheme, host and port of Origin, not the host name alone', async () => {
    const create = (origin: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/departments/create',
        cookie: admin,
        body: { de_name: `O ${randomUUID().slice(0, 8)}`, de_prefix: 'ORG' },
        headers: { origin },
      });
    for (const origin of ['http://localhost:5173', 'https://localhost:3000', 'http://localhost', 'http://localhost:3001']) {
      const res = await create(origin);
      expect(res.status, origin).toBe(403);
      expect(res.json.departments.dbErrors[0].general).toBe('brand');
    }
    expect((await create('http://LOCALHOST:3000')).status).toBe(201);
  });

  it('a cross-site GET auth/logout does not log the user out', async () => {
    const cookie = await login(t.app, DEMO_HOST, 'operator@demo.test');
    const crossSite: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }, { origin: 'https://evil.example' }];
    for (const headers of crossSite) {
      const res = await call(t.app, { url: '/api/auth/logout', cookie, headers });
      expect(res.status).toBe(403);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect((await call(t.app, { url: '/api/auth/whoami', cookie })).json.auth.data.is_loggedin).toBe(true);
    }
    const own = await call(t.app, { url: '/api/auth/logout', cookie, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(own.status).toBe(200);
    expect((await call(t.app, { url: '/api/auth/whoami', cookie })).json.auth.data.is_loggedin).toBe(false);
  });
});

describe('files', () => {
  it('file names lose bidirectional-override characters, on upload and on rename', async () => {
    const res = await upload(t.app, {
      url: '/api/files/upload',
      cookie: operator,
      host: brand.host,
      files: [{ name: 'invoice\u202Efdp.txt', data: Buffer.from('hello') }],
    });
    expect(res.status).toBe(201);
    const [row] = res.json.files.data;
    expect(row.name).toBe('invoicefdp.txt');
    const renamed = await call(t.app, {
      method: 'PATCH',
      url: `/api/files/${row.file_id}`,
      host: brand.host,
      cookie: operator,
      body: { name: 'photo\u2066\u202Egpj.exe\u2069' },
    });
    expect(renamed.status).toBe(200);
    const details = await call(t.app, { url: `/api/files/${row.file_id}/details`, host: brand.host, cookie: operator });
    expect(details.json.files.data.name).toBe('photogpj.exe');
  });

  it('PDFs are served with the same sandbox CSP as other downloads', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const res = await upload(t.app, { url: '/api/files/upload', cookie: operator, host: brand.host, files: [{ name: 'quote.pdf', data: pdf }] });
    const [row] = res.json.files.data;
    for (const q of ['', '?inline=1']) {
      const dl = await t.app.inject({ url: `/api/files/download/${row.download_name}${q}`, headers: { host: brand.host, cookie: operator } });
      expect(dl.statusCode).toBe(200);
      expect(dl.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; sandbox");
    }
  });
});
