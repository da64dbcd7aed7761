import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDef } from '../../core/resources/engine/types';
import { isAppError } from '../envelope/errors';
import { resourceInfo } from '../resources/fields';
import {
  listQuerySchema,
  MAX_LIMIT,
  parseListQuery,
  parseSearchText,
  parseSort,
  stextBodySchema,
  wantsTotal,
  type ListQuery,
  type SortOptions,
} from './listQuery';

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
const things = info.list.sort!;

/** The dbErrors entries a refusal answers with, or 'no error'. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (err) {
    return isAppError(err) ? err.toDbErrors() : err;
  }
  return 'no error';
}
const refused = (details: string, primary: string) => [{ error: 'VALIDATION', primary, details, general: null }];
const sortError = (text: string, options: SortOptions = things) => refusal(() => parseSort(text, options));

/** API.md: limit (default per resource), 1-based pagenumber, sort 'field' / '-field' separated by commas, totalcount=1. */
describe('list query parameters', () => {
  it("a resource's list: its page size, default sort and sortable fields, the id last", () => {
    expect(info.list).toEqual({
      pageSize: 20,
      sort: { sortable: ['t_id', 't_name', 't_date'], defaultSort: '-t_date', tieBreaker: { column: 't_id', desc: false } },
    });
  });

  it('sorts by the named fields, descending with a leading -, and always ends with the id', () => {
    expect(parseSort('t_name,-t_date', things)).toEqual([
      { column: 't_name', desc: false },
      { column: 't_date', desc: true },
      { column: 't_id', desc: false },
    ]);
    expect(parseSort('-t_id,t_name', things)).toEqual([
      { column: 't_id', desc: true },
      { column: 't_name', desc: false },
    ]);
  });

  it('uses the default sort when none is given, and ignores blanks and repeats', () => {
    const byDefault = [
      { column: 't_date', desc: true },
      { column: 't_id', desc: false },
    ];
    expect(parseSort(undefined, things)).toEqual(byDefault);
    expect(parseSort('', things)).toEqual(byDefault);
    expect(parseSort(' t_name , ,t_name,-t_name ', things)).toEqual([
      { column: 't_name', desc: false },
      { column: 't_id', desc: false },
    ]);
  });

  it("refuses a field that is unknown or not sortable as 'Invalid value' on sort", () => {
    const invalidSort = refused('sort', 'Invalid value');
    expect(sortError('t_secret')).toEqual(invalidSort);
    expect(sortError('nothing')).toEqual(invalidSort);
    expect(sortError('t_name,-')).toEqual(invalidSort);
  });

  it('without a tie-breaker the sort is what was asked; a descending one is kept descending', () => {
    const plain: SortOptions<'a' | 'b' | 'id'> = { sortable: ['a', 'b'], defaultSort: '-a' };
    expect(parseSort(undefined, plain)).toEqual([{ column: 'a', desc: true }]);
    expect(parseSort('b,a', plain)).toEqual([
      { column: 'b', desc: false },
      { column: 'a', desc: false },
    ]);
    const newestLast = { ...plain, tieBreaker: { column: 'id' as const, desc: true } };
    expect(parseSort('b', newestLast)).toEqual([
      { column: 'b', desc: false },
      { column: 'id', desc: true },
    ]);
    // The tie-breaker need not be sortable itself: it is only ever the last key.
    expect(sortError('id', newestLast)).toEqual(refused('sort', 'Invalid value'));
  });

  it('a map of sortable names gives their columns, and reads its own keys only', () => {
    const mapped: SortOptions = {
      sortable: { created_at: 'n.created_at', notif_id: 'n.notif_id', job_number: 'j.job_number' },
      defaultSort: '-created_at',
      tieBreaker: { column: 'n.notif_id', desc: true },
    };
    expect(parseSort(undefined, mapped)).toEqual([
      { column: 'n.created_at', desc: true },
      { column: 'n.notif_id', desc: true },
    ]);
    expect(parseSort('job_number,notif_id', mapped)).toEqual([
      { column: 'j.job_number', desc: false },
      { column: 'n.notif_id', desc: false },
    ]);
    expect(parseSort('created_at,-created_at', mapped)).toEqual([
      { column: 'n.created_at', desc: false },
      { column: 'n.notif_id', desc: true },
    ]);
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'n.created_at'])
      expect(sortError(name, mapped)).toEqual(refused('sort', 'Invalid value'));
  });

  it('pages from 1 with the resource page size by default, and caps the limit at 500', () => {
    expect(MAX_LIMIT).toBe(500);
    expect(parseListQuery({}, info.list)).toEqual({ limit: 20, offset: 0, sort: parseSort(undefined, things), withTotal: false });
    expect(parseListQuery(undefined, info.list)).toEqual({ limit: 20, offset: 0, sort: parseSort(undefined, things), withTotal: false });
    expect(parseListQuery({ limit: 10, pagenumber: 3 }, info.list)).toMatchObject({ limit: 10, offset: 20 });
    expect(parseListQuery({ limit: MAX_LIMIT, pagenumber: 2 }, info.list)).toMatchObject({ limit: 500, offset: 500 });
    expect(parseListQuery({ limit: 501, pagenumber: 2 }, info.list)).toMatchObject({ limit: 500, offset: 500 });
    expect(parseListQuery({ sort: 't_name' }, info.list).sort[0]).toEqual({ column: 't_name', desc: false });
    expect(parseListQuery({}, { pageSize: 501 }).limit).toBe(500);
    expect(() => parseListQuery({ sort: 'nothing' }, info.list)).toThrow();
  });

  it('a list of one fixed order reads no sort: none is made and any is let through', () => {
    expect(parseListQuery({ limit: 5, pagenumber: 2, sort: 'anything,-at all', totalcount: '1' }, { pageSize: 100 })).toEqual({
      limit: 5,
      offset: 5,
      sort: [],
      withTotal: true,
    });
    expect(parseListQuery({}, { pageSize: 100 })).toEqual({ limit: 100, offset: 0, sort: [], withTotal: false });
  });

  it.each([
    ['1', true],
    ['true', true],
    ['0', false],
    ['false', false],
    [undefined, false],
  ])('totalcount=%s asks for the total: %s', (totalcount, withTotal) => {
    expect(parseListQuery({ totalcount }, info.list).withTotal).toBe(withTotal);
    expect(wantsTotal({ totalcount })).toBe(withTotal);
  });
});

