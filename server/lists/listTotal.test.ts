import { describe, expect, it } from 'vitest';
import { call, useTestApp, useTestBrand } from '../test/helpers';

const t = useTestApp();
const own = useTestBrand(t);

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, { method, url: `/api/${url}`, body, cookie: own.admin, host: own.brand.host });
const total = async (body: unknown = {}) => {
  const res = await api('POST', 'contacts/filter?limit=2&pagenumber=1&sort=co_company&totalcount=1', body);
  expect(res.status, res.text).toBe(200);
  return res.json.contacts.metadata.totalCount as number;
};

describe('the total of an unfiltered list', () => {
  it('follows creates and deletes, and agrees with a filtered count of the same rows', async () => {
    const start = await total();
    // Every contact of this brand is one of the types: the same rows, counted by the filter.
    const everyType = { co_type: ['CLIENT', 'ENGINEER', 'SUPPLIER', 'OPERATOR', 'CUSTOMER'] };
    expect(await total(everyType)).toBe(start);

    const made: number[] = [];
    for (const [i, company] of ['Zenith', 'alder', 'Birch'].entries()) {
      const res = await api('POST', 'contacts/create', { co_name: `Total ${i}`, co_type: 'SUPPLIER', co_company: company });
      expect(res.status, res.text).toBe(201);
      made.push(res.json.contacts.data.co_id);
    }
    expect(await total()).toBe(start + 3);
    expect(await total(everyType)).toBe(start + 3);

    expect((await api('DELETE', `contacts/${made[0]}`)).status).toBe(200);
    expect(await total()).toBe(start + 2);
    expect(await total(everyType)).toBe(start + 2);
  });

  it('gives every page its own rows and the same total however often each is asked, sorted either way', async () => {
    for (let i = 0; i < 8; i++) expect((await api('POST', 'contacts/create', { co_name: `Paged ${i}`, co_type: 'CLIENT' })).status).toBe(201);
    const all = await api('POST', 'contacts/filter?limit=1000&pagenumber=1&sort=co_id&totalcount=1', {});
    const ids = (all.json.contacts.data as { co_id: number }[]).map((c) => c.co_id);
    expect(ids.length).toBeGreaterThanOrEqual(8);
    // Each page's statement runs more often than PostgreSQL needs to keep one plan for it (five), with other pages between.
    for (let round = 0; round < 3; round++) {
      for (const [sort, order] of [
        ['co_id', ids],
        ['-co_id', [...ids].reverse()],
      ] as const) {
        for (let page = 1; page <= Math.ceil(ids.length / 3); page++) {
          const res = await api('POST', `contacts/filter?limit=3&pagenumber=${page}&sort=${sort}&totalcount=1`, {});
          expect((res.json.contacts.data as { co_id: number }[]).map((c) => c.co_id)).toEqual(order.slice((page - 1) * 3, page * 3));
          expect(res.json.contacts.metadata.totalCount).toBe(ids.length);
        }
      }
    }
  });

  it('sorts the whole list by a column other than the name, any case', async () => {
    const res = await api('POST', `contacts/filter?limit=100&pagenumber=1&sort=co_company&totalcount=1`, {});
    const companies = (res.json.contacts.data as { co_company: string | null }[]).map((c) => c.co_company).filter((c): c is string => c !== null);
    expect(companies).toEqual([...companies].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(companies).toEqual(expect.arrayContaining(['alder', 'Birch']));
  });
});
