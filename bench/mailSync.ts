/**
 * BENCH_ONLY=mail (and part of the full `npm run bench`): the mail sync engine against a real
 * Dovecot. One mailbox of 10,000 realistic mails in INBOX is synced into a fresh database by
 * `syncAccount` in a process of its own (mails per second, peak memory) and pulled by isync's
 * `mbsync` in the same run, the two taking turns (goal: our rate at least half of mbsync's). A second mailbox of 20
 * folders is synced once, then again with nothing changed (goal: under 1 s).
 */
import { SERVER_NODE, serverNodeEnv } from './runtime';
import { openDemoDatabase } from './demoDatabase';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { brandDb } from '../server/db/types';
import { initMailSecrets } from '../server/mail/secrets';
import { createTestAccount, withMailbox } from '../server/mail/sync/testMailbox';
import { mailDb, type MailDb } from '../server/mail/tables';
import { startDovecot, type Dovecot } from '../server/test/dovecot';
import { chownTree, corpus, writeMaildir } from './mailCorpus';
import { runMbsync, type MbsyncResult } from './mbsync';
import { rssMiB } from './mailRss';
import type { SyncChildInput, SyncChildRun } from './mailSyncChild';

const MAILS = Number(process.env.BENCH_MAILS ?? 10_000);
const FOLDERS = 20;
const FOLDER_MAILS = Number(process.env.BENCH_FOLDER_MAILS ?? 250);
const PASSWORD = 'bench-pw';
const RESYNC_GOAL_MS = 1000;
const ROUNDS = Number(process.env.BENCH_MAIL_ROUNDS ?? 3);

/** Runs the sync process and samples its memory every 100 ms. */
export async function syncInChild(input: SyncChildInput): Promise<{ runs: SyncChildRun[]; peakMiB: number }> {
  // BENCH_CPU_PROF_DIR=<dir> writes a V8 CPU profile of each sync process there (for chrome://inspect).
  const prof = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  const child = spawn(SERVER_NODE, [...prof, '--import', 'tsx', 'bench/mailSyncChild.ts'], {
    env: { ...process.env, ...serverNodeEnv(), MAIL_BENCH_INPUT: JSON.stringify(input) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(child.pid!))), 100);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`sync process exited with ${code}: ${out}`);
  const runs = JSON.parse(out.trim().split('\n').pop()!) as SyncChildRun[];
  const failed = runs.find((r) => r.error);
  if (failed) throw new Error(`sync failed: ${failed.error}`);
  return { runs, peakMiB: peak };
}

/** Fills the maildirs before the first login, then lets Dovecot index them (not part of any timing). */
async function fillMailboxes(dovecot: Dovecot, inboxUser: string, foldersUser: string): Promise<string[]> {
  const started = Date.now();
  const inboxDir = path.join(dovecot.mailRoot, inboxUser);
  let bytes = writeMaildir(inboxDir, '', corpus(MAILS, 'inbox'));
  const foldersDir = path.join(dovecot.mailRoot, foldersUser);
  const folders = Array.from({ length: FOLDERS }, (_, i) => `Folder${String(i + 1).padStart(2, '0')}`);
  writeMaildir(foldersDir, '', []);
  folders.forEach((f, i) => (bytes += writeMaildir(foldersDir, f, corpus(FOLDER_MAILS, `f${i}`, i + 2))));
  chownTree(dovecot.mailRoot, inboxDir);
  chownTree(dovecot.mailRoot, foldersDir);
  await dovecot.addUser(inboxUser, PASSWORD);
  await dovecot.addUser(foldersUser, PASSWORD);
  const written = Date.now() - started;
  await withMailbox(dovecot, inboxUser, PASSWORD, (c) => c.status('INBOX', { messages: true }));
  await withMailbox(dovecot, foldersUser, PASSWORD, async (c) => {
    for (const f of folders) await c.status(f, { messages: true });
  });
  console.log(
    `\nmail bench: wrote ${MAILS + FOLDERS * FOLDER_MAILS} mails (${(bytes / 1048576).toFixed(0)} MiB) as maildir files in ${written} ms; Dovecot indexed them in ${Date.now() - started - written} ms`,
  );
  return folders;
}

interface Row {
  name: string;
  result: string;
  goal: string;
  met: string;
}

