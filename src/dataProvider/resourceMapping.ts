/**
 * Translation between react-admin's record shape (always `id`) and the wire shape of a resource
 * definition (its own idField, only writable fields accepted — the server's schema refuses
 * unknown keys).
 */
import type { ResourceDef } from '../../core/resources/engine/types';

export type WireRecord = Record<string, unknown>;

export function idFieldOf(def: ResourceDef | undefined): string {
  return def?.idField ?? 'id';
}

export function toRaRecord(def: ResourceDef | undefined, raw: WireRecord) {
  return { ...raw, id: raw[idFieldOf(def)] as string | number };
}

/** 'field' ascending, '-field' descending; react-admin's 'id' is the definition's idField. */
export function toSortParam(def: ResourceDef | undefined, sort: { field?: string; order?: string } | undefined): string | undefined {
  if (!sort?.field) return undefined;
  const field = sort.field === 'id' ? idFieldOf(def) : sort.field;
  return sort.order === 'DESC' ? `-${field}` : field;
}

/** The free-text filter 'q' goes out as stext; empty values are left out. */
export function toFilterBody(filter: Record<string, unknown> | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === '' || value === null) continue;
    body[key === 'q' ? 'stext' : key] = value;
  }
  return body;
}

function writableNames(def: ResourceDef): Set<string> {
  // Relation blocks (a site's clients ...) are written with the record.
  return new Set([...def.fields.filter((f) => !f.readOnly).map((f) => f.name), ...(def.relations ?? []).map((r) => r.name)]);
}

/** A create body: only the definition's writable fields (without a definition: everything but id). */
export function writableFields(def: ResourceDef | undefined, data: WireRecord): WireRecord {
  if (!def) {
    const { id: _id, ...rest } = data;
    return rest;
  }
  const names = writableNames(def);
  return Object.fromEntries(Object.entries(data).filter(([key]) => names.has(key)));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** An update body: only the writable fields whose value differs from what was loaded. */
export function changedFields(def: ResourceDef | undefined, data: WireRecord, previous: WireRecord | undefined): WireRecord {
  const candidates = writableFields(def, data);
  if (!previous) return candidates;
  return Object.fromEntries(Object.entries(candidates).filter(([key, value]) => !same(value, previous[key])));
}
