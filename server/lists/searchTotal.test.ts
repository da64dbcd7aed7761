import { beforeAll, describe, expect, it } from 'vitest';
import { createDepartments } from '../seed/departments';
import { DEMO_HOST, call, login, uniqueName, useTestApp } from '../test/helpers';

const t = useTestApp();
let admin: string;
const word = uniqueName('Quartz').replace(/[^A-Za-z0-9]/g, '');

beforeAll(async () => {
  admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
  const tag = Math.random().toString(36).slice(2, 5).toUpperCase();
  await createDepartments(
    t.db,
    'site_1',
    Array.from({ length: 7 }, (_, i) => ({ de_name: `${word} team ${i + 1}`, de_prefix: `Q${tag}${i}`, de_description: null, de_color: null })),
  );
});

const search = (stext: string, pagenumber: number, sort = 'de_name') =>
  call(t.app, { method: 'POST', url: `/api/departments/filter?limit=3&pagenumber=${pagenumber}&sort=${sort}&totalcount=1`, body: { stext }, cookie: admin });
const names = (res: Awaited<ReturnType<typeof search>>) => res.json.departments.data.map((d: { de_name: string }) => d.de_name);

describe('free-text lists count every match, whatever the page', () => {
  it('gives the total with the first page, the last page and a page past the end', async () => {
    const first = await search(word, 1);
    expect(first.json.departments.metadata.totalCount).toBe(7);
    expect(first.json.departments.data.map((d: { de_name: string }) => d.de_name)).toEqual([`${word} team 1`, `${word} team 2`, `${word} team 3`]);
    expect(first.json.departments.data[0]).not.toHaveProperty('__total');

    const last = await search(word, 3);
    expect(last.json.departments.data).toHaveLength(1);
    expect(last.json.departments.metadata.totalCount).toBe(7);

    const past = await search(word, 9);
    expect(past.json.departments.data).toHaveLength(0);
    expect(past.json.departments.metadata.totalCount).toBe(7);
  });

  it('answers zero for a search nothing matches', async () => {
    const none = await search(`${word}-nothing-like-it`, 1);
    expect(none.status).toBe(200);
    expect(none.json.departments.data).toEqual([]);
    expect(none.json.departments.metadata.totalCount).toBe(0);
  });

  it('answers each text its own matches and total when the same kind of search runs with other words, before and after PostgreSQL keeps one plan for it', async () => {
    const other = uniqueName('Basalt').replace(/[^A-Za-z0-9]/g, '');
    const tag = Math.random().toString(36).slice(2, 5).toUpperCase();
    await createDepartments(
      t.db,
      'site_1',
      [1, 2, 3, 4].map((i) => ({ de_name: `${other} crew ${i}`, de_prefix: `B${tag}${i}`, de_description: null, de_color: '#5a6b7c' })),
    );
    // Eight runs of one statement (one word, its total in the rows), the words taking turns.
    for (let i = 0; i < 4; i++) {
      const ours = await search(word, 3);
      expect(names(ours)).toEqual([`${word} team 7`]);
      expect(ours.json.departments.metadata.totalCount).toBe(7);
      const theirs = await search(other.toLowerCase(), 1, '-de_name');
      expect(names(theirs)).toEqual([`${other} crew 4`, `${other} crew 3`, `${other} crew 2`]);
      expect(theirs.json.departments.metadata.totalCount).toBe(4);
    }
    const none = await search(`${other}x`, 1);
    expect(none.json.departments.data).toEqual([]);
    expect(none.json.departments.metadata.totalCount).toBe(0);
  });

  it('shows each page as the records are now, in the order asked, however often the same search runs', async () => {
    // More runs than PostgreSQL needs to keep a prepared statement's generic plan (five).
    for (let i = 0; i < 7; i++) expect(names(await search(word, 1, '-de_name'))).toEqual([`${word} team 7`, `${word} team 6`, `${word} team 5`]);
    const page2 = await search(word, 2, '-de_name');
    expect(names(page2)).toEqual([`${word} team 4`, `${word} team 3`, `${word} team 2`]);
    const team3 = page2.json.departments.data[1] as { de_id: number };
    const renamed = await call(t.app, {
      method: 'PATCH',
      url: `/api/departments/${team3.de_id}`,
      body: { de_name: `${word} team 9`, de_description: 'moved up' },
      cookie: admin,
    });
    expect(renamed.status).toBe(200);
    const first = await search(word, 1, '-de_name');
    expect(names(first)).toEqual([`${word} team 9`, `${word} team 7`, `${word} team 6`]);
    expect(first.json.departments.data[0]).toMatchObject({ de_id: team3.de_id, de_description: 'moved up' });
    expect(first.json.departments.metadata.totalCount).toBe(7);
  });
});

describe('free text of several words', () => {
  const phrase = uniqueName('Onyx').replace(/[^A-Za-z0-9]/g, '');
  const named = ['north yard', 'yard north', 'north east yard', '50% off', '500 off'].map((rest) => `${phrase} ${rest}`);

  beforeAll(async () => {
    const tag = Math.random().toString(36).slice(2, 5).toUpperCase();
    await createDepartments(
      t.db,
      'site_1',
      named.map((de_name, i) => ({ de_name, de_prefix: `W${tag}${i}`, de_description: null, de_color: null })),
    );
  });

  const found = async (stext: string) => {
    const res = await search(stext, 1);
    expect(res.status).toBe(200);
    return { names: names(res).sort(), total: res.json.departments.metadata.totalCount };
  };

  it('finds the words together and in the order typed, not scattered through the record', async () => {
    expect(await found(`${phrase} NORTH yard`)).toEqual({ names: [`${phrase} north yard`], total: 1 });
    expect(await found(`${phrase} yard north`)).toEqual({ names: [`${phrase} yard north`], total: 1 });
    expect(await found(`${phrase} north`)).toEqual({ names: [`${phrase} north east yard`, `${phrase} north yard`], total: 2 });
  });

  it('takes % and _ in the words literally', async () => {
    expect(await found(`${phrase} 50% off`)).toEqual({ names: [`${phrase} 50% off`], total: 1 });
    expect(await found(`${phrase} 5_0 off`)).toEqual({ names: [], total: 0 });
  });
});
