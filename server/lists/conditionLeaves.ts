/**
 * Splits parsed filter conditions into their shape (kinds, columns, list lengths: what decides the
 * SQL text) and their leaf values (what becomes bind parameters), and puts other values back into
 * the same shape. The query-template cache keys on the shape and fills in the leaves.
 */
import type { Condition } from './conditions';
import type { Leaf } from './queryTemplates';

export interface SplitConditions {
  shape: unknown[];
  leaves: Leaf[];
}

export function splitConditions(conditions: readonly Condition[]): SplitConditions {
  const shape: unknown[] = [];
  const leaves: Leaf[] = [];
  for (const c of conditions) {
    switch (c.kind) {
      case 'search':
        shape.push([c.kind, c.columns]);
        leaves.push({ value: c.text, like: true });
        break;
      case 'searchColumn':
        // The number of LIKEs and whether strpos confirms are part of the SQL text.
        shape.push([c.kind, c.column, c.parts.likes.length, c.parts.confirm !== undefined]);
        leaves.push(...c.parts.likes.map((value) => ({ value, like: true })));
        if (c.parts.confirm !== undefined) leaves.push({ value: c.parts.confirm });
        break;
      case 'prefix':
        shape.push([c.kind, c.column]);
        leaves.push({ value: c.text, like: true });
        break;
      case 'date':
        shape.push([c.kind, c.column]);
        leaves.push({ value: c.day });
        break;
      case 'linked':
        shape.push([c.kind, c.table, c.ownerTable, c.owner, c.column, c.ids.length]);
        leaves.push(...c.ids.map((value) => ({ value })));
        break;
      case 'ids':
        shape.push([c.kind, c.column, c.ids.length]);
        leaves.push(...c.ids.map((value) => ({ value })));
        break;
      case 'in':
        shape.push([c.kind, c.column, c.values.length]);
        leaves.push(...c.values.map((value) => ({ value })));
        break;
    }
  }
  return { shape, leaves };
}

/** The same conditions with the leaf values taken, in order, from `values`. */
export function withLeafValues(conditions: readonly Condition[], values: readonly unknown[]): Condition[] {
  let i = 0;
  const next = () => values[i++];
  const many = (n: number) => Array.from({ length: n }, next);
  return conditions.map((c): Condition => {
    switch (c.kind) {
      case 'search':
      case 'prefix':
        return { ...c, text: next() as string };
      case 'searchColumn': {
        const likes = many(c.parts.likes.length) as string[];
        return { ...c, parts: c.parts.confirm === undefined ? { likes } : { likes, confirm: next() as string } };
      }
      case 'date':
        return { ...c, day: next() as string };
      case 'linked':
      case 'ids':
        return { ...c, ids: many(c.ids.length) as number[] };
      case 'in':
        return { ...c, values: many(c.values.length) };
    }
  });
}
