import { describe, expect, it } from 'vitest';
import { createDataProvider } from './resourceDataProvider';
import { makeClient, jsonAnswer, enTranslate } from './testing';

const ok = (data: unknown, totalCount?: number) =>
  jsonAnswer(200, { departments: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true }, totalCount } } });

function setup() {
  const { client, deps } = makeClient();
  return { deps, provider: createDataProvider(client, enTranslate) };
}

const call = (deps: ReturnType<typeof setup>['deps'], i = 0) => {
  const [url, init] = deps.fetch.mock.calls[i];
  return { url: String(url), method: init?.method, body: init?.body ? JSON.parse(init.body as string) : undefined };
};

describe('resource data provider', () => {
  it('getList → POST filter with limit, pagenumber, sort, totalcount and stext', async () => {
    const { deps, provider } = setup();
    deps.fetch.mockResolvedValue(ok([{ de_id: 4, de_name: 'Plumbing' }], 31));
    const res = await provider.getList('departments', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'de_name', order: 'DESC' },
      filter: { q: 'plu', de_is_active: true },
    });
    expect(call(deps)).toEqual({
      url: 'http://test.local/api/departments/filter?limit=20&pagenumber=2&sort=-de_name&totalcount=1',
      method: 'POST',
      body: { stext: 'plu', de_is_active: true },
    });
    expect(res).toEqual({ data: [{ de_id: 4, de_name: 'Plumbing', id: 4 }], total: 31 });
  });

  it('sorting by id uses the idField', async () => {
    const { deps, provider } = setup();
    deps.fetch.mockResolvedValue(ok([]));
    await provider.getList('departments', { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(call(deps).url).toContain('sort=de_id');
  });

  it('getOne → GET {id}/details', async () => {
    const { deps, provider } = setup();
    deps.fetch.mockResolvedValue(ok({ de_id: 9, de_name: 'HVAC' }));
    const res = await provider.getOne('departments', { id: 9 });
    expect(call(deps)).toMatchObject({ url: 'http://test.local/api/departments/9/details', method: 'GET' });
    expect(res.data).toEqual({ de_id: 9, de_name: 'HVAC', id: 9 });
  });

  it('getMany → filter with ids; getManyReference → filter with the target', async () => {
    const { deps, provider } = setup();
    deps.fetch.mockResolvedValue(ok([{ de_id: 1 }, { de_id: 2 }]));
    await provider.getMany('departments', { ids: [1, 2] });
    expect(call(deps).body).toEqual({ ids: [1, 2] });
    deps.fetch.mockResolvedValue(ok([]));
    await provider.getManyReference('departments', {
      target: 'co_id',
      id: 5,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'de_name', order: 'ASC' },
      filter: {},
    });
    expect(call(deps, 1).body).toEqual({ co_id: 5 });
  });

  it('create → POST create with only writable fields', async () => {
    const { deps, provider } = setup();
    deps.fetch.mockResolvedValue(ok({ de_id: 12, de_name: 'Roofing', de_prefix: 'RF' }));
    const res = await provider.create('departments', { data: { de_name: 'Roofing', de_prefix: 'RF', de_description: '', de_id: 99, created_at: 'x', id: 99 } });
    expect(call(deps)).toEqual({
      url: 'http://test.local/api/departments/create',
      method: 'POST',
      body: { de_name: 'Roofing', de_prefix: 'RF', de_description: null },
    });
    expect(res.data.id).toBe(12);
  });

  it('update → PATCH with only the changed fields; nothing changed → no call', async () => {
    const { deps, provider } = setup();
    const previousData = { id: 3, de_id: 3, de_name: 'Old', de_prefix: 'OL', de_is_active: true, created_at: '2026-01-01 00:00:00' };
    deps.fetch.mockResolvedValue(ok({ ...previousData, de_name: 'New' }));
    const res = await provider.update('departments', { id: 3, data: { ...previousData, de_name: 'New' }, previousData });
    expect(call(deps)).toEqual({ url: 'http://test.local/api/departments/3', method: 'PATCH', body: { de_name: 'New' } });
    expect(res.data).toMatchObject({ id: 3, de_name: 'New' });
    await provider.update('departments', { id: 3, data: previousData, previousData });
    expect(deps.fetch).toHaveBeenCalledTimes(1);
  });

  it('delete → DELETE; deleteMany and updateMany loop', async () => {
    const { deps, provider } = setup();
    deps.fetch.mockImplementation(async () => ok(null));
    await provider.delete('departments', { id: 5, previousData: { id: 5 } });
    expect(call(deps)).toMatchObject({ url: 'http://test.local/api/departments/5', method: 'DELETE' });
    const many = await provider.deleteMany('departments', { ids: [6, 7] });
    expect(many.data).toEqual([6, 7]);
    expect(deps.fetch.mock.calls.slice(1).map(([u, i]) => `${i?.method} ${u}`)).toEqual([
      'DELETE http://test.local/api/departments/6',
      'DELETE http://test.local/api/departments/7',
    ]);
    await provider.updateMany('departments', { ids: [1, 2], data: { de_is_active: false } });
    expect(deps.fetch.mock.calls.slice(3).map(([u, i]) => `${i?.method} ${u} ${i?.body}`)).toEqual([
      'PATCH http://test.local/api/departments/1 {"de_is_active":false}',
      'PATCH http://test.local/api/departments/2 {"de_is_active":false}',
    ]);
  });
});
