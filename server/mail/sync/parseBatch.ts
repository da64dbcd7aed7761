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
import { parseMessage, type ParsedMessage, type RawMessage } from './parse';

/** Below this many mails a thread's start and the copies to and fro cost more than they save. */
export const WORKER_MIN_BATCH = 20;

const threads = () => Math.max(0, Math.floor(Number(process.env.MAIL_PARSE_THREADS ?? 1)) || 0);

let pool: Piscina | null = null;

/** The worker runs this module's sibling; as TypeScript (tsx, vitest) it needs tsx's loader, which a plain Worker does not inherit from vitest. */
function parsePool(): Piscina {
  if (pool) return pool;
  const here = fileURLToPath(import.meta.url);
  const ext = path.extname(here);
  const loader = ext === '.ts' && !process.execArgv.some((a) => a.includes('tsx')) ? ['--import', 'tsx'] : [];
  pool = new Piscina({
    filename: path.join(path.dirname(here), `parseWorker${ext}`),
    minThreads: 0,
    maxThreads: threads(),
    // Idle threads end (and never keep the process alive): between first syncs nothing is held.
    idleTimeout: 30_000,
    execArgv: [...process.execArgv, ...loader],
  });
  return pool;
}

/** Attachment bytes come back from the thread as plain Uint8Arrays. */
function withBuffers(p: ParsedMessage): ParsedMessage {
  for (const a of p.attachments) a.content = Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength);
  return p;
}

export async function parseBatch(messages: RawMessage[]): Promise<ParsedMessage[]> {
  if (messages.length >= WORKER_MIN_BATCH && threads() > 0) {
    const n = threads();
    const size = Math.ceil(messages.length / n);
    const parts = await Promise.all(Array.from({ length: n }, (_, k) => parsePool().run(messages.slice(k * size, (k + 1) * size).map(({ source, internalDate, size }) => ({ source, internalDate, size }))) as Promise<ParsedMessage[]>));
    return parts.flat().map(withBuffers);
  }
  const parsed: ParsedMessage[] = [];
  for (const m of messages) parsed.push(await parseMessage(m));
  return parsed;
}

/** Batches the worker threads have parsed since they last started (tests). */
export const parseWorkerTasks = () => pool?.completed ?? 0;

/** Ends the worker threads now (tests, shutdown); the next large batch starts them again. */
export async function closeParseWorkers(): Promise<void> {
  const running = pool;
  pool = null;
  await running?.destroy();
}
