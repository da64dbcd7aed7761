/** What the engine needs to know about a definition's fields, derived once per resource. */
import { MIN_SEARCH_CHARS } from '../../core/lists/search';
import type { FieldDef, FieldType, RelationDef, ResourceDef } from '../../core/resources/engine/types';
import type { ListOptions } from '../http/listQuery';

const TEXT_TYPES: ReadonlySet<FieldType> = new Set(['text', 'longtext', 'email', 'color']);
const NUMBER_TYPES: ReadonlySet<FieldType> = new Set(['number', 'money', 'reference']);

/** The outline of an address (one @, a dot in the domain); yup's finer check follows. */
const EMAIL_SHAPE = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

export const isTextField = (f: FieldDef) => TEXT_TYPES.has(f.type);
export const isNumberField = (f: FieldDef) => NUMBER_TYPES.has(f.type);

export interface ResourceInfo {
  def: ResourceDef;
  /** Every column the wire shows (the definition's fields). */
  columns: string[];
  byName: Map<string, FieldDef>;
  writable: FieldDef[];
  searchable: string[];
  relations: Map<string, RelationDef>;
  /** Write-only fields (never answered; their flags are) and the flags' names, which bodies may carry back. */
  secrets: FieldDef[];
  secretFlags: Set<string>;
  /** Its list query: the definition's page size and default sort, its sortable fields, the id last. */
  list: ListOptions;
}

export function resourceInfo(def: ResourceDef): ResourceInfo {
  return {
    def,
    columns: def.fields.map((f) => f.name),
    byName: new Map(def.fields.map((f) => [f.name, f])),
    writable: def.fields.filter((f) => !f.readOnly),
    searchable: def.fields.filter((f) => f.searchable && isTextField(f)).map((f) => f.name),
    relations: new Map((def.relations ?? []).map((r) => [r.name, r])),
    secrets: def.fields.filter((f) => f.secret),
    secretFlags: new Set(def.fields.flatMap((f) => (f.secret ? [f.secret.flag] : []))),
    list: {
      pageSize: def.pageSize,
      sort: {
        sortable: def.fields.filter((f) => f.sortable).map((f) => f.name),
        defaultSort: def.defaultSort,
        tieBreaker: { column: def.idField, desc: false },
      },
    },
  };
}

function fieldJsonType(field: FieldDef, idField: string): Record<string, unknown> {
  if (field.name === idField) return { type: 'integer' };
  if (field.type === 'reference') return { type: ['integer', 'null'] };
  if (isNumberField(field)) return { type: ['number', 'null'] };
  if (field.type === 'boolean') return { type: ['boolean', 'null'] };
  return { type: ['string', 'null'] };
}

export function relationJsonType(rel: RelationDef): Record<string, unknown> {
  const row: Record<string, unknown> = { [rel.refField]: { type: 'integer' } };
  if (rel.lead) row.is_lead = { type: 'boolean' };
  return {
    type: 'array',
    items: { type: 'object', properties: row, required: [rel.refField] },
    description: `Rows of ${rel.reference}; each row needs a ${rel.refField}`,
  };
}

function relationBodyType(rel: RelationDef): Record<string, unknown> {
  const row: Record<string, unknown> = { [rel.refField]: { type: ['integer', 'null'], description: 'required in each row' } };
  if (rel.lead) row.is_lead = { type: ['boolean', 'null'] };
  return { type: ['array', 'null'], items: { type: 'object', properties: row }, description: `Rows of ${rel.reference}; each row needs a ${rel.refField}` };
}

/** The record as answered (response schema and OpenAPI). */
export function recordSchema(info: ResourceInfo): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const f of info.def.fields) {
    if (f.secret) properties[f.secret.flag] = { type: 'boolean', description: `whether a ${f.name} is stored (the value itself is never answered)` };
    else properties[f.name] = fieldJsonType(f, info.def.idField);
  }
  for (const rel of info.relations.values()) {
    properties[rel.name] = relationJsonType(rel);
    if (rel.listSummary) properties[`${rel.name}_names`] = { type: ['string', 'null'], description: `Lists only: the ${rel.reference} titles, lead first` };
  }
  return { type: 'object', properties };
}

