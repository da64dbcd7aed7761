/** One pg Pool per process, wrapped by Kysely. Every brand shares it through `withSchema`. */
import { availableParallelism } from 'node:os';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { poolerMode } from './pooler';
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

/**
 * PostgreSQL's rule of thumb, twice the cores plus two: more statements at once than that only take
 * turns on the same cores, so each one's latency spreads out (measured on 2 cores at 50 connections:
 * a pool of 20 gave a list page a p99 of 160 ms, a pool of 6 130 ms, at the same throughput).
 * PGPOOL_MAX sets it for a database server with more cores than this machine.
 */
export function defaultPoolSize(env: string | undefined = process.env.PGPOOL_MAX): number {
  const set = Number(env);
  return Number.isInteger(set) && set > 0 ? set : 2 * availableParallelism() + 2;
}

/**
 * A pool of `max` connections that keeps those it opened: pg closes one after 10 s idle by default,
 * and the next request after a pause then pays for a new one. Measured on the bench's embedded
 * database: ~6 ms to connect (a backend process and the password exchange) and ~2 ms more on its
 * first list statement (the backend's catalog caches), against 2.5 ms for the statement itself.
 */
export const keptPool = (max: number) => ({ max, min: max });

export function createDb(connectionString: string, max = defaultPoolSize()): RootDb {
  // A request that waits half a minute for a connection fails with an error instead of hanging.
  const pooled = poolerMode(process.env.DATABASE_POOLER) === 'transaction';
  const pool = new pg.Pool({
    connectionString,
    ...keptPool(max),
    types: pgTypes,
    // Behind a transaction pooler the startup option is refused: the time zone is SET per client (server/db/pooler.ts).
    ...(pooled ? {} : { options: '-c TimeZone=UTC' }),
    connectionTimeoutMillis: 30_000,
  });
  // Queued before any query of the client, so its first statement already runs in UTC.
  if (pooled) pool.on('connect', (client) => void client.query("set timezone to 'UTC'").catch(() => undefined));
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
