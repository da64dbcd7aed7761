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
  done: boolean;
  settled?: BrandBinding | null;
  /** The next lookup, begun while this answer is still served. */
  next?: Entry;
}

/**
 * Past half its life an answer is looked up again while it is still served, and the new one takes
 * its place once it has come: under load a lookup waits behind every query queued for the pool,
 * and when answers simply expired, every request that came meanwhile waited with it, every two
 * seconds (bench: the job sheet's p99). An answer is never served older than `ttlMs` from when
 * its lookup began.
 */
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

  function begin(hostname: string): Entry {
    const entry: Entry = { at: Date.now(), value: load(hostname), done: false };
    entry.value.then(
      (brand) => {
        entry.settled = brand;
        entry.done = true;
      },
      () => undefined,
    );
    return entry;
  }

  /** The entry to answer from (its lookup may still be running), or undefined when a lookup must begin. */
  function current(hostname: string): Entry | undefined {
    let hit = cache.get(hostname);
    if (!hit) return undefined;
    if (hit.next?.done) cache.set(hostname, (hit = hit.next));
    const age = Date.now() - hit.at;
    if (age >= ttlMs) return hit.next;
    if (age >= ttlMs / 2 && !hit.next && hit.done) {
      const next = (hit.next = begin(hostname));
      const parent = hit;
      next.value.catch(() => parent.next === next && (parent.next = undefined));
    }
    return hit;
  }

  return {
    resolve(hostname) {
      if (!hostname || hostname.length > 253) return Promise.resolve(null);
      const hit = ttlMs > 0 ? current(hostname) : undefined;
      if (hit) return hit.value;
      const entry = begin(hostname);
      if (ttlMs > 0) {
        // Random Host headers must not grow the cache without bound.
        if (cache.size >= MAX_ENTRIES) cache.clear();
        cache.set(hostname, entry);
        entry.value.catch(() => cache.get(hostname) === entry && cache.delete(hostname));
      }
      return entry.value;
    },
    known(hostname) {
      const hit = ttlMs > 0 ? current(hostname) : undefined;
      return hit?.done ? hit.settled : undefined;
    },
    invalidate() {
      cache.clear();
    },
  };
}
