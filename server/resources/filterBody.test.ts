/**
 * POST {resource}/filter checks its body on the route (filterBodySchema) and in parseFilterBody:
 * the route refuses what the handler refused with the same answer, and lets through what the
 * handler reads (ids as text, blank values as no filter).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTestBrand, login, useTestApp } from '../test/helpers';

const t = useTestApp();
let host: string;
let admin: string;

const filter = (body: unknown, cookie = admin) => call(t.app, { method: 'POST', url: '/api/departments/filter', host, cookie, body });

beforeAll(async () => {
  host = (await createTestBrand(t.db)).host;
  admin = await login(t.app, host, 'admin@demo.test');
});

describe('resource filter body', () => {
  it('answers the access check before the body', async () => {
    expect((await filter({ nope: 1 }, '')).status).toBe(401);
  });

  it('refuses an unknown key, a wrong type and a body that is not an object with "Invalid value" on the field', async () => {
    for (const [body, field] of [
      [{ nope: 1 }, 'nope'],
      [{ stext: 12345 }, 'stext'],
      [{ ids: 'DROP' }, 'ids'],
      ['"text"', 'body'],
    ] as const) {
      const res = await filter(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.departments.dbErrors, JSON.stringify(body)).toEqual([{ error: 'VALIDATION', primary: 'Invalid value', details: field, general: null }]);
    }
  });

  it("keeps the list's own messages for the text's length", async () => {
    const short = await filter({ stext: ' ab ' });
    expect(short.status).toBe(400);
    expect(short.json.departments.dbErrors[0]).toMatchObject({ details: 'stext', primary: 'At least 3 characters' });
    const long = await filter({ stext: 'x'.repeat(101) });
    expect(long.json.departments.dbErrors[0]).toMatchObject({ details: 'stext', primary: 'Max. 100 chars!' });
  });

  it('lets through ids given as text and empty values', async () => {
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/departments/create',
      host,
      cookie: admin,
      body: { de_name: 'Filter body dept', de_prefix: 'FB' },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.departments.data.de_id as number;
    const res = await filter({ ids: [String(id)], stext: null, nope: '' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.departments.data.map((r: { de_id: number }) => r.de_id)).toEqual([id]);
  });
});
