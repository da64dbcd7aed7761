/**
 * Parses a batch of fetched mails. A large batch (a first sync, a folder full of new mail) goes to a
 * worker thread: parsing is most of a sync's CPU, and on the API's own thread it would hold up every
 * request while a mailbox of thousands of mails comes in; on a second core it also runs beside
 * the IMAP download and the database writes instead of between them. A few new mails are parsed
 * here, without waking a thread. MAIL_PARSE_THREADS sets the threads (default 1; 0 parses every
 * batch on this thread).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import { failureReason, isUnreadable, parseMessages, type ParseOutcome, type RawMessage } from './parse';

/** Below this many mails a thread's start and the copies to and fro cost more than they save. */
export const WORKER_MIN_BATCH = 20;

const threads = () => Math.max(0, Math.floor(Number(process.env.MAIL_PARSE_THREADS ?? 1)) || 0);

let pool: Piscina | null = null;

/**
 * The worker runs this module's sibling. As TypeScript it needs tsx's loader: a thread inherits it
 * from `tsx` or `node --import tsx`, not from vitest, which gets it added. Otherwise the thread
 * inherits the process's options as they are (an explicit list may not hold `--inspect` and the like).
 */
function parsePool(): Piscina {
  if (pool) return pool;
  const here = fileURLToPath(import.meta.url);
  const ext = path.extname(here);
  const needsLoader = ext === '.ts' && !process.execArgv.some((a) => a.includes('tsx'));
  pool = new Piscina({
    filename: path.join(path.dirname(here), `parseWorker${ext}`),
    minThreads: 0,
    maxThreads: threads(),
    // Idle threads end (and never keep the process alive): between first syncs nothing is held.
    idleTimeout: 30_000,
    execArgv: needsLoader ? [...process.execArgv, '--import', 'tsx'] : undefined,
  });
  return pool;
}

/** Attachment bytes come back from the thread as plain Uint8Arrays. */
function withBuffers(p: ParseOutcome): ParseOutcome {
  if (isUnreadable(p)) return p;
  for (const a of p.attachments) a.content = Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength);
  return p;
}

/**
 * A share whose thread failed as a whole (a mail that takes the thread down rather than throwing)
 * is parsed again a mail per task: only the mail that fails again is unreadable.
 */
async function runShare(share: RawMessage[]): Promise<ParseOutcome[]> {
  try {
    return (await parsePool().run(share)) as ParseOutcome[];
  } catch (err) {
    if (share.length === 1) return [{ unreadable: failureReason(err) }];
    const one = async (m: RawMessage): Promise<ParseOutcome> => {
      try {
        return ((await parsePool().run([m])) as ParseOutcome[])[0];
      } catch (e) {
        return { unreadable: failureReason(e) };
      }
    };
    const out: ParseOutcome[] = [];
    for (const m of share) out.push(await one(m));
    return out;
  }
}

/** Every mail gets an outcome, in order: parsed (fully or partly) or unreadable; the batch itself never fails here. */
export async function parseBatch(messages: RawMessage[]): Promise<ParseOutcome[]> {
  const n = threads();
  if (messages.length < WORKER_MIN_BATCH || n === 0) return parseMessages(messages);
  // Only what the parse needs crosses to the thread; with several threads each takes a share.
  const plain = messages.map(({ source, internalDate, size }) => ({ source, internalDate, size }));
  const per = Math.ceil(plain.length / n);
  const shares = Array.from({ length: n }, (_, k) => plain.slice(k * per, (k + 1) * per)).filter((share) => share.length);
  const parsed = await Promise.all(shares.map(runShare));
  return parsed.flat().map(withBuffers);
}

/** Batches the worker threads have parsed since they last started (tests). */
export const parseWorkerTasks = () => pool?.completed ?? 0;

/** Ends the worker threads now (tests, shutdown); the next large batch starts them again. */
export async function closeParseWorkers(): Promise<void> {
  const running = pool;
  pool = null;
  await running?.destroy();
}
