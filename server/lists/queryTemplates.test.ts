import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { contacts } from '../../core/resources/definitions/contacts';
import { jobsites } from '../../core/resources/definitions/jobsites';
import { brandDb, type RootDb } from '../db/types';
import { splitConditions, withLeafValues } from './conditionLeaves';
import { resourceInfo } from '../resources/fields';
import { parseFilterBody } from '../resources/filters';
import { parseListQuery } from '../http/listQuery';
import { compileWithTemplate } from './queryTemplates';
import { listQueries } from './resourceList';

// Compiling needs a dialect, not a connection: the pool never connects here.
const root = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ max: 1 }) }) }) as RootDb;
const db = brandDb(root, 'site_977');

function both(def: typeof contacts, body: Record<string, unknown>, query: Record<string, string>) {
  const info = resourceInfo(def);
  const conditions = parseFilterBody(info, body);
  const params = parseListQuery(query, info.list);
  const { shape, leaves } = splitConditions(conditions);
  const all = [...leaves, { value: params.limit }, { value: params.offset }];
  const build = (values: unknown[]) =>
    listQueries(db, info, withLeafValues(conditions, values), {
      ...params,
      limit: values[leaves.length] as number,
      offset: values[leaves.length + 1] as number,
    }).rows;
  const key = JSON.stringify(['test', def.name, shape, params.sort, params.withTotal]);
  return { viaTemplate: compileWithTemplate(key, all, build), fresh: listQueries(db, info, conditions, params).rows.compile() };
}

describe('list query templates', () => {
  it('fills a cached shape with new values exactly as a fresh compile would', () => {
    const cases = [
      { stext: 'amelia smith', co_type: 'CLIENT' },
      { stext: '50%_off \\ deal', co_type: 'SUPPLIER' },
      { stext: "o'brien", co_type: 'ENGINEER' },
    ];
    for (const [i, body] of cases.entries()) {
      const { viaTemplate, fresh } = both(contacts, body, { limit: String(10 + i), pagenumber: String(i + 1), sort: '-co_name', totalcount: '1' });
      expect(viaTemplate.sql).toBe(fresh.sql);
      expect(viaTemplate.parameters).toEqual(fresh.parameters);
    }
  });

  it('keeps id lists of different lengths apart and fills relation filters', () => {
    for (const ids of [[1], [2, 3], [4, 5, 6], [7, 8]]) {
      const { viaTemplate, fresh } = both(jobsites, { co_id: ids }, { sort: 'js_address' });
      expect(viaTemplate.sql).toBe(fresh.sql);
      expect(viaTemplate.parameters).toEqual(fresh.parameters);
    }
  });

  it('never caches a shape whose parameters it cannot reproduce', () => {
    const build = (values: unknown[]) =>
      root
        .selectFrom('contacts')
        .select('co_id')
        .where('co_name', '=', String(values[0]).toUpperCase())
        .where(sql<boolean>`true`);
    const first = compileWithTemplate('upper', [{ value: 'ann' }], build);
    const second = compileWithTemplate('upper', [{ value: 'bob' }], build);
    expect(first.parameters).toEqual(['ANN']);
    expect(second.parameters).toEqual(['BOB']);
  });
});