function printRows(rows: Row[]): void {
  console.log('\n| case | result | goal | met? |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.result} | ${r.goal} | ${r.met} |`);
}

const rate = (mails: number, ms: number) => Math.round((mails * 1000) / ms);

/**
 * The first sync and mbsync, taking turns ROUNDS times on the same INBOX (each of our rounds on a
 * fresh account, so it stores every mail again); the fastest round of each counts, so a busy
 * moment of the machine does not decide the comparison.
 */
async function firstSyncRounds(db: MailDb, dovecot: Dovecot, user: string, input: Omit<SyncChildInput, 'accountId' | 'runs'>) {
  let best: { ours: Awaited<ReturnType<typeof syncInChild>>; first: SyncChildRun; stored: string } | null = null;
  let reference: MbsyncResult | null = null;
  for (let round = 0; round < ROUNDS; round++) {
    const accountId = await createTestAccount(db, dovecot, user, PASSWORD, false);
    const ours = await syncInChild({ ...input, accountId, runs: 1 });
    const first = ours.runs[0];
    if (first.added !== MAILS) throw new Error(`the sync stored ${first.added} of ${MAILS} mails`);
    const stored = await db.selectFrom('mails').select(db.fn.countAll<string>().as('n')).where('mailaccount_id', '=', accountId).executeTakeFirstOrThrow();
    if (!best || first.ms < best.first.ms) best = { ours, first, stored: String(stored.n) };
    const mbsync = await runMbsync(dovecot.host, dovecot.port, user, PASSWORD);
    if (!reference || mbsync.ms < reference.ms) reference = mbsync;
    console.log(`round ${round + 1}: syncAccount ${rate(first.added, first.ms)} mails/s, mbsync ${rate(mbsync.mails, mbsync.ms)} mails/s`);
  }
  return { ...best!, stored: { n: best!.stored }, reference: reference! };
}

export async function runMailBench(dataDir: string): Promise<void> {
  const { database, schema } = await openDemoDatabase(dataDir);
  let dovecot: Dovecot | null = null;
  try {
    initMailSecrets(dataDir);
    const db = mailDb(brandDb(database.db, schema));
    dovecot = await startDovecot();
    const inboxUser = 'inbox@bench.example';
    const foldersUser = 'folders@bench.example';
    await fillMailboxes(dovecot, inboxUser, foldersUser);
    const foldersAccount = await createTestAccount(db, dovecot, foldersUser, PASSWORD, false);
    const input = { url: database.url, schema, dataDir };
    const { ours, first, stored, reference } = await firstSyncRounds(db, dovecot, inboxUser, input);
    const folders = await syncInChild({ ...input, accountId: foldersAccount, runs: 2 });
    const [initial, resync] = folders.runs;

    const ourRate = rate(first.added, first.ms);
    const mbsyncRate = rate(reference.mails, reference.ms);
    printRows([
      {
        name: `first sync, INBOX of ${MAILS} mails (syncAccount, own process; best of ${ROUNDS})`,
        result: `${ourRate} mails/s (${(first.ms / 1000).toFixed(1)} s, ${stored.n} rows; peak RSS ${ours.peakMiB.toFixed(0)} MiB)`,
        goal: `≥ half of mbsync (≥ ${Math.ceil(mbsyncRate / 2)} mails/s)`,
        met: ourRate * 2 >= mbsyncRate ? 'yes' : 'NO',
      },
      {
        name: `  reference: mbsync (isync) pulling the same INBOX to a maildir (best of ${ROUNDS})`,
        result: `${mbsyncRate} mails/s (${reference.mails} mails in ${(reference.ms / 1000).toFixed(1)} s; peak RSS ${reference.peakMiB.toFixed(0)} MiB)`,
        goal: '—',
        met: '—',
      },
      {
        name: `first sync, ${FOLDERS} folders × ${FOLDER_MAILS} mails (+ INBOX, Sent, Trash)`,
        result: `${rate(initial.added, initial.ms)} mails/s (${initial.added} mails in ${(initial.ms / 1000).toFixed(1)} s; peak RSS ${folders.peakMiB.toFixed(0)} MiB)`,
        goal: '—',
        met: '—',
      },
      {
        name: `no-change re-sync of the same ${initial.folders} folders`,
        result: `${resync.ms.toFixed(0)} ms (${resync.added} mails added)`,
        goal: `< ${RESYNC_GOAL_MS} ms`,
        met: resync.ms < RESYNC_GOAL_MS && resync.added === 0 ? 'yes' : 'NO',
      },
    ]);
  } finally {
    await dovecot?.stop();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
