/** A request body as a plain object: absent is empty, anything but an object is refused, and empty strings become null. */
import { invalidField } from '../envelope/errors';

export function emptyToNull(value: unknown): unknown {
  if (value === '') return null;
  if (Array.isArray(value)) return value.map(emptyToNull);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, emptyToNull(v)]));
  }
  return value;
}

export function asObject(input: unknown): Record<string, unknown> {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input)) throw invalidField('body');
  return emptyToNull(input) as Record<string, unknown>;
}
