/** The sheet's money columns in the UI locale and the currency the server sends with the rows, like the Sales tab ("£1,024.15"). */
import { useLocaleState } from 'ra-core';
import { formatMoney } from '../../../core/jobs/formatMoney';
import { SITE_CONFIG_DEFAULTS } from '../../../core/siteconfig/siteConfig';

export function useRowMoney(): (value: string | null | undefined, currency: string | undefined) => string {
  const [locale] = useLocaleState();
  return (value, currency) => formatMoney(value, currency ?? SITE_CONFIG_DEFAULTS.currency, locale);
}