/**
 * The body of create/update as AJV checks it on the route (server/http/bodySchema.ts) and the
 * OpenAPI document shows it. The definition's yup schema then checks it again (cross-field rules,
 * e-mail addresses) with the same messages, as the SPA's forms do. Read-only fields and secrets'
 * flags come back from edit forms and are ignored, not refused.
 */
export function writeBodySchema(info: ResourceInfo, mode: 'create' | 'update'): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const f of info.writable) {
    const schema: Record<string, unknown> = { ...fieldJsonType(f, '') };
    if (f.max) schema.maxLength = f.max;
    if (f.choices) schema.enum = [...f.choices, null];
    if (f.pattern) schema.pattern = f.pattern.source;
    if (f.defaultValue !== undefined) schema.default = f.defaultValue;
    // AJV's own words for these are not the spec's (the yup schema's are the same texts).
    if (isNumberField(f)) schema['x-message'] = 'validation.number';
    if (f.type === 'email') Object.assign(schema, { pattern: EMAIL_SHAPE, 'x-message': 'validation.email' });
    if (f.secret) Object.assign(schema, { writeOnly: true, description: 'write-only; left out, the stored value is kept; null or empty clears it' });
    properties[f.name] = schema;
  }
  for (const f of info.def.fields) if (f.readOnly) properties[f.name] = { description: 'read-only: ignored' };
  for (const flag of info.secretFlags) properties[flag] = { description: 'answered only: ignored' };
  // A row's own rule ('Select ... in each row') and its path (clients[1].co_id) are the yup schema's: AJV checks types only.
  for (const rel of info.relations.values()) properties[rel.name] = relationBodyType(rel);
  const required = mode === 'create' ? info.writable.filter((f) => f.required).map((f) => f.name) : [];
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

/**
 * The body of a picker's search (POST {name}/filter of a list only pickers read): checked by the
 * route for types only, so the handler's parseFilterBody still gives the list's own messages (a too
 * short text ...).
 */
export const pickerFilterBodySchema = {
  type: 'object',
  properties: {
    stext: { type: ['string', 'null'], maxLength: 100, description: `at least ${MIN_SEARCH_CHARS} characters` },
    ids: { type: 'array', items: { type: 'integer' }, maxItems: 1000 },
  },
  additionalProperties: false,
} as const;

/**
 * The body of POST {name}/filter as AJV checks it on the route (server/http/bodySchema.ts) and the
 * OpenAPI document shows it: the keys a list takes and the types whose refusal reads as the
 * handler's own ('Invalid value' on the key). parseFilterBody then reads the values with the
 * list's own messages (a too short or too long text, a number given as text, an array for "any of").
 */
export function filterBodySchema(info: ResourceInfo): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    stext: { type: 'string', description: `Free text over: ${info.searchable.join(', ') || '(none)'}; trimmed, ${MIN_SEARCH_CHARS} to 100 characters` },
    ids: { type: 'array', maxItems: 1000, items: { description: 'a record id (or its digits as text)' }, 'x-message': 'validation.value' },
  };
  for (const rel of info.relations.values())
    properties[rel.refField] ??= { description: `has this ${rel.reference} record (an id, or an array of ids: any of) among its ${rel.name}` };
  for (const f of info.def.fields.filter((x) => x.filter)) {
    const type = JSON.stringify(fieldJsonType(f, '').type ?? 'any');
    properties[f.name] = {
      description: isTextField(f) ? 'starts with (case-insensitive); an array means any of' : `equals ${type} (an array means any of)`,
    };
  }
  return { type: 'object', properties, additionalProperties: false };
}
