/**
 * Compiled-SQL templates for list queries. Building and compiling a Kysely query (and its
 * schema plugin walking the tree) cost more CPU than a simple indexed query itself; a list screen
 * asks the same shape of query again and again with other values. So a shape is compiled once with
 * sentinel values, the positions of the sentinels among the parameters are remembered, and later
 * requests of the same shape only fill their values in.
 *
 * Safety: the first compile of a shape is checked against a compile with the real values; a shape
 * whose parameters cannot be reproduced that way is never cached and always compiled.
 */
import { CompiledQuery, type Compilable } from 'kysely';
import { likeEscape } from '../resources/likeEscape';

/** A value the query depends on; `like` values are LIKE-escaped inside the query (filters.ts). */
export interface Leaf {
  value: unknown;
  like?: boolean;
}

type Part = { constant: unknown } | { leaf: number; prefix: string; suffix: string };
interface Template {
  sql: string;
  parts: Part[];
}

const MAX_TEMPLATES = 1000;
const templates = new Map<string, Template | 'uncacheable'>();

const sentinel = (i: number) => `\u0001${i}\u0001`;
const SENTINEL_RE = /\u0001(\d+)\u0001/g;

function leafText(leaf: Leaf): unknown {
  return leaf.like ? likeEscape(String(leaf.value)) : leaf.value;
}

function fill(template: Template, leaves: readonly Leaf[]): CompiledQuery {
  const parameters = template.parts.map((p) => {
    if ('constant' in p) return p.constant;
    const value = leafText(leaves[p.leaf]);
    return p.prefix === '' && p.suffix === '' ? value : `${p.prefix}${String(value)}${p.suffix}`;
  });
  return CompiledQuery.raw(template.sql, parameters);
}

function derive(compiled: CompiledQuery): Template | null {
  const parts: Part[] = [];
  for (const p of compiled.parameters) {
    if (typeof p !== 'string' || !p.includes('\u0001')) {
      parts.push({ constant: p });
      continue;
    }
    const found = [...p.matchAll(SENTINEL_RE)];
    if (found.length !== 1) return null;
    const at = found[0].index!;
    parts.push({ leaf: Number(found[0][1]), prefix: p.slice(0, at), suffix: p.slice(at + found[0][0].length) });
  }
  return { sql: compiled.sql, parts };
}

function same(a: CompiledQuery, b: CompiledQuery): boolean {
  return a.sql === b.sql && a.parameters.length === b.parameters.length && a.parameters.every((p, i) => p === b.parameters[i]);
}

/**
 * The compiled query for `build(values)`. `key` must name everything about the query except the
 * leaf values (schema, resource, condition kinds and columns, list lengths, sort).
 */
export function compileWithTemplate(key: string, leaves: readonly Leaf[], build: (values: unknown[]) => Compilable): CompiledQuery {
  const cached = templates.get(key);
  if (cached && cached !== 'uncacheable') return fill(cached, leaves);
  const real = build(leaves.map((l) => l.value)).compile();
  if (cached === 'uncacheable') return real;
  const template = derive(build(leaves.map((_, i) => sentinel(i))).compile());
  if (templates.size >= MAX_TEMPLATES) templates.delete(templates.keys().next().value!);
  templates.set(key, template && same(fill(template, leaves), real) ? template : 'uncacheable');
  return real;
}
