import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, DEMO_HOST, call, createTestBrand, login, uniqueName, useTestApp } from '../test/helpers';

const t = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
});

const create = (body: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, { method: 'POST', url: '/api/contacts/create', body, cookie, host });
const errorsOf = (res: { json: { contacts: { dbErrors: { details: string; primary: string }[] } } }) =>
  Object.fromEntries(res.json.contacts.dbErrors.map((e) => [e.details, e.primary]));

describe('contacts', () => {
  it('creates, reads, updates and deletes a contact; empty strings become null', async () => {
    const name = uniqueName('Hollis Roofing');
    const made = await create({ co_name: name, co_type: 'SUPPLIER', co_email: '', xero_contact_id: 'xc-1', co_commission: 12.5, co_tax_payable: 'INPUT2' });
    expect(made.status).toBe(201);
    expect(made.headers['x-show-snackbar']).toBe('1');
    const rec = made.json.contacts.data;
    expect(rec).toMatchObject({
      co_name: name,
      co_type: 'SUPPLIER',
      co_email: null,
      xero_contact_id: 'xc-1',
      co_rates_special: false,
      co_commission_special: false,
    });
    expect(rec).not.toHaveProperty('search');

    const details = await call(t.app, { url: `/api/contacts/${rec.co_id}/details`, cookie: admin });
    expect(details.json.contacts.data.co_name).toBe(name);
    const patched = await call(t.app, {
      method: 'PATCH',
      url: `/api/contacts/${rec.co_id}`,
      cookie: admin,
      body: { co_rates_special: true, co_rates_note: 'Night rate +20%' },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.contacts.data).toMatchObject({ co_rates_special: true, co_rates_note: 'Night rate +20%' });

    const suppliers = await call(t.app, { method: 'POST', url: '/api/contacts/suppliers?totalcount=1', cookie: admin, body: { stext: name } });
    expect(suppliers.json.contacts.data.map((c: { co_id: number }) => c.co_id)).toEqual([rec.co_id]);
    const engineers = await call(t.app, { method: 'POST', url: '/api/contacts/engineers?totalcount=1', cookie: admin, body: { stext: name } });
    expect(engineers.json.contacts.metadata.totalCount).toBe(0);

    expect((await call(t.app, { method: 'DELETE', url: `/api/contacts/${rec.co_id}`, cookie: admin })).status).toBe(200);
    expect((await call(t.app, { url: `/api/contacts/${rec.co_id}/details`, cookie: admin })).status).toBe(404);
  });

  it('answers each validation message of SPEC.md point 5', async () => {
    const res = await create({ co_type: 'NOBODY', co_email: 'not-an-email', co_commission: 'lots', co_phone: 'x'.repeat(101), co_address: 'x'.repeat(3001) });
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual({
      co_name: 'Field is required!',
      co_type: 'Invalid value',
      co_email: 'Invalid email',
      co_commission: 'Invalid number',
      co_phone: 'Max. 100 chars!',
      co_address: 'Max. 3000 chars!',
    });
  });

  it('the rates note is mandatory if rates are special, the commission note if commission is special', async () => {
    const res = await create({ co_name: 'Special', co_type: 'CLIENT', co_rates_special: true, co_rates_note: '', co_commission_special: true });
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual({ co_rates_note: 'Field is required!', co_commission_note: 'Field is required!' });

    // On update the rule sees the stored flag even when the body names only the note.
    const made = await create({ co_name: uniqueName('Flagged'), co_type: 'CLIENT', co_rates_special: true, co_rates_note: 'Weekend rates' });
    const id = made.json.contacts.data.co_id;
    const cleared = await call(t.app, { method: 'PATCH', url: `/api/contacts/${id}`, cookie: admin, body: { co_rates_note: '' } });
    expect(cleared.status).toBe(400);
    expect(errorsOf(cleared)).toEqual({ co_rates_note: 'Field is required!' });
    const both = await call(t.app, { method: 'PATCH', url: `/api/contacts/${id}`, cookie: admin, body: { co_rates_special: false, co_rates_note: '' } });
    expect(both.status).toBe(200);
    expect(both.json.contacts.data.co_rates_note).toBeNull();
  });

  it('filters by free text (at least 3 characters), type, sort, page and total', async () => {
    const tag = uniqueName('zq').toLowerCase();
    for (const [n, t] of [
      ['Alpha', 'CLIENT'],
      ['bravo', 'CLIENT'],
      ['Charlie', 'ENGINEER'],
    ]) {
      expect((await create({ co_name: `${n} ${tag}`, co_type: t, co_company: 'Findable Ltd' })).status).toBe(201);
    }
    const short = await call(t.app, { method: 'POST', url: '/api/contacts/filter', cookie: admin, body: { stext: 'ab' } });
    expect(short.status).toBe(400);
    expect(short.json.contacts.dbErrors[0]).toMatchObject({ details: 'stext', primary: 'At least 3 characters' });

    const page = await call(t.app, {
      method: 'POST',
      url: '/api/contacts/filter?limit=2&pagenumber=1&sort=-co_name&totalcount=1',
      cookie: admin,
      body: { stext: tag.toUpperCase(), co_type: 'CLIENT' },
    });
    expect(page.status).toBe(200);
    expect(page.json.contacts.metadata.totalCount).toBe(2);
    expect(page.json.contacts.data.map((c: { co_name: string }) => c.co_name)).toEqual([`bravo ${tag}`, `Alpha ${tag}`]);
    const wildcard = await call(t.app, { method: 'POST', url: '/api/contacts/filter?totalcount=1', cookie: admin, body: { stext: '%%%' } });
    expect(wildcard.json.contacts.metadata.totalCount).toBe(0);
  });

  it('refuses roles outside staff, read-only staff writes, and brands without job.xero', async () => {
    const engineer = await login(t.app, DEMO_HOST, 'engineer@demo.test');
    const byEngineer = await call(t.app, { url: '/api/contacts/list', cookie: engineer });
    expect(byEngineer.status).toBe(403);
    expect(byEngineer.json.contacts.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', general: 'role' });

    const user = await login(t.app, DEMO_HOST, 'user@demo.test');
    expect((await call(t.app, { url: '/api/contacts/list', cookie: user })).status).toBe(200);
    const write = await create({ co_name: 'Nope', co_type: 'CLIENT' }, user);
    expect(write.status).toBe(403);

    const acme = await login(t.app, ACME_HOST, 'admin@demo.test');
    const off = await call(t.app, { url: '/api/contacts/list', cookie: acme, host: ACME_HOST });
    expect(off.status).toBe(403);
    expect(off.json.contacts.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', general: 'feature' });
    expect((await call(t.app, { url: '/api/contacts/list' })).status).toBe(401);
  });

  it("never reaches another brand's contact, by id or by filter", async () => {
    const other = await createTestBrand(t.db);
    const otherAdmin = await login(t.app, other.host, 'admin@demo.test');
    const name = uniqueName('Secret Client');
    const mine = await create({ co_name: name, co_type: 'CLIENT' });
    const id = mine.json.contacts.data.co_id;
    expect((await call(t.app, { url: `/api/contacts/${id}/details`, cookie: otherAdmin, host: other.host })).status).toBe(404);
    expect((await call(t.app, { method: 'PATCH', url: `/api/contacts/${id}`, cookie: otherAdmin, host: other.host, body: { co_name: 'x' } })).status).toBe(404);
    expect((await call(t.app, { method: 'DELETE', url: `/api/contacts/${id}`, cookie: otherAdmin, host: other.host })).status).toBe(404);
    const found = await call(t.app, {
      method: 'POST',
      url: '/api/contacts/filter?totalcount=1',
      cookie: otherAdmin,
      host: other.host,
      body: { stext: name, ids: [id] },
    });
    expect(found.json.contacts.metadata.totalCount).toBe(0);
    // The demo admin's cookie means nothing on the other brand.
    expect((await call(t.app, { url: `/api/contacts/${id}/details`, cookie: admin, host: other.host })).status).toBe(401);
  });
});
