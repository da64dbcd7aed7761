/**
 * Host name → brand. Results are kept for a short time (default 2 s) so a busy page does not
 * query the domains table on every call, while a config change still shows within seconds;
 * `invalidate()` makes it immediate for code that just changed a brand.
 */
import { globalDb, isBrandSchemaName, type RootDb } from '../db/types';
import { buildBrandConfig } from './config';
import type { BrandBinding } from './types';

export interface BrandResolver {
  resolve(hostname: string): Promise<BrandBinding | null>;
  /** The answer of a lookup still fresh and already finished, without waiting; undefined when there is none. */
  known(hostname: string): BrandBinding | null | undefined;
  invalidate(): void;
}

const MAX_ENTRIES = 1000;

/** A lookup and, once it has finished, its answer (read without waiting by `known`). */
interface Entry {
  at: number;
  value: Promise<BrandBinding | null>;
  settled?: BrandBinding | null;
}

export function createBrandResolver(root: RootDb, ttlMs = 2000): BrandResolver {
  const cache = new Map<string, Entry>();

  async function load(hostname: string): Promise<BrandBinding | null> {
    const row = await globalDb(root)
      .selectFrom('domains as d')
      .innerJoin('sites as s', 's.s_id', 'd.s_id')
      .select(['s.s_id', 's.name', 's.product_name', 's.logo_url', 's.wcf_form_url', 's.schema_name', 's.config', 'd.d_id', 'd.d_config'])
      .where('d.d_name', '=', hostname)
      .where('d.d_enabled', '=', true)
      .executeTakeFirst();
    if (!row || !row.schema_name || !isBrandSchemaName(row.schema_name)) return null;
    return { s_id: row.s_id, d_id: row.d_id, schema: row.schema_name, config: buildBrandConfig(row, row.d_config) };
  }

  const fresh = (hostname: string) => {
    const hit = cache.get(hostname);
    return hit && Date.now() - hit.at < ttlMs ? hit : undefined;
  };

  return {
    resolve(hostname) {
      if (!hostname || hostname.length > 253) return Promise.resolve(null);
      const hit = fresh(hostname);
      if (hit) return hit.value;
      const value = load(hostname);
      if (ttlMs > 0) {
        // Random Host headers must not grow the cache without bound.
        if (cache.size >= MAX_ENTRIES) cache.clear();
        const entry: Entry = { at: Date.now(), value };
        cache.set(hostname, entry);
        value.then((brand) => (entry.settled = brand), () => cache.delete(hostname));
      }
      return value;
    },
    known(hostname) {
      return fresh(hostname)?.settled;
    },
    invalidate() {
      cache.clear();
    },
  };
}
