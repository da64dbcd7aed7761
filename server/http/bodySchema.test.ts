/**
 * Body schemas of action routes (server/http/bodySchema.ts): AJV refuses with the spec's messages,
 * after the access check, and never changes the body the handler reads.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTestBrand, login, useTestApp } from '../test/helpers';

const t = useTestApp();
let host: string;
let operator: string;
let engineer: string;

const flag = (body: unknown, cookie = operator) => call(t.app, { method: 'POST', url: '/api/notifications/2147483647/flaggedstatus', host, cookie, body });
const remove = (body: unknown, cookie = operator) => call(t.app, { method: 'POST', url: '/api/engineerreports/removereports', host, cookie, body });

beforeAll(async () => {
  const brand = await createTestBrand(t.db);
  host = brand.host;
  [operator, engineer] = await Promise.all([login(t.app, host, 'operator@demo.test'), login(t.app, host, 'engineer@demo.test')]);
});

describe('action body schemas', () => {
  it('answers the access check before the body: no session 401, another role 403', async () => {
    expect((await flag({ is_flagged: 'yes' }, '')).status).toBe(401);
    expect((await flag({ is_flagged: 'yes' }, engineer)).status).toBe(403);
  });

  it('still answers a bad id before the access check', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/notifications/abc/flaggedstatus', host, body: { is_flagged: 'yes' } });
    expect(res.status).toBe(400);
    expect(res.json.notifications.dbErrors[0]).toMatchObject({ error: 'VALIDATION', details: 'id' });
  });

  it('words AJV refusals as the spec does; null and empty count as absent', async () => {
    for (const body of [{}, { is_flagged: null }, { is_flagged: '' }, null]) {
      const res = await flag(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.notifications.dbErrors[0], JSON.stringify(body)).toMatchObject({
        error: 'VALIDATION',
        details: 'is_flagged',
        primary: 'Field is required!',
      });
    }
    for (const is_flagged of ['true', 1, 0, [true]]) {
      const res = await flag({ is_flagged });
      expect(res.status, JSON.stringify(is_flagged)).toBe(400);
      expect(res.json.notifications.dbErrors).toEqual([{ error: 'VALIDATION', primary: 'Invalid value', details: 'is_flagged', general: null }]);
    }
    const notObject = await flag([{ is_flagged: true }]);
    expect(notObject.json.notifications.dbErrors[0]).toMatchObject({ details: 'body', primary: 'Invalid value' });
  });

  it("uses a schema's own message (x-message) and lets valid bodies through untouched", async () => {
    const wrong = await remove({ er_ids: true });
    expect(wrong.json.engineerreports.dbErrors[0]).toMatchObject({ details: 'er_ids', primary: 'Invalid value' });
    const pattern = await remove({ er_ids: '1,,2' });
    expect(pattern.json.engineerreports.dbErrors[0]).toMatchObject({ details: 'er_ids', primary: 'Invalid value' });
    // A number is not turned into a string (nor the other way round): the handler reads it as sent.
    const ok = await remove({ er_ids: 2147483646 });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.engineerreports.data).toEqual({ removed: 0 });
    const missing = await flag({ is_flagged: true });
    expect(missing.status).toBe(404);
  });
});
