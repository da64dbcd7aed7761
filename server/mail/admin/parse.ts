/**
 * Body parsing for the mail admin calls: each parser records SPEC.md point 5's message under the
 * wire field name and goes on, so one answer lists every bad field. `undefined` means "not sent"
 * (PATCH keeps the stored value), `null` means "cleared".
 */
import { enText } from '../../../core/i18n/en-US';
import { toWireDate } from '../../envelope/datetime';
import { validationError, type FieldMessage } from '../../envelope/errors';
import type { JsonSchema } from '../../envelope/schemas';

type Key = 'required' | 'number' | 'value' | 'max100' | 'email';

export class Fields {
  readonly list: FieldMessage[] = [];
  add(field: string, key: Key): void {
    if (!this.list.some((e) => e.field === field)) this.list.push({ field, message: enText(`validation.${key}`) });
  }
  throwIfAny(): void {
    if (this.list.length) throw validationError(this.list);
  }
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
// Deliberately simple: one @, no spaces, a dot in the domain; the mail server has the last word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function text(f: Fields, field: string, v: unknown, o: { required?: boolean; create?: boolean } = {}): string | null | undefined {
  if (v === undefined) {
    if (o.required && o.create) f.add(field, 'required');
    return undefined;
  }
  if (blank(v)) {
    if (o.required) f.add(field, 'required');
    return null;
  }
  if (typeof v !== 'string') return void f.add(field, 'value');
  if (v.trim().length > 100) return void f.add(field, 'max100');
  return v.trim();
}

export function email(f: Fields, field: string, v: unknown, o: { required?: boolean; create?: boolean } = {}): string | null | undefined {
  const t = text(f, field, v, o);
  if (t && !EMAIL.test(t)) return void f.add(field, 'email');
  return t;
}

export function integer(
  f: Fields,
  field: string,
  v: unknown,
  o: { required?: boolean; create?: boolean; min: number; max: number },
): number | null | undefined {
  if (v === undefined) {
    if (o.required && o.create) f.add(field, 'required');
    return undefined;
  }
  if (blank(v)) {
    if (o.required) f.add(field, 'required');
    return null;
  }
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n)) return void f.add(field, 'number');
  if (n < o.min || n > o.max) return void f.add(field, 'value');
  return n;
}

export const MAX_ID = 2147483647;

export function id(f: Fields, field: string, v: unknown, required = false): number | null | undefined {
  return integer(f, field, v, { min: 1, max: MAX_ID, required, create: true });
}

export function bool(f: Fields, field: string, v: unknown, required = false): boolean | undefined {
  if (v === undefined || v === null) {
    if (required) f.add(field, 'required');
    return undefined;
  }
  if (typeof v === 'boolean') return v;
  if (v === 0 || v === 1) return v === 1;
  return void f.add(field, 'value');
}

export function oneOf<T extends string>(f: Fields, field: string, v: unknown, values: readonly T[]): T | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string' && (values as readonly string[]).includes(v)) return v as T;
  return void f.add(field, 'value');
}

/** A date ('YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss', UTC) or null. */
export function date(f: Fields, field: string, v: unknown): Date | null | undefined {
  if (v === undefined) return undefined;
  if (blank(v)) return null;
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?Z?$/.test(v.trim())) return void f.add(field, 'value');
  const raw = v.trim();
  const d = new Date(raw.length === 10 ? `${raw}T12:00:00Z` : `${raw.replace(' ', 'T').replace(/Z$/, '')}Z`);
  if (Number.isNaN(d.getTime())) return void f.add(field, 'value');
  return d;
}

/**
 * Schemas of the values the parsers above take, for a route's declared body (server/http/bodySchema.ts):
 * what the schema refuses, the parser refuses with the same message on the same field. The parsers'
 * other rules stay theirs: blank is required, the trimmed length, the e-mail pattern, a digit
 * string read as a number, a real date. `null` is allowed where it counts as absent (in lists too).
 */
export const textValue = (): JsonSchema => ({ type: ['string', 'null'] });
/**
 * A text that, trimmed, is blank or matches `pattern` (else `message`); past 100 characters the
 * parser's 'max 100' answers first, so the schema lets those through.
 */
export const textMatching = (pattern: string, message: string): JsonSchema => ({
  ...textValue(),
  allOf: [{ pattern: `^(?:\\s*(?:${pattern})?\\s*|[\\s\\S]{101,})$`, 'x-message': message }],
});
/** As email() reads it: EMAIL above, 'Invalid email'. */
export const emailValue = (): JsonSchema => textMatching(EMAIL.source.slice(1, -1), 'validation.email');
export const boolValue = (): JsonSchema => ({ enum: [true, false, 1, 0, null], 'x-message': 'validation.value' });
export const idValue = (): JsonSchema => ({
  type: ['integer', 'string', 'null'],
  pattern: '^\\s*(\\d+)?\\s*$',
  'x-message': 'validation.number',
  allOf: [{ minimum: 1, maximum: MAX_ID, 'x-message': 'validation.value' }],
});
export const oneOfValue = (values: readonly string[]): JsonSchema => ({ enum: [...values, null], 'x-message': 'validation.value' });
export const dateValue = (): JsonSchema => ({
  type: ['string', 'null'],
  pattern: '^\\s*(\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2})?)?Z?)?\\s*$',
  'x-message': 'validation.value',
  example: '2026-01-31',
});
/** Properties a body may carry and the call ignores (read-only columns sent back as they came). */
export const ignored = (names: readonly string[]): Record<string, JsonSchema> => Object.fromEntries(names.map((n) => [n, { description: 'ignored' }]));

/** Only the keys the call knows; anything else is refused by name. */
export function refuseUnknown(f: Fields, body: Record<string, unknown>, known: readonly string[]): void {
  for (const key of Object.keys(body)) if (!known.includes(key)) f.add(key, 'value');
}

/** The admin lists (accounts, servers) show 50 rows a page. */
export const ADMIN_PAGE_SIZE = 50;

/** Dates go on the wire as API.md's 'YYYY-MM-DD HH:mm:ss' UTC, at any depth. */
export function wire<T>(value: T): T {
  if (value instanceof Date) return toWireDate(value) as T;
  if (Array.isArray(value)) return value.map(wire) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wire(v)])) as T;
  return value;
}
