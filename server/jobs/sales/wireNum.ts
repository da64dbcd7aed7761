/**
 * numeric columns arrive as JS numbers (server/db/kysely.ts parses them); the wire carries exact
 * decimal text, made through the money helpers so no float ever reaches a total.
 */
import { formatMinor, toMinor, toUnits } from '../../../core/jobs/money';

/** '19.99' from 19.99 or '19.99'. */
export function moneyText(v: string | number): string {
  return formatMinor(toMinor(v));
}

export function moneyOrNull(v: string | number | null): string | null {
  return v === null ? null : moneyText(v);
}

/** A quantity (3 decimals at most) without trailing zeros: '3', '1.5', '0.125'. */
export function qtyText(v: string | number): string {
  const units = toUnits(v, 3);
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const frac = (abs % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / 1000n}${frac ? `.${frac}` : ''}`;
}

export function qtyOrNull(v: string | number | null): string | null {
  return v === null ? null : qtyText(v);
}

/** A percentage rate as text ('20', '17.5'). */
export const rateText = (v: string | number): string => qtyText(v);
