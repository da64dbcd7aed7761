/**
 * Builds one yup schema from a resource definition. The SPA validates forms with it and the
 * server validates request bodies with it, so both give the same messages (SPEC.md point 5).
 * Messages are i18n keys under 'validation.'; the server turns them into the en-US texts.
 */
import * as yup from 'yup';
import type { FieldDef, RelationDef, ResourceDef } from './types';

export const VALIDATION = {
  required: 'validation.required',
  max100: 'validation.max100',
  max3000: 'validation.max3000',
  email: 'validation.email',
  number: 'validation.number',
  value: 'validation.value',
  rowSelect: 'validation.rowSelect',
} as const;

const emptyToNull = (value: unknown, original: unknown) => (original === '' ? null : value);

function fieldSchema(field: FieldDef): yup.Schema {
  let schema: yup.Schema;
  switch (field.type) {
    case 'number':
    case 'money':
    case 'reference': {
      let s = yup.number().transform(emptyToNull).typeError(VALIDATION.number).nullable();
      if (field.type === 'reference') s = s.integer(VALIDATION.value).positive(VALIDATION.value);
      schema = s;
      break;
    }
    case 'boolean':
      schema = yup.boolean().typeError(VALIDATION.value).nullable();
      break;
    case 'date':
      schema = yup
        .string()
        .transform(emptyToNull)
        .nullable()
        .matches(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, { message: VALIDATION.value, excludeEmptyString: true });
      break;
    default: {
      let s = yup.string().typeError(VALIDATION.value).transform(emptyToNull).nullable();
      if (field.max === 100) s = s.max(100, VALIDATION.max100);
      if (field.max === 3000) s = s.max(3000, VALIDATION.max3000);
      if (field.type === 'email') s = s.email(VALIDATION.email);
      if (field.choices) s = s.oneOf([...field.choices, null], VALIDATION.value);
      if (field.pattern) s = s.matches(field.pattern, { message: VALIDATION.value, excludeEmptyString: true });
      schema = s;
    }
  }
  if (field.required) schema = schema.test('required', VALIDATION.required, isFilled);
  if (field.requiredWhen) {
    const flag = field.requiredWhen;
    schema = schema.test('requiredWhen', VALIDATION.required, (value, ctx) => ctx.parent?.[flag] !== true || isFilled(value));
  }
  return schema;
}

const isFilled = (value: unknown) => value !== null && value !== undefined && (typeof value !== 'string' || value.trim() !== '');

/** A relation block: a list of rows, each naming one referenced record (SPEC.md point 5, site block). */
export function relationSchema(rel: RelationDef) {
  const row: Record<string, yup.Schema> = {
    [rel.refField]: yup
      .number()
      .transform(emptyToNull)
      .typeError(VALIDATION.rowSelect)
      .nullable()
      .test('row', VALIDATION.rowSelect, (v) => v !== null && v !== undefined)
      .integer(VALIDATION.value)
      .positive(VALIDATION.value),
  };
  if (rel.lead) row.is_lead = yup.boolean().typeError(VALIDATION.value).nullable();
  return yup.array().typeError(VALIDATION.value).max(500, VALIDATION.value).of(yup.object(row).noUnknown(true, VALIDATION.value)).nullable();
}

/** Names whose cross-field rules tie them together: a field with requiredWhen and its flag. */
export function crossFieldNames(def: ResourceDef, present: readonly string[]): string[] {
  const out = new Set(present);
  for (const f of def.fields) {
    if (f.requiredWhen && (out.has(f.name) || out.has(f.requiredWhen))) {
      out.add(f.name);
      out.add(f.requiredWhen);
    }
  }
  return [...out];
}

/**
 * mode 'create' checks every field; 'update' checks only the fields present (PATCH semantics).
 * Read-only fields are never part of the schema.
 */
export function buildResourceSchema(def: ResourceDef, mode: 'create' | 'update' = 'create', present?: readonly string[]) {
  const shape: Record<string, yup.Schema> = {};
  for (const field of def.fields) {
    if (field.readOnly) continue;
    if (mode === 'update' && present && !present.includes(field.name)) continue;
    shape[field.name] = fieldSchema(field);
  }
  for (const rel of def.relations ?? []) {
    if (mode === 'update' && present && !present.includes(rel.name)) continue;
    shape[rel.name] = relationSchema(rel);
  }
  return yup.object(shape).noUnknown(true, VALIDATION.value);
}

export interface FieldError {
  field: string;
  message: string;
}

/** Validates and casts; returns the clean record or every field error (i18n keys). */
export function validateResource(
  def: ResourceDef,
  input: unknown,
  mode: 'create' | 'update',
  /** For an update: the stored record, so cross-field rules see the fields the body leaves out. */
  stored?: Record<string, unknown>,
): { ok: true; value: Record<string, unknown> } | { ok: false; errors: FieldError[] } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, errors: [{ field: '', message: VALIDATION.value }] };
  }
  const present = crossFieldNames(def, Object.keys(input));
  if (stored) {
    const merged: Record<string, unknown> = {};
    for (const name of present) merged[name] = name in input ? (input as Record<string, unknown>)[name] : stored[name];
    input = merged;
  }
  const schema = buildResourceSchema(def, mode, present);
  try {
    const value = schema.validateSync(input, { abortEarly: false, stripUnknown: false }) as Record<string, unknown>;
    return { ok: true, value };
  } catch (err) {
    if (err instanceof yup.ValidationError) {
      const errors = (err.inner.length ? err.inner : [err]).map((e) => ({ field: e.path ?? '', message: e.message }));
      return { ok: false, errors };
    }
    // yup's casts throw a TypeError on values no form sends (an object whose toString is not a
    // function, say): that is the input's fault, named by the first field holding such an object.
    if (err instanceof TypeError) {
      const odd = Object.entries(input as Record<string, unknown>).find(([, v]) => typeof v === 'object' && v !== null && !Array.isArray(v));
      return { ok: false, errors: [{ field: odd?.[0] ?? '', message: VALIDATION.value }] };
    }
    throw err;
  }
}
