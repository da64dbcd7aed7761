/** The wire date format of API.md: 'YYYY-MM-DD HH:mm:ss', always UTC. */
export function toWireDate(value: Date | string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Database row → wire record: timestamps become 'YYYY-MM-DD HH:mm:ss' UTC. */
export function toWire(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // for...in, not Object.entries: no array per column on every row of every list.
  for (const key in row) {
    const value = row[key];
    out[key] = value instanceof Date ? toWireDate(value) : value;
  }
  return out;
}

let second = NaN;
let secondText = '';

/** Now in the wire format; every answer carries it, and it changes once a second, so it is formatted once a second. */
export function serverDatetime(): string {
  const now = Math.floor(Date.now() / 1000);
  if (now !== second) {
    second = now;
    secondText = toWireDate(now * 1000) as string;
  }
  return secondText;
}
