/**
 * The mail bench's reference: isync's `mbsync` (Debian package isync) pulling one IMAP INBOX into a
 * local maildir, timed from spawn to exit, with its peak memory sampled like the sync's.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rssMiB } from './mailRss';

export interface MbsyncResult {
  ms: number;
  mails: number;
  peakMiB: number;
}

function config(dir: string, host: string, port: number, user: string, password: string): string {
  return `IMAPAccount bench
Host ${host}
Port ${port}
User ${user}
Pass ${password}
SSLType None
AuthMechs LOGIN

IMAPStore bench-far
Account bench

MaildirStore bench-near
Path ${dir}/maildir/
Inbox ${dir}/maildir/INBOX

Channel bench
Far :bench-far:
Near :bench-near:
Patterns INBOX
Create Near
Sync Pull
SyncState *
`;
}

export async function runMbsync(host: string, port: number, user: string, password: string): Promise<MbsyncResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mbsync-bench-'));
  try {
    mkdirSync(path.join(dir, 'maildir'));
    const rc = path.join(dir, 'mbsyncrc');
    writeFileSync(rc, config(dir, host, port, user, password), { mode: 0o600 });
    const started = performance.now();
    // Its stderr only warns that the password goes in the clear (to a loopback Dovecot); kept for a failure.
    const child = spawn('mbsync', ['-q', '-c', rc, 'bench'], { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr!.on('data', (chunk) => (errors += chunk));
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(child.pid!))), 100);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    clearInterval(sampler);
    const ms = performance.now() - started;
    if (code !== 0) throw new Error(`mbsync exited with ${code}: ${errors}`);
    const inbox = path.join(dir, 'maildir', 'INBOX');
    const mails = readdirSync(path.join(inbox, 'cur')).length + readdirSync(path.join(inbox, 'new')).length;
    return { ms, mails, peakMiB: peak };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
