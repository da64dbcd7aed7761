/**
 * Shows a 2-decimal money string from the server in the brand's currency and the user's locale.
 * Display only: totals are computed by the server (or by core/jobs/money.ts), never from these.
 */
import { useLocaleState } from 'ra-core';

export function formatMoney(value: string | null | undefined, currency: string, locale = 'en-GB'): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
  } catch {
    // An unknown currency code in the site configuration must not break the page.
    return `${value} ${currency}`;
  }
}

export function useMoneyFormat(currency: string): (value: string | null | undefined) => string {
  const [locale] = useLocaleState();
  return (value) => formatMoney(value, currency, locale);
}
