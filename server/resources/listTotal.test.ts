import { describe, expect, it } from 'vitest';
import { call, useTestApp, useTestBrand } from '../test/helpers';

const t = useTestApp();
const own = useTestBrand(t);

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => call(t.app, { method, url: `/api/${url}`, body, cookie: own.admin, host: own.brand.host });
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

  it('sorts the whole list by a column other than the name, any case', async () => {
    const res = await api('POST', `contacts/filter?limit=100&pagenumber=1&sort=co_company&totalcount=1`, {});
    const companies = (res.json.contacts.data as { co_company: string | null }[]).map((c) => c.co_company).filter((c): c is string => c !== null);
    expect(companies).toEqual([...companies].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(companies).toEqual(expect.arrayContaining(['alder', 'Birch']));
  });
});
