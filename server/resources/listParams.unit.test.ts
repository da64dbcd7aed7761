import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDef } from '../../core/resources/engine/types';
import { isAppError } from '../envelope/errors';
import { resourceInfo } from './fields';
import { listQuerySchema, MAX_LIMIT, parseListParams, parseSort, type ListQuery } from './listParams';

const info = resourceInfo({
  name: 'things',
  table: 'things',
  idField: 't_id',
  label: { one: 'thing', many: 'things' },
  fields: [
    { name: 't_id', type: 'number', label: 'id', readOnly: true, sortable: true },
    { name: 't_name', type: 'text', label: 'name', sortable: true },
    { name: 't_date', type: 'date', label: 'date', sortable: true },
    { name: 't_secret', type: 'text', label: 'secret' },
  ],
  listPath: '/things',
  itemPath: '/thing',
  gate: {},
  defaultSort: '-t_date',
  pageSize: 20,
  titleField: 't_name',
} as ResourceDef);

const sortError = (text: string) => {
  try {
    parseSort(info, text);
  } catch (err) {
    return isAppError(err) ? err.toDbErrors() : err;
  }
  return 'no error';
};

/** API.md: limit (default per resource), 1-based pagenumber, sort 'field' / '-field' separated by commas, totalcount=1. */
describe('list query parameters', () => {
  it('sorts by the named fields, descending with a leading -, and always ends with the id', () => {
    expect(parseSort(info, 't_name,-t_date')).toEqual([
      { column: 't_name', desc: false },
      { column: 't_date', desc: true },
      { column: 't_id', desc: false },
    ]);
    expect(parseSort(info, '-t_id,t_name')).toEqual([
      { column: 't_id', desc: true },
      { column: 't_name', desc: false },
    ]);
  });

  it('uses the default sort when none is given, and ignores blanks and repeats', () => {
    const byDefault = [
      { column: 't_date', desc: true },
      { column: 't_id', desc: false },
    ];
    expect(parseSort(info, undefined)).toEqual(byDefault);
    expect(parseSort(info, '')).toEqual(byDefault);
    expect(parseSort(info, ' t_name , ,t_name,-t_name ')).toEqual([
      { column: 't_name', desc: false },
      { column: 't_id', desc: false },
    ]);
  });

  it("refuses a field that is unknown or not sortable as 'Invalid value' on sort", () => {
    const refused = [{ error: 'VALIDATION', primary: 'Invalid value', details: 'sort', general: null }];
    expect(sortError('t_secret')).toEqual(refused);
    expect(sortError('nothing')).toEqual(refused);
    expect(sortError('t_name,-')).toEqual(refused);
  });

  it('pages from 1 with the resource page size by default, and caps the limit at 500', () => {
    expect(parseListParams(info, {})).toEqual({ limit: 20, offset: 0, sort: parseSort(info, undefined), withTotal: false });
    expect(parseListParams(info, { limit: 10, pagenumber: 3 })).toMatchObject({ limit: 10, offset: 20 });
    expect(parseListParams(info, { limit: MAX_LIMIT, pagenumber: 2 })).toMatchObject({ limit: 500, offset: 500 });
    expect(parseListParams(info, { limit: 501, pagenumber: 2 })).toMatchObject({ limit: 500, offset: 500 });
    expect(parseListParams(info, { sort: 't_name' }).sort[0]).toEqual({ column: 't_name', desc: false });
  });

  it.each([
    ['1', true],
    ['true', true],
    ['0', false],
    ['false', false],
    [undefined, false],
  ])('totalcount=%s asks for the total: %s', (totalcount, withTotal) => {
    expect(parseListParams(info, { totalcount }).withTotal).toBe(withTotal);
  });
});

describe('the query schema as Fastify applies it', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.get('/list', { schema: { querystring: listQuerySchema } }, async (req) => parseListParams(info, req.query as ListQuery));
    await app.ready();
  });
  afterAll(() => app.close());

  const status = async (query: string) => (await app.inject({ url: `/list?${query}` })).statusCode;

  it('accepts the documented parameters', async () => {
    const res = await app.inject({ url: '/list?limit=5&pagenumber=1000000&sort=-t_name&totalcount=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ limit: 5, offset: 4999995, withTotal: true });
    expect(await status('limit=1&pagenumber=1&totalcount=false')).toBe(200);
    expect(await status(`sort=${'t_name,'.repeat(42)}t_name`)).toBe(200);
  });

  it.each([
    ['limit=0'],
    ['limit=ten'],
    ['limit=1.5'],
    ['pagenumber=0'],
    ['pagenumber=1000001'],
    ['pagenumber=2.5'],
    ['totalcount=yes'],
    [`sort=${'t_name,'.repeat(43)}`],
  ])('refuses %s', async (query) => {
    expect(await status(query)).toBe(400);
  });

  it('documents each parameter for the OpenAPI page', () => {
    expect(listQuerySchema.type).toBe('object');
    expect(listQuerySchema.properties.limit.description).toBe('Page size; default per resource, at most 500 (larger values are capped)');
    expect(listQuerySchema.properties.pagenumber.description).toBe('1-based page number');
    expect(listQuerySchema.properties.sort.description).toBe("Sortable fields, comma-separated; '-field' sorts descending");
    expect(listQuerySchema.properties.totalcount.description).toBe('1: answer metadata.totalCount');
  });
});
