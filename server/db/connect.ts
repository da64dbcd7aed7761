/**
 * Opens the database: DATABASE_URL when set, otherwise an embedded PostgreSQL in
 * `${DATA_DIR:-./data}/pg`. The caller gets one `close()` that ends the pool and, if we started
 * it, the server.
 */
import { createDb } from './kysely';
import { startEmbeddedPostgres } from './embedded';
import type { RootDb } from './types';

export interface Database {
  db: RootDb;
  url: string;
  embedded: boolean;
  close: () => Promise<void>;
}

export async function connectDatabase(opts: { databaseUrl?: string; dataDir?: string; log?: (m: string) => void } = {}): Promise<Database> {
  const log = opts.log ?? (() => undefined);
  const databaseUrl = opts.databaseUrl ?? process.env.DATABASE_URL;
  if (databaseUrl) {
    const db = createDb(databaseUrl);
    return { db, url: databaseUrl, embedded: false, close: () => db.destroy() };
  }
  const dataDir = opts.dataDir ?? process.env.DATA_DIR ?? './data';
  const server = await startEmbeddedPostgres(dataDir, log);
  const db = createDb(server.url);
  let closing: Promise<void> | null = null;
  return {
    db,
    url: server.url,
    embedded: true,
    close: () => (closing ??= db.destroy().finally(() => server.stop())),
  };
}
