/**
 * The second read of a list page (the resource engine's searches, the job sheet): the first chose
 * the page's ids, this reads their rows by id and puts them back in the page's order (a row deleted
 * in between is left out rather than shown empty). `build(ids)` has one text per `key` whatever the
 * ids, and a lookup by primary key plans the same for any of them, so it is sent as a prepared
 * statement (wireRows): each pool connection parses and plans it once. With no key (a Kysely
 * instance not bound to a brand schema) it is compiled and planned every time.
 */
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { wireRows } from './wireRows';
import { compileWithTemplate } from './queryTemplates';

type Row = Record<string, unknown>;

export async function readPageRows(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  page: readonly Row[],
  idField: string,
  key: string | null,
  build: (ids: unknown[]) => Compilable<unknown>,
): Promise<Row[]> {
  if (!page.length) return [];
  const ids = page.map((r) => r[idField]);
  const compiled = key ? compileWithTemplate(`${key}:rowsByIds`, [{ value: ids }], (v) => build(v[0] as unknown[])) : build(ids).compile();
  const rows = await wireRows<Row>(db, compiled as CompiledQuery<Row>, !!key);
  const byId = new Map<unknown, Row>(rows.map((r) => [r[idField], r]));
  return page.flatMap<Row>((p) => byId.get(p[idField]) ?? []);
}
