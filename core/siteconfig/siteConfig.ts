/**
 * A brand's site configuration (SPEC.md point 9): the per-brand values jobs need, with their
 * defaults. The server validates PATCH siteconfig/values with it and the SPA builds its form from it.
 */
import * as yup from 'yup';
import { VALIDATION } from '../resources/engine/schema';

export const SITE_CONFIG_DEFAULTS = {
  quoteExpiryDays: 60,
  invoiceDueDays: 30,
  vatRate: 20,
  currency: 'GBP',
  jobNumberDigits: 6,
  /** The receipt-processing service's address purchase invoices are mailed to (job.dext); empty: not set. */
  dextEmail: '',
  /** The ledger account (Xero's account code) approved invoices' and credit notes' lines are booked to; Xero's default Sales is 200. */
  salesAccountCode: '200',
} as const;

export type SiteConfigKey = keyof typeof SITE_CONFIG_DEFAULTS;
export type SiteConfig = { [K in SiteConfigKey]: (typeof SITE_CONFIG_DEFAULTS)[K] extends number ? number : string };

const int = (min: number, max: number) =>
  yup
    .number()
    .strict(true)
    .typeError(VALIDATION.number)
    .required(VALIDATION.required)
    .integer(VALIDATION.number)
    .min(min, VALIDATION.value)
    .max(max, VALIDATION.value);

export const SITE_CONFIG_SCHEMAS: Record<SiteConfigKey, yup.Schema> = {
  quoteExpiryDays: int(1, 3650),
  invoiceDueDays: int(0, 3650),
  vatRate: yup.number().strict(true).typeError(VALIDATION.number).required(VALIDATION.required).min(0, VALIDATION.value).max(100, VALIDATION.value),
  currency: yup
    .string()
    .strict(true)
    .required(VALIDATION.required)
    .matches(/^[A-Z]{3}$/, VALIDATION.value),
  jobNumberDigits: int(3, 10),
  salesAccountCode: yup
    .string()
    .strict(true)
    .required(VALIDATION.required)
    .matches(/^[A-Za-z0-9.-]{1,10}$/, VALIDATION.value),
  dextEmail: yup.string().strict(true).defined(VALIDATION.required).max(100, VALIDATION.max100).email(VALIDATION.email),
};

export const SITE_CONFIG_KEYS = Object.keys(SITE_CONFIG_DEFAULTS) as SiteConfigKey[];

export function isSiteConfigKey(key: string): key is SiteConfigKey {
  return Object.prototype.hasOwnProperty.call(SITE_CONFIG_DEFAULTS, key);
}

/** The first problem per key, as an i18n key ('validation.number' ...). */
export function validateSiteConfigPatch(patch: Record<string, unknown>): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (!isSiteConfigKey(key)) {
      errors.push({ field: key, message: VALIDATION.value });
      continue;
    }
    try {
      SITE_CONFIG_SCHEMAS[key].validateSync(value);
    } catch (err) {
      errors.push({ field: key, message: err instanceof yup.ValidationError ? err.message : VALIDATION.value });
    }
  }
  return errors;
}
