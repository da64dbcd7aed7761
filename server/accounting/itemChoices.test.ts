/** GET xeroitems/choices: the items a sales row offers, for the staff who edit sales, not only the admins. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, login, useTestApp, useTestBrand } from '../test/helpers';

const t = useTestApp();
const own = useTestBrand(t);
let operator: string;

const choices = (q: string | null, cookie = operator, host = own.brand.host) =>
  call(t.app, { url: `/api/xeroitems/choices${q === null ? '' : `?q=${encodeURIComponent(q)}`}`, cookie, host });
const codesOf = (res: { json: { xeroitems: { data: { code: string }[] } } }) => res.json.xeroitems.data.map((c) => c.code);

beforeAll(async () => {
  operator = await login(t.app, own.brand.host, 'operator@demo.test');
  const items = [
    { code: 'TAP-MIX', name: 'Mixer tap', description: 'Chrome mixer tap', unit_price: 89.5 },
    { code: 'BOILER-SVC', name: 'Boiler service', description: 'Annual service' },
    { code: 'SVC-CALL', name: 'Call-out (boiler or tap)', description: null },
    { code: 'OLD-TAP', name: 'Old tap', description: 'Discontinued', visible: false },
    { code: '50%_OFF', name: 'Half price labour', description: null },
  ];
  for (const item of items) {
    const made = await call(t.app, { method: 'POST', url: '/api/xeroitems/create', body: item, cookie: own.admin, host: own.brand.host });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
  }
});

describe('GET xeroitems/choices', () => {
  it('offers an operator the visible items by code, with name, description and price, hidden ones left out', async () => {
    const res = await choices(null);
    expect(res.status).toBe(200);
    expect(codesOf(res)).toEqual(['50%_OFF', 'BOILER-SVC', 'SVC-CALL', 'TAP-MIX']);
    expect(res.json.xeroitems.data[3]).toEqual({
      xi_id: expect.any(Number),
      code: 'TAP-MIX',
      name: 'Mixer tap',
      description: 'Chrome mixer tap',
      unit_price: 89.5,
    });
    expect(res.json.xeroitems.data[2].unit_price).toBeNull();
  });

  it('matches what was typed in the code or the name, codes starting with it first, wildcards taken literally', async () => {
    expect(codesOf(await choices('svc'))).toEqual(['SVC-CALL', 'BOILER-SVC']);
    expect(codesOf(await choices('tap'))).toEqual(['TAP-MIX', 'SVC-CALL']);
    expect(codesOf(await choices('%_'))).toEqual(['50%_OFF']);
    expect(codesOf(await choices('nothing like it'))).toEqual([]);
  });

  it('answers at most 20 choices', async () => {
    for (let i = 0; i < 21; i++)
      await call(t.app, {
        method: 'POST',
        url: '/api/xeroitems/create',
        body: { code: `BULK-${i}`, name: `Bulk ${i}` },
        cookie: own.admin,
        host: own.brand.host,
      });
    expect(codesOf(await choices('bulk'))).toHaveLength(20);
  });

  it('refuses a query over 100 characters, a brand without accounting and a visitor not logged in', async () => {
    const long = await choices('x'.repeat(101));
    expect(long.status).toBe(400);
    expect(long.json.xeroitems.dbErrors[0]).toMatchObject({ error: 'VALIDATION', details: 'q' });
    const acmeOperator = await login(t.app, ACME_HOST, 'operator@demo.test');
    const acme = await choices('', acmeOperator, ACME_HOST);
    expect(acme.status).toBe(403);
    expect(acme.json.xeroitems.dbErrors[0].general).toBe('feature');
    expect((await call(t.app, { url: '/api/xeroitems/choices', host: own.brand.host })).status).toBe(401);
  });
});
