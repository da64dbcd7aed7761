/**
 * Field parsers for the sales, cost and engineer-portal bodies. Each collects SPEC.md point 5's
 * message under the wire field name ('items.2.qty', '_bulk.0.co_id') instead of throwing at the
 * first problem, so one answer lists every bad field. Decimals are normalised to exact text with
 * the money helpers, never through floating point.
 */
import { enText } from '../../../core/i18n/en-US';
import { toUnits } from '../../../core/jobs/money';
import { validationError, type FieldMessage } from '../../envelope/errors';

export class FieldErrors {
  readonly list: FieldMessage[] = [];
  add(field: string, key: 'required' | 'number' | 'value' | 'max100' | 'max3000'): void {
    if (!this.list.some((e) => e.field === field)) this.list.push({ field, message: enText(`validation.${key}`) });
  }
  throwIfAny(): void {
    if (this.list.length) throw validationError(this.list);
  }
}

const missing = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** undefined: not sent; null: cleared. */
export function text(errs: FieldErrors, field: string, v: unknown, max: 100 | 3000, required = false): string | null | undefined {
  if (v === undefined) {
    if (required) errs.add(field, 'required');
    return undefined;
  }
  if (missing(v)) {
    if (required) errs.add(field, 'required');
    return null;
  }
  if (typeof v !== 'string') return void errs.add(field, 'value');
  if (v.length > max) return void errs.add(field, max === 100 ? 'max100' : 'max3000');
  return v;
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** An exact decimal with `scale` places ('3.000', '19.99') within ±max, or null when empty. */
export function decimal(
  errs: FieldErrors,
  field: string,
  v: unknown,
  o: { scale: number; min?: number; max?: number; required?: boolean },
): string | null | undefined {
  if (v === undefined) {
    if (o.required) errs.add(field, 'required');
    return undefined;
  }
  if (missing(v)) {
    if (o.required) errs.add(field, 'required');
    return null;
  }
  const raw = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : typeof v === 'string' ? v.trim() : '';
  // Numbers like 1e21 print in exponent form: not a decimal we accept.
  if (!DECIMAL.test(raw)) return void errs.add(field, 'number');
  const units = toUnits(raw, o.scale);
  const factor = 10n ** BigInt(o.scale);
  const min = BigInt(o.min ?? -99_999_999_999) * factor;
  const max = BigInt(o.max ?? 99_999_999_999) * factor;
  if (units < min || units > max) return void errs.add(field, 'value');
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = (abs / factor).toString();
  const frac = o.scale ? `.${(abs % factor).toString().padStart(o.scale, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${frac}`;
}

export function integer(errs: FieldErrors, field: string, v: unknown, min: number, max: number): number | null | undefined {
  if (v === undefined) return undefined;
  if (missing(v)) return null;
  const n = typeof v === 'string' && /^[+-]?\d+$/.test(v.trim()) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n)) return void errs.add(field, 'number');
  if (n < min || n > max) return void errs.add(field, 'value');
  return n;
}

export function id(errs: FieldErrors, field: string, v: unknown): number | null | undefined {
  return integer(errs, field, v, 1, 2147483647);
}

export function bool(errs: FieldErrors, field: string, v: unknown): boolean | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') return void errs.add(field, 'value');
  return v;
}

export function oneOf<T extends string>(errs: FieldErrors, field: string, v: unknown, allowed: readonly T[], required = false): T | null | undefined {
  if (v === undefined) {
    if (required) errs.add(field, 'required');
    return undefined;
  }
  if (missing(v)) {
    if (required) errs.add(field, 'required');
    return null;
  }
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) return void errs.add(field, 'value');
  return v as T;
}

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** 'YYYY-MM-DD' (taken as 12:00 UTC, API.md), 'YYYY-MM-DD HH:mm:ss' (UTC) or ISO 8601. */
export function date(errs: FieldErrors, field: string, v: unknown): Date | null | undefined {
  if (v === undefined) return undefined;
  if (missing(v)) return null;
  const m = typeof v === 'string' ? WIRE_DATE.exec(v.trim()) : null;
  if (!m) return void errs.add(field, 'value');
  const [, y, mo, d, h, mi, s, zone] = m;
  const iso = h === undefined ? `${y}-${mo}-${d}T12:00:00Z` : `${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${zone ?? 'Z'}`;
  const out = new Date(iso);
  // Date rolls 2026-02-31 over to March; a calendar date that does not exist is refused.
  if (Number.isNaN(out.getTime()) || (zone === undefined && out.toISOString().slice(0, 10) !== `${y}-${mo}-${d}`)) return void errs.add(field, 'value');
  return out;
}

/** Refuses fields a body may not carry ('Invalid value' on each). */
export function onlyKnown(errs: FieldErrors, prefix: string, body: Record<string, unknown>, known: readonly string[]): void {
  for (const key of Object.keys(body)) if (!known.includes(key)) errs.add(`${prefix}${key}`, 'value');
}

/** The body as an object, or a 400 on `field`. */
export function objectAt(errs: FieldErrors, field: string, v: unknown): Record<string, unknown> | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return void errs.add(field, 'value');
  return v as Record<string, unknown>;
}
