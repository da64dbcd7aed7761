/** The site-configuration values sales and costs need (core/siteconfig/siteConfig.ts defaults filled in). */
import { SITE_CONFIG_DEFAULTS } from '../../../core/siteconfig/siteConfig';
import type { JobDb } from '../tables';

export interface SalesSiteValues {
  quoteExpiryDays: number;
  invoiceDueDays: number;
  salesAccountCode: string;
  currency: string;
  vatRate: number;
}

export async function salesSiteValues(db: JobDb): Promise<SalesSiteValues> {
  const rows = await db
    .selectFrom('site_config')
    .select(['sc_key', 'sc_value'])
    .where('sc_key', 'in', ['quoteExpiryDays', 'invoiceDueDays', 'currency', 'vatRate', 'salesAccountCode'])
    .execute();
  const stored = Object.fromEntries(rows.map((r) => [r.sc_key, r.sc_value]));
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  return {
    quoteExpiryDays: num(stored.quoteExpiryDays, SITE_CONFIG_DEFAULTS.quoteExpiryDays),
    invoiceDueDays: num(stored.invoiceDueDays, SITE_CONFIG_DEFAULTS.invoiceDueDays),
    currency: typeof stored.currency === 'string' ? stored.currency : SITE_CONFIG_DEFAULTS.currency,
    vatRate: num(stored.vatRate, SITE_CONFIG_DEFAULTS.vatRate),
    salesAccountCode: typeof stored.salesAccountCode === 'string' && stored.salesAccountCode ? stored.salesAccountCode : SITE_CONFIG_DEFAULTS.salesAccountCode,
  };
}

/** Today at 12:00 UTC (API.md's date-only convention) plus `days`. */
export function todayPlusDays(days: number, now = new Date()): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12));
  d.setUTCDate(d.getUTCDate() + days);
  return d;
}
