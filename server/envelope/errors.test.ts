import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { globalDb } from '../db/types';
import { DEMO_HOST, call, login, useTestApp } from '../test/helpers';

const t = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
});

describe('error envelopes', () => {
  it('404 NOT_FOUND for an unknown API path, keyed by its group', async () => {
    const res = await call(t.app, { url: '/api/nothing/here', cookie: admin });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({
      nothing: {
        data: null,
        warning: null,
        metadata: { server_datetime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), userData: { isLogged: true } },
        dbErrors: [{ error: 'NOT_FOUND', primary: 'The requested record does not exist.', details: null, general: null }],
      },
    });
    const post = await call(t.app, { method: 'POST', url: '/api/departments/nope', cookie: admin, body: {} });
    expect(post.status).toBe(404);
    expect(post.json.departments.dbErrors[0].error).toBe('NOT_FOUND');
  });

  it('400 for malformed JSON', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/auth/login', body: '{"email": "a@b.c", ' });
    expect(res.status).toBe(400);
    expect(res.json.auth.dbErrors[0]).toMatchObject({ error: 'VALIDATION', primary: 'Invalid value' });
  });

  it('400 for an unsupported content type', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/departments/create', cookie: admin, headers: { 'content-type': 'application/xml' } });
    expect(res.status).toBe(400);
    expect(res.json.departments.dbErrors[0].error).toBe('VALIDATION');
  });

  it('413 TOO_LARGE for a body over the limit', async () => {
    const big = JSON.stringify({ de_name: 'x', de_description: 'y'.repeat(2 * 1024 * 1024) });
    const res = await call(t.app, { method: 'POST', url: '/api/departments/create', cookie: admin, body: big });
    expect(res.status).toBe(413);
    expect(res.json.departments.dbErrors[0]).toMatchObject({ error: 'TOO_LARGE', primary: 'Max upload limit reached.' });
  });

  it('treats an empty JSON body as no body', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/departments/filter', cookie: admin, body: '' });
    expect(res.status).toBe(200);
  });

  it('500 INTERNAL with only an error-log id; the stack stays in global.error_logs', async () => {
    // A fresh app, so a throwing route can be added before it is ready.
    const faulty = await buildApp({ db: t.db, brandCacheMs: 0, distDir: '/nonexistent-dist' });
    faulty.get('/api/boom/now', async () => {
      throw new Error('select secret from passwords -- internal detail');
    });
    await faulty.ready();
    const res = await call(faulty, { url: '/api/boom/now' });
    expect(res.status).toBe(500);
    const entry = res.json.boom.dbErrors[0];
    expect(entry).toMatchObject({ error: 'INTERNAL', primary: 'Unknown error!', details: null });
    expect(entry.general).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.text).not.toMatch(/secret|passwords|at .*\.ts|stack/i);
    const logged = await globalDb(t.db).selectFrom('error_logs').selectAll().where('id', '=', entry.general).executeTakeFirstOrThrow();
    expect(logged.message).toContain('select secret');
    expect(logged.stack).toContain('Error');
    expect(logged).toMatchObject({ method: 'GET', url: '/api/boom/now', brand_schema: 'site_1' });
    await faulty.close();
  });

  it('never crashes on odd input', async () => {
    const odd = [
      { method: 'POST' as const, url: '/api/departments/filter', body: 'null' },
      { method: 'POST' as const, url: '/api/departments/filter', body: '"text"' },
      { method: 'POST' as const, url: '/api/departments/filter', body: { stext: { $ne: 1 } } },
      { method: 'POST' as const, url: '/api/departments/filter', body: { ids: 'DROP' } },
      { method: 'POST' as const, url: '/api/departments/filter', body: { __proto__: { x: 1 }, de_name: 'a' } },
      { method: 'PATCH' as const, url: '/api/departments/1', body: { de_name: ['a'] } },
      { method: 'GET' as const, url: '/api/departments/99999999999/details' },
      { method: 'GET' as const, url: '/api/%E0%A4%A' },
    ];
    for (const o of odd) {
      const res = await call(t.app, { ...o, cookie: admin });
      expect(res.status, `${o.method} ${o.url} ${JSON.stringify(o.body)}`).toBeLessThan(500);
      expect(res.json).not.toBeNull();
    }
  });
});
