/** One pg Pool per process, wrapped by Kysely. Every brand shares it through `withSchema`. */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { rootOfBound, type RootDb } from './types';

// Counts (int8) and numeric money fit a JS number for this product; date-only columns stay
// 'YYYY-MM-DD' strings because pg would otherwise shift them through the local time zone.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
export const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (v: string) => (v === null ? null : Number(v));
    if (oid === DATE) return (v: string) => v;
    return pg.types.getTypeParser(oid, format);
  },
};

export function createDb(connectionString: string, max = 20): RootDb {
  const pool = new pg.Pool({ connectionString, max, types: pgTypes, options: '-c TimeZone=UTC' });
  // An idle client dies when PostgreSQL restarts or shuts down; without a listener that would crash the process.
  pool.on('error', (err) => {
    // 57P01 = the server is shutting down (e.g. Ctrl+C reached PostgreSQL too): expected, not news.
    if ((err as { code?: string }).code !== '57P01') console.error('[db] idle client error:', err.message);
  });
  const db: RootDb = new Kysely({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

const pools = new WeakMap<RootDb, pg.Pool>();

/** The pool under an instance made by createDb (or bound to a schema from one); null for a transaction. */
export function poolOf(db: object): pg.Pool | null {
  return pools.get(rootOfBound(db) ?? (db as RootDb)) ?? null;
}
