/**
 * A PostgreSQL cluster of one test file, migrated and seeded like the run's (server/test/globalSetup.ts):
 * for tests that restart the server, or whose worker processes sync every enabled mail account
 * they find (on the run's shared database they would take other files' accounts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { createDb } from '../db/kysely';
import { migrateAll } from '../db/migrations/migrate';
import { seedIfEmpty } from '../seed/seed';

export interface OwnDatabase {
  url: string;
  /** Env of a process (startProcess) on this database, LISTEN included. */
  env: { DATABASE_URL: string; DATABASE_LISTEN_URL: string };
  /** Stops the server (fast shutdown: sessions are ended) and keeps its folder. */
  stop: () => Promise<void>;
  /** Starts it again on the same folder and port. */
  start: () => Promise<void>;
  close: () => Promise<void>;
}

export async function ownDatabase(): Promise<OwnDatabase> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'own-pg-'));
  let server: EmbeddedDatabase | null = await startEmbeddedPostgres(dir);
  const url = server.url;
  const setup = createDb(url, 2);
  try {
    await migrateAll(setup);
    await seedIfEmpty(setup);
  } finally {
    await setup.destroy();
  }
  const stop = async () => {
    await server?.stop();
    server = null;
  };
  return {
    url,
    env: { DATABASE_URL: url, DATABASE_LISTEN_URL: url },
    stop,
    start: async () => {
      server = await startEmbeddedPostgres(dir);
      // The processes keep the URL they started with: the cluster must come back on the same port.
      if (server.url !== url) throw new Error(`PostgreSQL came back on ${server.url}, not ${url}`);
    },
    close: async () => {
      await stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
