/**
 * The brand configuration a browser receives: defaults ← site config ← the site's own columns
 * (name, product name, logo, form URL) ← the domain's overrides. The defaults make sure every
 * BrandConfig field is present even for a brand created with a partial config.
 */
import { DEFAULT_IMAGES, allFeatures, type BrandConfig } from '../../core/brand/types';

export interface SiteRow {
  name: string;
  product_name: string | null;
  logo_url: string | null;
  wcf_form_url: string | null;
  config: unknown;
}

function defaults(): BrandConfig {
  const features = allFeatures(false);
  // global.proNotify counts as on when absent (SPEC.md point 3), so the default leaves it out.
  features.global = {};
  return {
    name: '',
    systemUrl: '',
    apiUrl: '/api',
    productName: '',
    inlineImagesMailsize: 5000,
    maxMailSizeMB: 25,
    maxUploadSizeMB: 20,
    customSettings: { visibleName: '', logoUrl: '', wcfFormUrl: '' },
    features,
    images: structuredClone(DEFAULT_IMAGES),
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects merge key by key; arrays and scalars replace; null/undefined never erase a value. */
export function deepMerge<T>(base: T, override: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(override)) return (override ?? base) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === null || value === undefined) continue;
    out[key] = isPlainObject(out[key]) && isPlainObject(value) ? deepMerge(out[key], value) : value;
  }
  return out as T;
}

export function buildBrandConfig(site: SiteRow, domainOverrides: unknown): BrandConfig {
  let config = deepMerge(defaults(), site.config);
  config = deepMerge(config, {
    name: site.name,
    productName: site.product_name,
    customSettings: { logoUrl: site.logo_url, wcfFormUrl: site.wcf_form_url },
  });
  return deepMerge(config, domainOverrides);
}
