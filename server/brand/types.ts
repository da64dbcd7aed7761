import type { BrandConfig } from '../../core/brand/types';

/** What a request knows about its brand once the Host is resolved. */
export interface BrandBinding {
  s_id: number;
  d_id: number;
  /** The brand's PostgreSQL schema, `site_<s_id>`. */
  schema: string;
  /** The site config deep-merged with the domain's overrides: every BrandConfig field present. */
  config: BrandConfig;
}
