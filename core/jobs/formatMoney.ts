/**
 * A 2-decimal money string in a currency and a locale, the way every screen shows money. The
 * decimal text goes to Intl as it is (exact, no float on the way), and an unknown currency code in
 * the site configuration falls back to plain text instead of failing.
 */
export function formatMoney(value: string | null | undefined, currency: string, locale = 'en-GB'): string {
  if (value === null || value === undefined || value === '') return '';
  if (!/^[+-]?\d+(\.\d+)?$/.test(value.trim())) return value;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      value.trim() as Intl.StringNumericLiteral,
    );
  } catch {
    return `${value} ${currency}`;
  }
}
