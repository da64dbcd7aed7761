/**
 * Start-up read of the brand configuration (SPEC.md point 7): GET {origin}/api/brandsiteconfig,
 * data[0].finalDomainConfig and d_id. A failure or a missing apiUrl makes the brand unusable.
 */
import type { BrandConfig, BrandSiteConfigAnswer } from '../../core/brand/types';

export interface LoadedBrand {
  config: BrandConfig;
  domainId: number;
}

export class BrandConfigError extends Error {}

export async function loadBrandConfig(origin: string = window.location.origin, fetchFn: typeof fetch = fetch): Promise<LoadedBrand> {
  let res: Response;
  try {
    res = await fetchFn(`${origin}/api/brandsiteconfig`, { credentials: 'include', headers: { Accept: 'application/json' } });
  } catch (err) {
    throw new BrandConfigError(`brandsiteconfig unreachable: ${String(err)}`);
  }
  if (!res.ok) throw new BrandConfigError(`brandsiteconfig answered ${res.status}`);
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new BrandConfigError('brandsiteconfig is not JSON');
  }
  const body = (json as { brandsiteconfig?: { data?: BrandSiteConfigAnswer[] } })?.brandsiteconfig;
  const first = body?.data?.[0];
  const config = first?.finalDomainConfig;
  if (!config || typeof config.apiUrl !== 'string' || config.apiUrl.trim() === '') {
    throw new BrandConfigError('brandsiteconfig has no apiUrl');
  }
  // apiUrl may be relative ('/api'); every later call needs it absolute.
  return { config: { ...config, apiUrl: new URL(config.apiUrl, origin).toString().replace(/\/+$/, '') }, domainId: first.d_id };
}
