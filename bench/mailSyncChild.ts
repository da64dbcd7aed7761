/**
 * The mail bench's sync process: runs `syncAccount` on one account `runs` times in a row and prints
 * each run's time and result as one JSON line. A process of its own so the parent can sample the
 * memory the sync alone takes (as bench/serverProcess.ts does for the server).
 */
import path from 'node:path';
import { createDb } from '../server/db/kysely';
import { LocalFileStore } from '../server/files/storage';
import { brandDb } from '../server/db/types';
import { setGraphAccessTokens } from '../server/mail/graph/source';
import { initMailSecrets } from '../server/mail/secrets';
import { syncAccount } from '../server/mail/sync/syncAccount';
import { mailDb } from '../server/mail/tables';

export interface SyncChildInput {
  url: string;
  schema: string;
  accountId: number;
  runs: number;
  /** Where the parent's mail secret key file is (the account password was encrypted with it). */
  dataDir: string;
  /** A Graph account's bearer (bench/graphMail.ts; Graph's base from MS_GRAPH_URL). */
  graphToken?: string;
}

export interface SyncChildRun {
  ms: number;
  added: number;
  folders: number;
  error?: string;
}

async function main(): Promise<void> {
  const input = JSON.parse(process.env.MAIL_BENCH_INPUT ?? '') as SyncChildInput;
  initMailSecrets(input.dataDir);
  const token = input.graphToken;
  if (token) setGraphAccessTokens(async () => token);
  const root = createDb(input.url);
  const db = mailDb(brandDb(root, input.schema));
  const runs: SyncChildRun[] = [];
  try {
    for (let i = 0; i < input.runs; i++) {
      const started = performance.now();
      const result = await syncAccount(db, input.accountId, { fileStore: new LocalFileStore(path.join(input.dataDir, 'files')) });
      const ms = performance.now() - started;
      const folders = Object.values(result.folders);
      const failed = folders.find((f): f is { error: string } => 'error' in f);
      const added = folders.reduce((n, f) => n + ('added' in f ? f.added : 0), 0);
      runs.push({ ms, added, folders: folders.length, error: result.error ?? failed?.error ?? (result.ran ? undefined : 'lease not taken') });
    }
  } finally {
    await root.destroy();
  }
  process.stdout.write(`${JSON.stringify(runs)}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
