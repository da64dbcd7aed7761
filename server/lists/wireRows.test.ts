/** List pages read timestamps as the wire's 'YYYY-MM-DD HH:mm:ss' straight from PostgreSQL, the other types as before. */
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBrand, testDb } from '../test/helpers';
import { brandDb, type RootDb } from '../db/types';
import { wireRows, wireTimestamp } from './wireRows';

let root: RootDb;
beforeAll(() => {
  root = testDb();
});
afterAll(() => root?.destroy());

const probe = sql<Record<string, unknown>>`select
  '2026-01-05 10:00:00.123456+00'::timestamptz as at,
  '2026-03-29 01:30:00+02'::timestamptz as shifted,
  '2026-07-01 08:15:00'::timestamp as local_at,
  'infinity'::timestamptz as forever,
  null::timestamptz as never,
  '2026-02-01'::date as day,
  12345678901::int8 as big,
  12.50::numeric as money,
  array['a', 'b'] as tags`;

describe('wireRows', () => {
  it('answers timestamps in the wire format (UTC) and every other type as Kysely would', async () => {
    const compiled = probe.compile(root) as CompiledQuery<Record<string, unknown>>;
    const [row] = await wireRows(root, compiled);
    expect(row).toEqual({
      at: '2026-01-05 10:00:00',
      shifted: '2026-03-28 23:30:00',
      local_at: '2026-07-01 08:15:00',
      forever: null,
      never: null,
      day: '2026-02-01',
      big: 12345678901,
      money: 12.5,
      tags: ['a', 'b'],
    });
    // The same statement in a transaction (no pool of its own: Kysely reads Dates, formatted here the same way;
    // and Infinity, which JSON answers as null too).
    const [inTransaction] = await root.transaction().execute((trx) => wireRows(trx, compiled));
    expect(inTransaction).toEqual({ ...row, forever: Infinity });
  });

  it('runs on a brand-bound instance through the pool it was bound from', async () => {
    const db = brandDb(root, (await createTestBrand(root)).schema);
    const [row] = await wireRows(db, sql<{ at: string }>`select '2026-11-21 09:00:00+00'::timestamptz as at`.compile(db));
    expect(row.at).toBe('2026-11-21 09:00:00');
  });

  it('turns what is no wire date into null', () => {
    expect(wireTimestamp('infinity')).toBeNull();
    expect(wireTimestamp('-infinity')).toBeNull();
    expect(wireTimestamp('0044-03-15 12:00:00+00 BC')).toBeNull();
    expect(wireTimestamp('12026-01-01 00:00:00+00')).toBeNull();
    expect(wireTimestamp('2026-01-01 00:00:00+00')).toBe('2026-01-01 00:00:00');
  });

  it('keeps any column name as a plain key: quotes, backslashes, code-like text, a repeated name taking the later value, and __proto__', async () => {
    const [row] = await wireRows(
      root,
      sql<Record<string, unknown>>`select 1 as "a""b\\c", 3 as x, 4 as x, '{"k": [1]}'::jsonb as doc, 5 as "\` }; throw 0; ({ \`"`.compile(root),
    );
    expect(Object.entries(row)).toEqual([
      ['a"b\\c', 1],
      ['x', 4],
      ['doc', { k: [1] }],
      ['` }; throw 0; ({ `', 5],
    ]);
    const [odd] = await wireRows(root, sql<Record<string, unknown>>`select 1 as a, 2 as "__proto__"`.compile(root));
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
    expect(Object.entries(odd)).toEqual([
      ['a', 1],
      ['__proto__', 2],
    ]);
  });

  it('answers a prepared statement again and again with other values, and refuses a bad one without losing a connection', async () => {
    const stmt = (n: number) => sql<{ n: number }>`select ${n}::int + 1 as n`.compile(root);
    for (let i = 0; i < 8; i++) expect(await wireRows(root, stmt(i), true)).toEqual([{ n: i + 1 }]);
    await expect(wireRows(root, sql`select 1 / ${0}::int as n`.compile(root))).rejects.toThrow(/division by zero/);
    // More statements than the pool has connections: each one went back to the pool.
    const many = await Promise.all(Array.from({ length: 40 }, (_, i) => wireRows(root, stmt(i))));
    expect(many.map(([r]) => r.n)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('follows a statement whose columns change between runs (the same text after a table gains a column)', async () => {
    const table = sql.id(`wire_shape_${Date.now()}`);
    await sql`create table ${table} (a int)`.execute(root);
    try {
      await sql`insert into ${table} values (1)`.execute(root);
      const all = sql<Record<string, unknown>>`select * from ${table}`.compile(root);
      expect(await wireRows(root, all)).toEqual([{ a: 1 }]);
      await sql`alter table ${table} add column b text default 'two'`.execute(root);
      expect(await wireRows(root, all)).toEqual([{ a: 1, b: 'two' }]);
    } finally {
      await sql`drop table ${table}`.execute(root);
    }
  });
});
