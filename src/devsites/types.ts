/** A brand site as dev/sites answers it. */
import type { DomainType } from '../../core/brand/domains';

export interface DomainRecord {
  d_id?: number | null;
  d_type: DomainType;
  d_name: string;
  d_enabled: boolean;
  d_config: Record<string, unknown>;
}

export interface SiteRecord {
  s_id: number;
  name: string;
  db_name: string | null;
  product_name: string | null;
  logo_url: string | null;
  wcf_form_url: string | null;
  schema_name: string | null;
  description: string | null;
  config?: Record<string, unknown>;
  domains: DomainRecord[];
}
