/**
 * Money without floating-point drift (SPEC.md point 9: totals rounded to 2 decimals). Amounts are
 * carried as integer pence in BigInt; quantities as integer thousandths. Inputs are decimal
 * strings or numbers as they come from PostgreSQL `numeric` columns and JSON bodies.
 */

/** Parses a decimal into an integer number of 10^-scale units, rounding half away from zero. */
export function toUnits(value: string | number | null | undefined, scale: number): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const text = typeof value === 'number' ? value.toFixed(scale + 2) : value.trim();
  const match = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`Not a decimal: ${String(value)}`);
  const negative = match[1] === '-';
  const whole = match[2] || '0';
  const frac = (match[3] ?? '').padEnd(scale + 1, '0');
  let units = BigInt(whole + frac.slice(0, scale));
  if (Number(frac[scale]) >= 5) units += 1n;
  return negative ? -units : units;
}

/** Integer pence from a money value. */
export const toMinor = (value: string | number | null | undefined): bigint => toUnits(value, 2);

/** '1234.50' from 123450n: the exact 2-decimal text PostgreSQL and the SPA both read. */
export function formatMinor(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** Divides rounding half away from zero. */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

/** quantity × net price rounded to 2 decimals (SPEC.md point 3, job cost), in pence. */
export function lineTotalMinor(qty: string | number | null | undefined, price: string | number | null | undefined): bigint {
  return divRound(toUnits(qty, 3) * toMinor(price), 1000n);
}

/** The tax on a net amount at a percentage rate (e.g. 20 or '17.5'), rounded to pence. */
export function taxMinor(netMinor: bigint, ratePercent: string | number | null | undefined): bigint {
  return divRound(netMinor * toUnits(ratePercent, 2), 10000n);
}

export function sumMinor(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}

/**
 * What a typed amount is saved as when it has more than 2 decimals ('12.345' → '12.35'), so the form
 * can say so before saving; null when it is saved as typed (or is not a decimal, which the server refuses).
 */
export function roundedMoneyText(typed: string): string | null {
  const match = /^\s*[+-]?\d*\.(\d+)\s*$/.exec(typed);
  if (!match || match[1].length <= 2) return null;
  return formatMinor(toMinor(typed));
}
