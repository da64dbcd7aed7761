/**
 * Building blocks of action body schemas (server/http/bodySchema.ts) for the shapes many routes
 * share, each carrying the spec's wording of its own failures.
 */
import type { JsonSchema } from '../envelope/schemas';

export const MAX_ID = 2147483647;

/**
 * A row id: a whole number 1..2^31-1 (not a number: 'Invalid number'; out of range: 'Invalid value'),
 * or with `message` the one wording of every failure.
 */
export const idSchema = (message?: string): JsonSchema => ({ type: 'integer', minimum: 1, maximum: MAX_ID, ...(message ? { 'x-message': message } : {}) });

/** `{ type: 'array', items }` whose every failure reads `message` on the list's own name. */
export const listOf = (field: string, items: JsonSchema, message = 'validation.value'): JsonSchema => ({
  type: 'array',
  items: reportedOn(field, items),
  'x-message': message,
});

/** A boolean flag; anything else is 'Invalid value'. */
export const boolSchema = (): JsonSchema => ({ type: 'boolean' });

/** Text of at most `max` characters ('max 100' / 'max 3000' wording by the limit); not text: 'Invalid value'. */
export const textSchema = (max: number): JsonSchema => ({ type: 'string', maxLength: max });

/** A text that must say something: blank reads 'Field is required!' as absent does (list it in `required`). */
export const filledTextSchema = (max: number): JsonSchema => ({ ...textSchema(max), allOf: [{ pattern: '\\S', 'x-message': 'validation.required' }] });

/** A checked optional text as stored: blank or absent is null. */
export const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

const NESTED = ['items', 'anyOf', 'oneOf', 'allOf'] as const;

/**
 * Every failure inside `schema` (wrong type, a missing or bad property, too many items) is reported
 * as one 'Invalid value' on `field`: the handlers named a list, not its bad element.
 */
export function reportedOn(field: string, schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema, 'x-field': field, 'x-message': 'validation.value', 'x-required-message': 'validation.value' };
  if (schema.properties) {
    out.properties = Object.fromEntries(Object.entries(schema.properties as Record<string, JsonSchema>).map(([k, v]) => [k, reportedOn(field, v)]));
  }
  for (const k of NESTED) {
    const v = schema[k];
    if (Array.isArray(v)) out[k] = v.map((s: JsonSchema) => reportedOn(field, s));
    else if (v && typeof v === 'object') out[k] = reportedOn(field, v as JsonSchema);
  }
  return out;
}
