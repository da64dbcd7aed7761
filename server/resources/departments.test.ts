import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDepartments } from '../seed/departments';
import { DEMO_HOST, call, createTestBrand, login, useTestApp } from '../test/helpers';

const t = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
});

/** A prefix nobody else uses in this run (^[A-Z0-9]{1,6}$). */
function freshPrefix(): string {
  return `Z${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
}

const create = (body: unknown, cookie = admin, host = DEMO_HOST) => call(t.app, { method: 'POST', url: '/api/departments/create', body, cookie, host });

describe('departments CRUD', () => {
  it('creates, reads, updates and deletes a department, with snackbar headers', async () => {
    const prefix = freshPrefix();
    const made = await create({ de_name: 'Glazing', de_prefix: prefix, de_description: '', de_color: '#123ABC' });
    expect(made.status).toBe(201);
    expect(made.headers['x-show-snackbar']).toBe('1');
    const rec = made.json.departments.data;
    expect(rec).toMatchObject({ de_name: 'Glazing', de_prefix: prefix, de_description: null, de_color: '#123ABC', de_is_active: true });
    expect(rec.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const details = await call(t.app, { url: `/api/departments/${rec.de_id}/details`, cookie: admin });
    expect(details.status).toBe(200);
    expect(details.json.departments.data).toEqual(rec);
    expect(details.headers['x-show-snackbar']).toBeUndefined();

    const patched = await call(t.app, {
      method: 'PATCH',
      url: `/api/departments/${rec.de_id}`,
      cookie: admin,
      body: { de_name: 'Glazing & Windows', de_is_active: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.headers['x-show-snackbar']).toBe('1');
    expect(patched.json.departments.data).toMatchObject({ de_name: 'Glazing & Windows', de_prefix: prefix, de_is_active: false });

    // Edit forms send the whole record back; server-owned fields are ignored.
    const whole = await call(t.app, {
      method: 'PATCH',
      url: `/api/departments/${rec.de_id}`,
      cookie: admin,
      body: { ...patched.json.departments.data, de_id: 999999, created_at: '2000-01-01 00:00:00', de_color: '' },
    });
    expect(whole.status).toBe(200);
    expect(whole.json.departments.data).toMatchObject({ de_id: rec.de_id, created_at: rec.created_at, de_color: null });

    const deleted = await call(t.app, { method: 'DELETE', url: `/api/departments/${rec.de_id}`, cookie: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.headers['x-show-snackbar']).toBe('1');
    const gone = await call(t.app, { url: `/api/departments/${rec.de_id}/details`, cookie: admin });
    expect(gone.status).toBe(404);
    expect(gone.json.departments.dbErrors[0]).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('404 for a record that does not exist, on details, update and delete', async () => {
    for (const [method, url] of [
      ['GET', '/api/departments/2147483000/details'],
      ['PATCH', '/api/departments/2147483000'],
      ['DELETE', '/api/departments/2147483000'],
    ] as const) {
      const res = await call(t.app, { method, url, cookie: admin, body: method === 'PATCH' ? { de_name: 'x' } : undefined });
      expect(res.status, method).toBe(404);
      expect(res.json.departments.data).toBeNull();
      expect(res.json.departments.dbErrors[0].error).toBe('NOT_FOUND');
    }
  });

  it('400 for an id that is not a number', async () => {
    const res = await call(t.app, { url: '/api/departments/abc/details', cookie: admin });
    expect(res.status).toBe(400);
    expect(res.json.departments.dbErrors[0]).toMatchObject({ error: 'VALIDATION', details: 'id' });
  });
});

describe('departments validation', () => {
  const errorsOf = (res: { json: { departments: { dbErrors: { details: string; primary: string }[] } } }) =>
    Object.fromEntries(res.json.departments.dbErrors.map((e) => [e.details, e.primary]));

  it('requires name and prefix', async () => {
    const res = await create({});
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual({ de_name: 'Field is required!', de_prefix: 'Field is required!' });
    expect(res.json.departments.dbErrors.every((e: { error: string; general: unknown }) => e.error === 'VALIDATION' && e.general === null)).toBe(true);
  });

  it('treats empty strings as missing', async () => {
    const res = await create({ de_name: '', de_prefix: freshPrefix() });
    expect(errorsOf(res)).toEqual({ de_name: 'Field is required!' });
  });

  it('limits text to 100 and 3000 characters', async () => {
    const res = await create({ de_name: 'x'.repeat(101), de_prefix: freshPrefix(), de_description: 'y'.repeat(3001) });
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual({ de_name: 'Max. 100 chars!', de_description: 'Max. 3000 chars!' });
    const ok = await create({ de_name: 'x'.repeat(100), de_prefix: freshPrefix(), de_description: 'y'.repeat(3000) });
    expect(ok.status).toBe(201);
  });

  it('refuses a bad prefix, a bad colour and a non-boolean with Invalid value', async () => {
    const res = await create({ de_name: 'Bad', de_prefix: 'bad-1', de_color: 'red', de_is_active: 'maybe' });
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual({ de_prefix: 'Invalid value', de_color: 'Invalid value', de_is_active: 'Invalid value' });
  });

  it('refuses unknown fields with Invalid value naming the field', async () => {
    const res = await create({ de_name: 'Odd', de_prefix: freshPrefix(), hacker: 1 });
    expect(res.status).toBe(400);
    expect(res.json.departments.dbErrors).toEqual([{ error: 'VALIDATION', details: 'hacker', primary: 'Invalid value', general: null }]);
  });

  it('checks only the present fields on PATCH', async () => {
    const made = await create({ de_name: 'Patchable', de_prefix: freshPrefix() });
    const id = made.json.departments.data.de_id;
    const ok = await call(t.app, { method: 'PATCH', url: `/api/departments/${id}`, cookie: admin, body: { de_description: 'Only this' } });
    expect(ok.status).toBe(200);
    const bad = await call(t.app, { method: 'PATCH', url: `/api/departments/${id}`, cookie: admin, body: { de_name: null } });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)).toEqual({ de_name: 'Field is required!' });
  });

  it('refuses a body that is not an object', async () => {
    const res = await create([1, 2]);
    expect(res.status).toBe(400);
    expect(res.json.departments.dbErrors[0].error).toBe('VALIDATION');
  });

  it('409 CONFLICT for a duplicate prefix, naming the field', async () => {
    const prefix = freshPrefix();
    expect((await create({ de_name: 'First', de_prefix: prefix })).status).toBe(201);
    const dup = await create({ de_name: 'Second', de_prefix: prefix });
    expect(dup.status).toBe(409);
    expect(dup.json.departments.dbErrors[0]).toMatchObject({ error: 'CONFLICT', details: 'de_prefix', primary: 'A record with this value already exists.' });
    expect(dup.text).not.toMatch(/duplicate key|constraint|site_/i);
  });
});

describe('departments lists', () => {
  let brand: Awaited<ReturnType<typeof createTestBrand>>;
  let cookie: string;

  beforeAll(async () => {
    brand = await createTestBrand(t.db);
    cookie = await login(t.app, brand.host, 'operator@demo.test');
    await createDepartments(t.db, brand.schema, [
      { de_name: 'Alpha works', de_prefix: 'ALP', de_description: 'Pipes and drains' },
      { de_name: 'bravo team', de_prefix: 'BRV', de_description: 'Electric pipes', de_is_active: false },
      { de_name: 'Charlie crew', de_prefix: 'CHA', de_description: 'Roof 100% done_ok' },
      { de_name: 'Delta', de_prefix: 'DLT', de_description: null },
      { de_name: 'Echo', de_prefix: 'ECH', de_description: 'Gas' },
    ]);
  });

  const list = (query = '') => call(t.app, { url: `/api/departments/list${query}`, host: brand.host, cookie });
  const filter = (body: unknown, query = '') => call(t.app, { method: 'POST', url: `/api/departments/filter${query}`, host: brand.host, cookie, body });
  const names = (res: { json: { departments: { data: { de_name: string }[] } } }) => res.json.departments.data.map((d) => d.de_name);

  it('lists by the default sort (name, case-insensitive) without totalCount unless asked', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Alpha works', 'bravo team', 'Charlie crew', 'Delta', 'Echo']);
    expect(res.json.departments.metadata).not.toHaveProperty('totalCount');
  });

  it('sorts by several fields, descending with -', async () => {
    expect(names(await list('?sort=-de_prefix'))).toEqual(['Echo', 'Delta', 'Charlie crew', 'bravo team', 'Alpha works']);
    expect(names(await list('?sort=-de_is_active,de_name'))).toEqual(['Alpha works', 'Charlie crew', 'Delta', 'Echo', 'bravo team']);
  });

  it('400 Invalid value for a field that cannot be sorted', async () => {
    for (const sort of ['de_description', 'nope', 'de_name;drop table x']) {
      const res = await list(`?sort=${encodeURIComponent(sort)}`);
      expect(res.status, sort).toBe(400);
      expect(res.json.departments.dbErrors[0]).toMatchObject({ error: 'VALIDATION', details: 'sort', primary: 'Invalid value' });
    }
  });

  it('pages with limit and 1-based pagenumber, with totalCount on request', async () => {
    const p1 = await list('?limit=2&pagenumber=1&totalcount=1');
    const p3 = await list('?limit=2&pagenumber=3&totalcount=1');
    const p4 = await list('?limit=2&pagenumber=4');
    expect(names(p1)).toEqual(['Alpha works', 'bravo team']);
    expect(names(p3)).toEqual(['Echo']);
    expect(names(p4)).toEqual([]);
    expect(p1.json.departments.metadata.totalCount).toBe(5);
    expect(p3.json.departments.metadata.totalCount).toBe(5);
  });

  it('400 for a bad limit or page number', async () => {
    for (const q of ['?limit=0', '?limit=abc', '?pagenumber=0', '?totalcount=yes']) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
      expect(res.json.departments.dbErrors[0].error).toBe('VALIDATION');
    }
    expect((await list('?limit=abc')).json.departments.dbErrors[0]).toMatchObject({ details: 'limit', primary: 'Invalid number' });
  });

  it('caps limit at 500', async () => {
    expect((await list('?limit=100000')).status).toBe(200);
  });

  it('searches free text over the searchable fields, case-insensitive', async () => {
    const res = await filter({ stext: 'PIPES' }, '?totalcount=1');
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Alpha works', 'bravo team']);
    expect(res.json.departments.metadata.totalCount).toBe(2);
    expect(names(await filter({ stext: 'rav' }))).toEqual(['bravo team']);
  });

  it('matches LIKE wildcards in stext literally', async () => {
    expect(names(await filter({ stext: '100%' }))).toEqual(['Charlie crew']);
    expect(names(await filter({ stext: 'e_o' }))).toEqual(['Charlie crew']);
    expect(names(await filter({ stext: '%%%' }))).toEqual([]);
  });

  it('400 At least 3 characters for a shorter stext', async () => {
    const res = await filter({ stext: ' ab ' });
    expect(res.status).toBe(400);
    expect(res.json.departments.dbErrors[0]).toEqual({ error: 'VALIDATION', details: 'stext', primary: 'At least 3 characters', general: null });
  });

  it('treats an empty stext as no filter', async () => {
    expect(names(await filter({ stext: '' }))).toHaveLength(5);
  });

  it('filters by filter fields (text as prefix, booleans exactly) and by ids', async () => {
    expect(names(await filter({ de_name: 'ch' }))).toEqual(['Charlie crew']);
    expect(names(await filter({ de_is_active: false }))).toEqual(['bravo team']);
    expect(names(await filter({ de_prefix: 'D', de_is_active: true }))).toEqual(['Delta']);
    const all = (await list()).json.departments.data as { de_id: number; de_name: string }[];
    const ids = [all[0].de_id, all[4].de_id];
    expect(names(await filter({ ids }))).toEqual(['Alpha works', 'Echo']);
    expect(names(await filter({ ids: [] }))).toEqual([]);
  });

  it('400 for a filter on a field that is not a filter, or bad ids', async () => {
    const notFilter = await filter({ de_description: 'Gas' });
    expect(notFilter.status).toBe(400);
    expect(notFilter.json.departments.dbErrors[0]).toMatchObject({ details: 'de_description', primary: 'Invalid value' });
    const badIds = await filter({ ids: ['x'] });
    expect(badIds.status).toBe(400);
    expect(badIds.json.departments.dbErrors[0].details).toBe('ids');
  });

  it("never shows another brand's departments", async () => {
    const res = await filter({ de_prefix: 'PLB' });
    expect(names(res)).toEqual([]);
  });

  it('409 This record is in use when another row refers to it', async () => {
    const [deId] = await createDepartments(t.db, brand.schema, [{ de_name: 'Referenced', de_prefix: 'REF' }]);
    // A throwaway table standing in for jobs, which will reference departments.
    const table = sql.id(brand.schema, 'test_refs');
    await sql`create table ${table} (id serial primary key, de_id integer references ${sql.id(brand.schema, 'departments')}(de_id))`.execute(t.db);
    await sql`insert into ${table} (de_id) values (${deId})`.execute(t.db);
    const admin2 = await login(t.app, brand.host, 'admin@demo.test');
    const res = await call(t.app, { method: 'DELETE', url: `/api/departments/${deId}`, host: brand.host, cookie: admin2 });
    expect(res.status).toBe(409);
    expect(res.json.departments.dbErrors[0]).toMatchObject({ error: 'CONFLICT', primary: 'This record is in use and cannot be deleted.' });
    expect(res.text).not.toMatch(/foreign key|test_refs|site_/i);
    const still = await call(t.app, { url: `/api/departments/${deId}/details`, host: brand.host, cookie: admin2 });
    expect(still.status).toBe(200);
  });
});
