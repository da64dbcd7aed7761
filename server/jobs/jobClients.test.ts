import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, DEMO_HOST, call, createTestBrand, login, uniqueName, useTestApp } from '../test/helpers';

const t = useTestApp();
let operator: string;

beforeAll(async () => {
  // Acme has accounting off: its Contacts page (and /api/contacts) is closed to everyone.
  operator = await login(t.app, ACME_HOST, 'operator@demo.test');
});

const create = (body: unknown, cookie = operator, host = ACME_HOST) => call(t.app, { method: 'POST', url: '/api/jobclients/create', body, cookie, host });
const search = (body: unknown, cookie = operator, host = ACME_HOST) =>
  call(t.app, { method: 'POST', url: '/api/jobclients/filter?totalcount=1', body, cookie, host });
const errorsOf = (res: { json: { jobclients: { dbErrors: { details: string; primary: string }[] } } }) =>
  Object.fromEntries(res.json.jobclients.dbErrors.map((e) => [e.details, e.primary]));

describe('the job form’s clients on a brand without the Contacts page', () => {
  it('lets an operator create a client, find it and give it to a new job', async () => {
    expect((await call(t.app, { url: '/api/contacts/list', cookie: operator, host: ACME_HOST })).status).toBe(403);
    const name = uniqueName('Harbour Lettings');

    const made = await create({ co_name: name, co_company: 'Harbour Ltd', co_email: 'office@harbour.test', co_phone: '', co_type: 'SUPPLIER' });
    expect(made.status).toBe(201);
    expect(made.headers['x-show-snackbar']).toBe('1');
    const client = made.json.jobclients.data;
    // Always a client, whatever type the body names; an empty phone is no phone.
    expect(client).toMatchObject({ co_name: name, co_company: 'Harbour Ltd', co_email: 'office@harbour.test', co_phone: null, co_type: 'CLIENT' });
    expect(client).not.toHaveProperty('xero_contact_id');

    const found = await search({ stext: name });
    expect(found.status).toBe(200);
    expect(found.json.jobclients.data.map((c: { co_id: number }) => c.co_id)).toEqual([client.co_id]);
    expect(found.json.jobclients.metadata.totalCount).toBe(1);
    const byId = await search({ ids: [client.co_id] });
    expect(byId.json.jobclients.data).toEqual([expect.objectContaining({ co_id: client.co_id, co_name: name })]);

    const departments = await call(t.app, { url: '/api/departments/list', cookie: operator, host: ACME_HOST });
    const job = await call(t.app, {
      method: 'POST',
      url: '/api/jobs/create',
      cookie: operator,
      host: ACME_HOST,
      body: { de_id: departments.json.departments.data[0].de_id, co_id: client.co_id, job_desc: 'Boiler service' },
    });
    expect(job.status).toBe(201);
    expect(job.json.jobs.data).toMatchObject({ co_id: client.co_id, co_name: name });
  });

  it('finds only clients, never suppliers, and refuses a body that asks for another type', async () => {
    const admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
    const name = uniqueName('Quayside Plumbing');
    const supplier = await call(t.app, { method: 'POST', url: '/api/contacts/create', cookie: admin, body: { co_name: name, co_type: 'SUPPLIER' } });
    expect(supplier.status).toBe(201);
    const found = await search({ stext: name }, admin, DEMO_HOST);
    expect(found.status).toBe(200);
    expect(found.json.jobclients.metadata.totalCount).toBe(0);
    // The type is not the caller's to choose: a body naming one is refused.
    expect((await search({ stext: name, co_type: 'SUPPLIER' }, admin, DEMO_HOST)).status).toBe(400);
  });

  it('refuses roles without job rights and callers who are not signed in', async () => {
    const engineer = await login(t.app, ACME_HOST, 'engineer@demo.test');
    const customer = await login(t.app, ACME_HOST, 'customer@demo.test');
    for (const cookie of [engineer, customer]) {
      const made = await create({ co_name: uniqueName('Not allowed') }, cookie);
      expect(made.status).toBe(403);
      expect(made.json.jobclients.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', general: 'role' });
      expect((await search({}, cookie)).status).toBe(403);
    }
    expect((await create({ co_name: uniqueName('Anonymous') }, '')).status).toBe(401);
  });

  it('answers bad input with 400 and the contact form’s messages, field by field', async () => {
    const missing = await create({ co_email: 'not-an-email', co_phone: 'x'.repeat(101) });
    expect(missing.status).toBe(400);
    expect(errorsOf(missing)).toMatchObject({ co_name: 'Field is required!' });
    const bad = await create({ co_name: 'Dockside Flats', co_email: 'not-an-email', co_phone: 'x'.repeat(101) });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)).toEqual({ co_email: 'Invalid email', co_phone: 'Max. 100 chars!' });
    // Fields the job form does not have (the accounting ones) cannot be written through it.
    const extra = await create({ co_name: 'Dockside Flats', xero_contact_id: 'xc-9' });
    expect(extra.status).toBe(400);
    expect(errorsOf(extra)).toEqual({ xero_contact_id: 'Invalid value' });
    const short = await search({ stext: 'ab' });
    expect(short.status).toBe(400);
    expect(errorsOf(short)).toEqual({ stext: 'At least 3 characters' });
  });

  it("never shows another brand's clients", async () => {
    const other = await createTestBrand(t.db);
    const otherAdmin = await login(t.app, other.host, 'admin@demo.test');
    const name = uniqueName('Elsewhere Estates');
    expect((await create({ co_name: name }, otherAdmin, other.host)).status).toBe(201);
    expect((await search({ stext: name }, otherAdmin, other.host)).json.jobclients.metadata.totalCount).toBe(1);
    expect((await search({ stext: name })).json.jobclients.metadata.totalCount).toBe(0);
  });
});
