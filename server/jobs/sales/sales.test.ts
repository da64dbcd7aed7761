import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, login, useTestApp } from '../../test/helpers';
import { brandJobs, makeJob } from './testJobs';

const t = useTestApp();
let operator = '';

const salesUrl = (job: number) => `/api/jobs/${job}/sales`;

async function addSection(job: number, body: Record<string, unknown> = {}) {
  const res = await call(t.app, { method: 'POST', url: salesUrl(job), cookie: operator, body });
  expect(res.status, res.text).toBe(201);
  return res.json.jobs.data;
}

beforeAll(async () => {
  operator = await login(t.app, 'localhost', 'operator@demo.test');
});

describe('sales sections', () => {
  it('creates a section with the site defaults and computes exact totals', async () => {
    const job = await makeJob(t.db);
    const created = await addSection(job, { jss_title: 'Repairs' });
    const section = created.sections[0];
    expect(section.jss_invoice_type).toBe('QUOTE');
    expect(section.jss_expiry_days).toBe(60);
    const due = new Date(`${section.jss_due_date.replace(' ', 'T')}Z`).getTime();
    expect(Math.round((due - Date.now()) / 86400000)).toBeGreaterThanOrEqual(29);

    const items = [{ sales_kind: 'quote', item_code: 'TAP', qty: 3, net_unit_sales: '19.99', net_unit_cost: '10.005', tax_rate: 20 }];
    for (let i = 0; i < 30; i++) items.push({ sales_kind: 'sales', item_code: 'X', qty: 1, net_unit_sales: '0.10', net_unit_cost: '0', tax_rate: 0 });
    const res = await call(t.app, { method: 'PATCH', url: `${salesUrl(job)}/${section.jss_id}`, cookie: operator, body: { items } });
    expect(res.status, res.text).toBe(200);
    expect(res.headers['x-show-snackbar']).toBe('1');
    const s = res.json.jobs.data.sections[0];
    expect(s.items[0].net_amount).toBe('59.97');
    expect(s.items).toHaveLength(31);
    // 59.97 + 30 × 0.10 = 62.97 exactly; tax 20 % of 59.97 = 11.99 (11.994 rounded).
    expect(s.totals).toEqual({ net: '62.97', tax: '11.99', gross: '74.96', cost: '30.03', margin: '32.94' });
    expect(res.json.jobs.data.net_quote).toBe('62.97');
    const stored = await brandJobs(t.db).selectFrom('jobs').select(['net_quote', 'net_sales']).where('job_id', '=', job).executeTakeFirstOrThrow();
    expect(Number(stored.net_quote)).toBe(62.97);
  });

  it('keeps net_quote and net_sales up to date over invoice types', async () => {
    const job = await makeJob(t.db);
    await addSection(job, { jss_invoice_type: 'QUOTE', items: [{ sales_kind: 'quote', qty: 2, net_unit_sales: '100.00' }] });
    await addSection(job, { jss_invoice_type: 'INVOICE', items: [{ sales_kind: 'invoice', qty: 1, net_unit_sales: '150.50' }] });
    await addSection(job, { jss_invoice_type: 'ADVANCE_PAYMENT', items: [{ sales_kind: 'invoice', qty: 1, net_unit_sales: '20' }] });
    const last = await addSection(job, { jss_invoice_type: 'CREDIT_NOTE', items: [{ sales_kind: 'invoice', qty: 1, net_unit_sales: '0.50' }] });
    expect(last.net_quote).toBe('200.00');
    expect(last.net_sales).toBe('170.00');
    const credit = last.sections[3];
    const del = await call(t.app, { method: 'DELETE', url: `${salesUrl(job)}/${credit.jss_id}`, cookie: operator });
    expect(del.status).toBe(200);
    expect(del.json.jobs.data.net_sales).toBe('170.50');
    const history = await brandJobs(t.db).selectFrom('job_history').select(['jh_action', 'jh_entity']).where('job_id', '=', job).execute();
    expect(history.filter((h) => h.jh_entity === 'sales').map((h) => h.jh_action)).toEqual(['create', 'create', 'create', 'create', 'delete']);
  });

  it('answers SPEC.md validation messages per field', async () => {
    const job = await makeJob(t.db);
    const res = await call(t.app, {
      method: 'POST',
      url: salesUrl(job),
      cookie: operator,
      body: { jss_invoice_type: 'BILL', jss_title: 'x'.repeat(101), items: [{ sales_kind: 'quote', qty: 'abc' }, { qty: 1 }] },
    });
    expect(res.status).toBe(400);
    const errors = res.json.jobs.dbErrors.map((e: { details: string; primary: string }) => [e.details, e.primary]);
    expect(errors).toEqual(
      expect.arrayContaining([
        ['jss_invoice_type', 'Invalid value'],
        ['jss_title', 'Max. 100 chars!'],
        ['items.0.qty', 'Invalid number'],
        ['items.1.sales_kind', 'Field is required!'],
      ]),
    );
    expect(await brandJobs(t.db).selectFrom('job_sales_sections').select('jss_id').where('job_id', '=', job).execute()).toHaveLength(0);
  });

  it('duplicates a section with its rows and reorders sections and rows', async () => {
    const job = await makeJob(t.db);
    const first = await addSection(job, {
      jss_title: 'A',
      items: [
        { sales_kind: 'quote', qty: 1, net_unit_sales: 1 },
        { sales_kind: 'cost', qty: 2, net_unit_sales: 2 },
      ],
    });
    const a = first.sections[0];
    const dup = await call(t.app, { method: 'POST', url: `/api/jobs/${job}/salessectionduplicate`, cookie: operator, body: { jss_id: a.jss_id } });
    expect(dup.status).toBe(201);
    expect(dup.headers['x-show-snackbar']).toBe('1');
    const sections = dup.json.jobs.data.sections;
    expect(sections).toHaveLength(2);
    expect(sections[1].jss_title).toBe('A');
    expect(sections[1].items.map((i: { net_amount: string }) => i.net_amount)).toEqual(['1.00', '4.00']);
    expect(dup.json.jobs.data.net_quote).toBe('10.00');

    const ids = sections.map((s: { jss_id: number }) => s.jss_id);
    const reordered = await call(t.app, { method: 'PATCH', url: `/api/jobs/${job}/salessections`, cookie: operator, body: { order: [ids[1], ids[0]] } });
    expect(reordered.status).toBe(200);
    expect(reordered.json.jobs.data.sections.map((s: { jss_id: number }) => s.jss_id)).toEqual([ids[1], ids[0]]);
    const bad = await call(t.app, { method: 'PATCH', url: `/api/jobs/${job}/salessections`, cookie: operator, body: { order: [ids[0]] } });
    expect(bad.status).toBe(400);
    expect(bad.json.jobs.dbErrors[0].details).toBe('order');

    const rowIds = a.items.map((i: { sales_id: number }) => i.sales_id);
    const rows = await call(t.app, {
      method: 'PATCH',
      url: `/api/jobs/${job}/salessectionitems`,
      cookie: operator,
      body: { jss_id: a.jss_id, order: [rowIds[1], rowIds[0]] },
    });
    expect(rows.status).toBe(200);
    const moved = rows.json.jobs.data.sections.find((s: { jss_id: number }) => s.jss_id === a.jss_id);
    expect(moved.items.map((i: { sales_id: number }) => i.sales_id)).toEqual([rowIds[1], rowIds[0]]);

    const missing = await call(t.app, { method: 'POST', url: `/api/jobs/${job}/salessectionduplicate`, cookie: operator, body: { jss_id: 999999 } });
    expect(missing.status).toBe(404);
  });

  it('words a bad duplicate or reorder body as the spec does', async () => {
    const job = await makeJob(t.db);
    const { jss_id } = (await addSection(job)).sections[0];
    const errors = async (method: 'POST' | 'PATCH', name: string, body: unknown) => {
      const res = await call(t.app, { method, url: `/api/jobs/${job}/${name}`, cookie: operator, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.json.jobs.dbErrors.map((e: { details: string; primary: string }) => [e.details, e.primary]);
    };
    expect(await errors('POST', 'salessectionduplicate', {})).toEqual([['jss_id', 'Field is required!']]);
    expect(await errors('POST', 'salessectionduplicate', { jss_id: 'x' })).toEqual([['jss_id', 'Invalid number']]);
    expect(await errors('POST', 'salessectionduplicate', { jss_id: 0 })).toEqual([['jss_id', 'Invalid value']]);
    expect(await errors('PATCH', 'salessections', {})).toEqual([['order', 'Field is required!']]);
    expect(await errors('PATCH', 'salessections', { order: 'x' })).toEqual([['order', 'Field is required!']]);
    expect(await errors('PATCH', 'salessections', { order: ['a', 1.5] })).toEqual([['order', 'Invalid value']]);
    expect(await errors('PATCH', 'salessections', { order: [jss_id, jss_id] })).toEqual([['order', 'Invalid value']]);
    expect(await errors('PATCH', 'salessectionitems', { order: [] })).toEqual([['jss_id', 'Field is required!']]);
  });

  it('refuses every change to a final section with XE_SEC_FINAL and changes nothing', async () => {
    const job = await makeJob(t.db);
    const made = await addSection(job, {
      items: [
        { sales_kind: 'quote', qty: 1, net_unit_sales: 5 },
        { sales_kind: 'quote', qty: 1, net_unit_sales: 6 },
      ],
    });
    const s = made.sections[0];
    const fin = await call(t.app, { method: 'PATCH', url: `${salesUrl(job)}/${s.jss_id}`, cookie: operator, body: { jss_is_final: true } });
    expect(fin.status).toBe(200);
    expect(fin.json.jobs.data.sections[0].jss_is_final).toBe(true);
    const before = await call(t.app, { url: salesUrl(job), cookie: operator });
    const ids = s.items.map((i: { sales_id: number }) => i.sales_id);

    const attempts = [
      { method: 'PATCH' as const, url: `${salesUrl(job)}/${s.jss_id}`, body: { jss_title: 'changed' } },
      { method: 'PATCH' as const, url: `${salesUrl(job)}/${s.jss_id}`, body: { jss_is_final: false } },
      { method: 'PATCH' as const, url: `${salesUrl(job)}/${s.jss_id}`, body: { items: [] } },
      { method: 'PATCH' as const, url: `${salesUrl(job)}/${s.jss_id}`, body: { jss_costs_locked: true } },
      { method: 'DELETE' as const, url: `${salesUrl(job)}/${s.jss_id}` },
      { method: 'PATCH' as const, url: `/api/jobs/${job}/salessectionitems`, body: { jss_id: s.jss_id, order: [ids[1], ids[0]] } },
    ];
    for (const a of attempts) {
      const res = await call(t.app, { ...a, cookie: operator });
      expect(res.status, `${a.method} ${a.url}`).toBe(409);
      expect(res.json.jobs.dbErrors[0]).toMatchObject({ error: 'XE_SEC_FINAL', primary: 'Section is final, update is not allowed.' });
    }
    const after = await call(t.app, { url: salesUrl(job), cookie: operator });
    expect(after.json.jobs.data).toEqual(before.json.jobs.data);
  });

  it('refuses roles outside office staff and other brands', async () => {
    const job = await makeJob(t.db);
    for (const email of ['customer@demo.test', 'sales@demo.test', 'engineer@demo.test']) {
      const cookie = await login(t.app, 'localhost', email);
      const get = await call(t.app, { url: salesUrl(job), cookie });
      expect(get.status, email).toBe(403);
      expect(get.json.jobs.dbErrors[0].general).toBe('role');
      expect((await call(t.app, { method: 'POST', url: salesUrl(job), cookie, body: {} })).status).toBe(403);
    }
    const acme = await login(t.app, ACME_HOST, 'operator@demo.test');
    expect((await call(t.app, { url: salesUrl(job), host: ACME_HOST, cookie: acme })).status).toBe(404);
    expect((await call(t.app, { method: 'POST', url: salesUrl(job), host: ACME_HOST, cookie: acme, body: {} })).status).toBe(404);
  });

  it('applies the assigned-users rule to sales writes', async () => {
    const job = await makeJob(t.db);
    const admin = await brandJobs(t.db).selectFrom('users').select('us_id').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    await brandJobs(t.db).insertInto('job_assigned_users').values({ job_id: job, us_id: admin.us_id }).execute();
    const res = await call(t.app, { method: 'POST', url: salesUrl(job), cookie: operator, body: {} });
    expect(res.status).toBe(403);
    expect(res.json.jobs.dbErrors[0]).toMatchObject({ general: 'record', primary: 'You are not allowed to modify this job.' });
  });
});