/** API.md and SPEC.md: free text needs at least 3 characters ('At least 3 characters'). */
describe('free text of a filter body', () => {
  const tooShort = refused('stext', 'At least 3 characters');

  it('is absent without a value, and trimmed with one', () => {
    expect(parseSearchText(undefined)).toBeNull();
    expect(parseSearchText(null)).toBeNull();
    expect(parseSearchText('  boiler room ')).toBe('boiler room');
    expect(parseSearchText('abc')).toBe('abc');
    expect(parseSearchText('x'.repeat(200))).toHaveLength(200);
  });

  it("refuses 1 or 2 characters, and anything but text as 'Invalid value'", () => {
    expect(refusal(() => parseSearchText('ab'))).toEqual(tooShort);
    expect(refusal(() => parseSearchText(' a '))).toEqual(tooShort);
    expect(refusal(() => parseSearchText(42))).toEqual(refused('stext', 'Invalid value'));
    expect(refusal(() => parseSearchText(['abc']))).toEqual(refused('stext', 'Invalid value'));
  });

  it('blank text searches nothing, or is too short where a list says so', () => {
    expect(parseSearchText('')).toBeNull();
    expect(parseSearchText('   ')).toBeNull();
    expect(parseSearchText('   ', { blank: 'none' })).toBeNull();
    expect(refusal(() => parseSearchText('   ', { blank: 'tooShort' }))).toEqual(tooShort);
    expect(refusal(() => parseSearchText('', { blank: 'tooShort' }))).toEqual(tooShort);
    expect(parseSearchText(' abc ', { blank: 'tooShort' })).toBe('abc');
  });

  it("refuses more than 100 characters with 'Max. 100 chars!' where a list says so", () => {
    expect(parseSearchText(` ${'x'.repeat(100)} `, { max100: true })).toHaveLength(100);
    expect(refusal(() => parseSearchText('x'.repeat(101), { max100: true }))).toEqual(refused('stext', 'Max. 100 chars!'));
    expect(refusal(() => parseSearchText('ab', { max100: true }))).toEqual(tooShort);
    expect(parseSearchText('x'.repeat(101))).toHaveLength(101);
  });
});

describe('the query schema as Fastify applies it', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.get('/list', { schema: { querystring: listQuerySchema } }, async (req) => parseListQuery(req.query as ListQuery, info.list));
    app.post('/filter', { schema: { body: stextBodySchema } }, async (req) => ({ stext: parseSearchText((req.body as { stext?: unknown } | null)?.stext) }));
    await app.ready();
  });
  afterAll(() => app.close());

  const status = async (query: string) => (await app.inject({ url: `/list?${query}` })).statusCode;
  const post = async (body: unknown) => app.inject({ method: 'POST', url: '/filter', payload: body as object });

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

  it('a free-text body: text or null, at most 200 characters', async () => {
    expect((await post({ stext: ' abc ' })).json()).toEqual({ stext: 'abc' });
    expect((await post({ stext: null })).json()).toEqual({ stext: null });
    expect((await post({})).json()).toEqual({ stext: null });
    expect((await post({ stext: 'x'.repeat(200) })).statusCode).toBe(200);
    expect((await post({ stext: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await post({ stext: { a: 1 } })).statusCode).toBe(400);
  });
});
