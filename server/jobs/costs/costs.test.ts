import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, login, useTestApp } from '../../test/helpers';
import { brandJobs, makeJob, supplierId, userId } from '../sales/testJobs';

const t = useTestApp();
let operator = '';
let engineerId = 0;
let supplier = 0;

const costsUrl = (job: number) => `/api/jobs/${job}/costs`;
const bulk = (job: number, rows: unknown[], cookie = operator) => call(t.app, { method: 'POST', url: costsUrl(job), cookie, body: { _bulk: rows } });

beforeAll(async () => {
  operator = await login(t.app, 'localhost', 'operator@demo.test');
  engineerId = await userId(t.db, 'engineer@demo.test');
  supplier = await supplierId(t.db);
});

describe('job costs', () => {
  it('creates, updates and deletes rows with exact net totals, history and notifications', async () => {
    const job = await makeJob(t.db, { engineers: [engineerId] });
    const created = await bulk(job, [
      {
        co_id: supplier,
        jc_item: 'Pipe',
        jc_qty_operator: 3,
        jc_net_price_operator: '19.99',
        jc_vat: 20,
        jc_cost_type: 'OUR_MATERIAL',
        jc_material_type: 'FROM_STOCK',
        jc_paid_amount: '10',
      },
      { us_id: engineerId, jc_item: 'Labour', jc_qty_operator: '2.5', jc_net_price_operator: '0.10', jc_cost_type: 'LABOUR' },
    ]);
    expect(created.status, created.text).toBe(200);
    expect(created.headers['x-show-snackbar']).toBe('1');
    const data = created.json.jobs.data;
    expect(data.rows.map((r: { jc_net_total: string }) => r.jc_net_total)).toEqual(['59.97', '0.25']);
    expect(data.rows[0]).toMatchObject({ supplier_name: expect.any(String), jc_vat_amount: '11.99', jc_qty_operator: '3', jc_net_price_operator: '19.99' });
    expect(data.rows[1].engineer_name).toBeTruthy();
    expect(data.totals).toEqual({ net: '60.22', vat: '11.99', gross: '72.21', paid: '10.00' });
    expect(data.engineers).toEqual([expect.objectContaining({ us_id: engineerId, locked: false })]);

    const [pipe, labour] = data.rows;
    const changed = await bulk(job, [
      { jc_id: pipe.jc_id, jc_qty_operator: 1 },
      { jc_id: labour.jc_id, _delete: true },
    ]);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.jobs.data.rows).toHaveLength(1);
    expect(changed.json.jobs.data.totals.net).toBe('19.99');

    const db = brandJobs(t.db);
    const history = await db.selectFrom('job_history').select('jh_action').where('job_id', '=', job).where('jh_entity', '=', 'cost').orderBy('jh_id').execute();
    expect(history.map((h) => h.jh_action)).toEqual(['create', 'create', 'update', 'delete']);
    const notes = await db.selectFrom('notifications').select('notif_type').where('job_id', '=', job).execute();
    expect(new Set(notes.map((n) => n.notif_type))).toEqual(new Set(['COST_ADDED', 'COST_MODIFIED', 'COST_REMOVED']));
  });

  it('raises NEED_MATERIAL or MATERIAL_DUE when a material ETA is set', async () => {
    const job = await makeJob(t.db);
    const soon = new Date(Date.now() + 86400000).toISOString().slice(0, 10);
    const later = new Date(Date.now() + 20 * 86400000).toISOString().slice(0, 10);
    const res = await bulk(job, [
      { co_id: supplier, jc_material_eta: soon },
      { co_id: supplier, jc_material_eta: later },
    ]);
    expect(res.status, res.text).toBe(200);
    const notes = await brandJobs(t.db).selectFrom('notifications').select('notif_type').where('job_id', '=', job).execute();
    const types = new Set(notes.map((n) => n.notif_type));
    expect(types.has('MATERIAL_DUE')).toBe(true);
    expect(types.has('NEED_MATERIAL')).toBe(true);
  });

  it('is all or nothing with per-row errors', async () => {
    const job = await makeJob(t.db, { engineers: [engineerId] });
    const first = await bulk(job, [{ co_id: supplier, jc_item: 'Keep', jc_qty_operator: 1, jc_net_price_operator: 1 }]);
    const keep = first.json.jobs.data.rows[0];
    const res = await bulk(job, [
      { jc_id: keep.jc_id, jc_item: 'Changed' },
      { co_id: supplier, jc_item: 'New' },
      { jc_item: 'No owner' },
      { co_id: supplier, us_id: engineerId },
      { co_id: engineerId },
      { co_id: supplier, jc_qty_operator: 'x', jc_cost_type: 'GOLD', jc_desc_operator: 'y'.repeat(3001) },
      { jc_id: 999999, jc_item: 'other' },
    ]);
    expect(res.status).toBe(400);
    const errors = res.json.jobs.dbErrors.map((e: { details: string; primary: string }) => [e.details, e.primary]);
    expect(errors).toEqual(
      expect.arrayContaining([
        ['_bulk.2.co_id', 'Field is required!'],
        ['_bulk.3.us_id', 'Invalid value'],
        ['_bulk.4.co_id', 'Invalid value'],
        ['_bulk.5.jc_qty_operator', 'Invalid number'],
        ['_bulk.5.jc_cost_type', 'Invalid value'],
        ['_bulk.5.jc_desc_operator', 'Max. 3000 chars!'],
        ['_bulk.6.jc_id', 'Invalid value'],
      ]),
    );
    const rows = await brandJobs(t.db).selectFrom('job_costs').select('jc_item').where('job_id', '=', job).execute();
    expect(rows.map((r) => r.jc_item)).toEqual(['Keep']);
  });

  it('locks and unlocks one engineer and a section unlock unlocks its costs', async () => {
    const other = await userId(t.db, 'engineer@demo.test');
    const job = await makeJob(t.db, { engineers: [other] });
    const section = await call(t.app, { method: 'POST', url: `/api/jobs/${job}/sales`, cookie: operator, body: { jss_costs_locked: true } });
    const jss = section.json.jobs.data.sections[0].jss_id;
    await bulk(job, [
      { us_id: other, jc_item: 'E' },
      { co_id: supplier, jc_item: 'S', jss_id: jss },
    ]);

    const locked = await call(t.app, { method: 'POST', url: `/api/jobs/${job}/engineerlockedstatus`, cookie: operator, body: { us_id: other, locked: true } });
    expect(locked.status, locked.text).toBe(200);
    const byItem = (d: { rows: { jc_item: string; jc_locked: boolean }[] }) => Object.fromEntries(d.rows.map((r) => [r.jc_item, r.jc_locked]));
    expect(byItem(locked.json.jobs.data)).toEqual({ E: true, S: false });
    expect(locked.json.jobs.data.engineers[0].locked).toBe(true);

    await brandJobs(t.db).updateTable('job_costs').set({ jc_locked: true }).where('jss_id', '=', jss).execute();
    const unlockSection = await call(t.app, { method: 'PATCH', url: `/api/jobs/${job}/sales/${jss}`, cookie: operator, body: { jss_costs_locked: false } });
    expect(unlockSection.status, unlockSection.text).toBe(200);
    const afterSection = await call(t.app, { url: `/api/jobs/${job}/costs`, cookie: operator });
    expect(byItem(afterSection.json.jobs.data)).toEqual({ E: true, S: false });

    // Staff still edit a locked engineer's cost.
    const e = afterSection.json.jobs.data.rows.find((r: { jc_item: string }) => r.jc_item === 'E');
    expect((await bulk(job, [{ jc_id: e.jc_id, jc_desc_operator: 'checked' }])).status).toBe(200);

    const unlocked = await call(t.app, {
      method: 'POST',
      url: `/api/jobs/${job}/engineerlockedstatus`,
      cookie: operator,
      body: { us_id: other, locked: false },
    });
    expect(byItem(unlocked.json.jobs.data)).toEqual({ E: false, S: false });
    const bad = await call(t.app, { method: 'POST', url: `/api/jobs/${job}/engineerlockedstatus`, cookie: operator, body: { us_id: supplier, locked: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.json.jobs.dbErrors).toEqual([{ error: 'VALIDATION', primary: 'Invalid value', details: 'locked', general: null }]);
    const missing = await call(t.app, { method: 'POST', url: `/api/jobs/${job}/engineerlockedstatus`, cookie: operator, body: { locked: true } });
    expect(missing.json.jobs.dbErrors).toEqual([{ error: 'VALIDATION', primary: 'Field is required!', details: 'us_id', general: null }]);
    const notEngineer = await call(t.app, {
      method: 'POST',
      url: `/api/jobs/${job}/engineerlockedstatus`,
      cookie: operator,
      body: { us_id: 2147483647, locked: true },
    });
    expect(notEngineer.json.jobs.dbErrors).toEqual([{ error: 'VALIDATION', primary: 'Invalid value', details: 'us_id', general: null }]);
  });

  it('refuses cost writes from a user who removed themselves from the assigned list', async () => {
    const job = await makeJob(t.db, { engineers: [engineerId] });
    const operatorId = await userId(t.db, 'operator@demo.test');
    const adminId = await userId(t.db, 'admin@demo.test');
    await brandJobs(t.db)
      .insertInto('job_assigned_users')
      .values([
        { job_id: job, us_id: operatorId },
        { job_id: job, us_id: adminId },
      ])
      .execute();
    expect((await bulk(job, [{ co_id: supplier, jc_item: 'Before' }])).status).toBe(200);
    const removed = await call(t.app, { method: 'PATCH', url: `/api/jobs/${job}`, cookie: operator, body: { assigned: [adminId] } });
    expect(removed.status, removed.text).toBe(200);
    const refused = await bulk(job, [{ co_id: supplier, jc_item: 'After' }]);
    expect(refused.status).toBe(403);
    expect(refused.json.jobs.dbErrors[0]).toMatchObject({ general: 'record', primary: 'You are not allowed to modify this job.' });
    const lock = await call(t.app, {
      method: 'POST',
      url: `/api/jobs/${job}/engineerlockedstatus`,
      cookie: operator,
      body: { us_id: engineerId, locked: true },
    });
    expect(lock.status).toBe(403);
    const rows = await brandJobs(t.db).selectFrom('job_costs').select('jc_item').where('job_id', '=', job).execute();
    expect(rows.map((r) => r.jc_item)).toEqual(['Before']);
    // Reading stays open.
    expect((await call(t.app, { url: costsUrl(job), cookie: operator })).status).toBe(200);
  });

  it('refuses Customer, Sales and Engineer, and other brands', async () => {
    const job = await makeJob(t.db);
    for (const email of ['customer@demo.test', 'sales@demo.test', 'engineer@demo.test']) {
      const cookie = await login(t.app, 'localhost', email);
      expect((await call(t.app, { url: costsUrl(job), cookie })).status, email).toBe(403);
      expect((await bulk(job, [{ co_id: supplier }], cookie)).status, email).toBe(403);
      expect(
        (await call(t.app, { method: 'POST', url: `/api/jobs/${job}/engineerlockedstatus`, cookie, body: { us_id: engineerId, locked: true } })).status,
      ).toBe(403);
    }
    const acme = await login(t.app, ACME_HOST, 'operator@demo.test');
    expect((await call(t.app, { url: costsUrl(job), host: ACME_HOST, cookie: acme })).status).toBe(404);
    expect((await call(t.app, { method: 'POST', url: costsUrl(job), host: ACME_HOST, cookie: acme, body: { _bulk: [] } })).status).toBe(404);
  });
});
