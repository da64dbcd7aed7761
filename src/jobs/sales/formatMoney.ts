/**
 * Shows a 2-decimal money string from the server in the brand's currency and the user's locale
 * (core/jobs/formatMoney.ts, which the sales PDF uses too). Display only: totals are computed by
 * the server (or by core/jobs/money.ts), never from these.
 */
import { useLocaleState } from 'ra-core';
import { formatMoney } from '../../../core/jobs/formatMoney';

export { formatMoney };

export function useMoneyFormat(currency: string): (value: string | null | undefined) => string {
  const [locale] = useLocaleState();
  return (value) => formatMoney(value, currency, locale);
}
