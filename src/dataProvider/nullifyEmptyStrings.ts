/**
 * SPEC.md point 5: empty strings inside request bodies become null before sending, at any depth,
 * so a cleared input means "no value" on the server rather than an empty text.
 */
export function nullifyEmptyStrings<T>(value: T): T {
  if (value === '') return null as T;
  if (Array.isArray(value)) return value.map((item) => nullifyEmptyStrings(item)) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = nullifyEmptyStrings(item);
    return out as T;
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  // Dates, Files and FormData keep their identity; only literal objects are rewritten.
  return proto === Object.prototype || proto === null;
}
