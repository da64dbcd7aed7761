/**
 * The sales-section pushes in xero_sync_pending (kind 'salessection', op the invoice type): queued
 * by generatexeroinvoice, tried at once, and later by processDuePushes (the accounting worker's
 * tick) until done or failed. A row is claimed by moving its next_attempt_at a lease ahead in one
 * UPDATE whose subquery locks with FOR UPDATE SKIP LOCKED: two processes never send one row at
 * once, and a process that dies mid-push leaves the row due again when the lease ends. The HTTP
 * calls run outside any transaction.
 *
 * Due rows go out in batches: rows of one type, up to 50 in one Xero call (Xero's advice, and 60
 * calls a minute would otherwise be 60 documents a minute). A batch's Idempotency-Key is written on
 * its rows (batch_key) before it is sent; a batch that got no answer (lost, 429, 503, a restart) is
 * sent again as the same rows under the same key, so Xero answers it as the first time instead of
 * making second documents. Once a batch is answered its rows are done or failed and leave it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { INVOICE_TYPES, type InvoiceType } from '../../../core/enums';
import type { XeroCode } from '../../../core/accounting/constants';
import { enText } from '../../../core/i18n/en-US';
import { AuthRefused, RateLimited, Unavailable } from '../../integrations/http/errors';
import { jobDb } from '../../jobs/tables';
import type { AnyDb } from '../../resources/hooks';
import type { OAuthDb } from '../../integrations/oauth/tables';
import { AppError } from '../../envelope/errors';
import { connectionOf, latestXeroGrant } from '../connection';
import { xeroApi, xeroCodeOf, type XeroApi } from '../xero/api';
import { contentHash, documentSite, idempotencyKey, readSection, type SectionContent } from './payload';
import { pushBatch, PushRefused, type PushedDocument } from './push';

export const PUSH_KIND = 'salessection';
const TABLE = 'xero_sync_pending';
/** After this many attempts a passing error (429, 503, lost answer) fails the row for a person to look at. */
export const MAX_ATTEMPTS = 8;
/** Documents in one Xero call (Xero recommends 50 at most). */
export const BATCH_SIZE = 50;
/** How long a claimed row is ours before another process may take it again (a dead process's row). */
const LEASE_MS = 2 * 60_000;

export interface PendingRow {
  xsp_id: number;
  kind: string;
  local_id: number;
  op: string;
  payload_hash: string | null;
  idempotency_key: string;
  /** The Idempotency-Key of the batch the row was last sent in, while that batch has not been answered. */
  batch_key: string | null;
  attempts: number;
  next_attempt_at: Date;
  status: 'pending' | 'failed' | 'done';
  error_code: string | null;
  error_text: string | null;
  created_at: Date;
}

export type AttemptOutcome =
  | { status: 'done'; row: PendingRow; document: PushedDocument }
  | { status: 'pending'; row: PendingRow; code: XeroCode; retryAt: Date }
  | { status: 'failed'; row: PendingRow; code: XeroCode; text: string }
  /** Another process holds the row, or it is no longer due or pending. */
  | { status: 'busy' };

const dyn = (db: unknown) => db as AnyDb;

/** Exponential backoff for a passing error without a Retry-After: 30 s, 1, 2, 4 … minutes, at most an hour. */
export const backoffMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Queues the push of a section as `type` (one open row per section: a new request replaces the
 * open row's type and payload, or makes a failed one due again) and answers the row. The caller
 * has checked the section exists.
 */
export async function enqueuePush(db: AnyDb, schema: string, jobId: number, jssId: number, type: InvoiceType): Promise<PendingRow> {
  const content = await readSection(jobDb(db), jobId, jssId);
  if (!content) throw new Error(`section ${jssId} is not of job ${jobId}`);
  const payload_hash = contentHash(content, type);
  const idempotency_key = idempotencyKey(schema, jssId, type, payload_hash);
  return db.transaction().execute(async (trx) => {
    const open = (await trx
      .selectFrom(TABLE)
      .selectAll()
      .where('kind', '=', PUSH_KIND)
      .where('local_id', '=', jssId)
      .where('status', 'in', ['pending', 'failed'])
      .where('deleted_at', 'is', null)
      .orderBy('xsp_id', 'desc')
      .forUpdate()
      .executeTakeFirst()) as PendingRow | undefined;
    // The same push already waiting (in flight in another request, or backing off after 429/503): left as it
    // is, so a second click never sends it beside the first; the worker (or retry now) takes it when due.
    if (open && open.status === 'pending' && open.payload_hash === payload_hash && open.op === type && new Date(open.next_attempt_at) > new Date()) return open;
    if (open) {
      // The same payload stays in its unanswered batch (Xero may hold its document already); a new one goes out in a new batch.
      const batch_key = open.payload_hash === payload_hash && open.op === type ? open.batch_key : null;
      return (await trx
        .updateTable(TABLE)
        .set({ op: type, payload_hash, idempotency_key, batch_key, status: 'pending', next_attempt_at: sql`now()`, error_code: null, error_text: null })
        .where('xsp_id', '=', open.xsp_id)
        .returningAll()
        .executeTakeFirstOrThrow()) as PendingRow;
    }
    return (await trx
      .insertInto(TABLE)
      .values({ kind: PUSH_KIND, local_id: jssId, op: type, payload_hash, idempotency_key })
      .returningAll()
      .executeTakeFirstOrThrow()) as PendingRow;
  });
}

/**
 * Claims due pending pushes (or the one given), oldest due first, skipping rows another process
 * holds. With `batchKey`: that unanswered batch's rows, due or not (a batch goes out whole), and
 * failed ones too (a batch that wore out its attempts without an answer is retried whole).
 */
export async function claimDue(db: AnyDb, opts: { limit?: number; xspId?: number; batchKey?: string; exclude?: number[] } = {}): Promise<PendingRow[]> {
  const ids = db
    .selectFrom(TABLE)
    .select('xsp_id')
    .where('kind', '=', PUSH_KIND)
    .where('deleted_at', 'is', null)
    .$if(opts.batchKey === undefined, (q) => q.where('status', '=', 'pending').where('next_attempt_at', '<=', sql<Date>`now()`))
    .$if(opts.batchKey !== undefined, (q) => q.where('batch_key', '=', opts.batchKey!).where('status', 'in', ['pending', 'failed']))
    .$if(opts.xspId !== undefined, (q) => q.where('xsp_id', '=', opts.xspId!))
    .$if(!!opts.exclude?.length, (q) => q.where('xsp_id', 'not in', opts.exclude!))
    .orderBy('next_attempt_at')
    .orderBy('xsp_id')
    .$if(opts.batchKey === undefined, (q) => q.limit(opts.limit ?? BATCH_SIZE))
    .forUpdate()
    .skipLocked();
  const rows = await db
    .updateTable(TABLE)
    .set({ status: 'pending', next_attempt_at: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`, attempts: sql`attempts + 1` })
    .where('xsp_id', 'in', ids)
    .returningAll()
    .execute();
  return (rows as PendingRow[]).sort((a, b) => a.xsp_id - b.xsp_id);
}

/**
 * The claimed rows as batches to send: each unanswered batch whole (its other rows claimed with it)
 * and under its key; the other rows by type, 50 a batch, each under a new key written on its rows.
 */
async function formBatches(db: AnyDb, rows: PendingRow[]): Promise<{ key: string; rows: PendingRow[] }[]> {
  const batches: { key: string; rows: PendingRow[] }[] = [];
  const seen = new Set<number>(rows.map((r) => r.xsp_id));
  for (const key of new Set(rows.flatMap((r) => (r.batch_key ? [r.batch_key] : [])))) {
    const rest = await claimDue(db, { batchKey: key, exclude: [...seen] });
    rest.forEach((r) => seen.add(r.xsp_id));
    batches.push({ key, rows: [...rows.filter((r) => r.batch_key === key), ...rest].sort((a, b) => a.xsp_id - b.xsp_id) });
  }
  const byType = new Map<string, PendingRow[]>();
  for (const row of rows.filter((r) => !r.batch_key)) byType.set(row.op, [...(byType.get(row.op) ?? []), row]);
  for (const group of byType.values()) {
    for (let i = 0; i < group.length; i += BATCH_SIZE) {
      const part = group.slice(i, i + BATCH_SIZE);
      const key = randomUUID();
      await db
        .updateTable(TABLE)
        .set({ batch_key: key })
        .where(
          'xsp_id',
          'in',
          part.map((r) => r.xsp_id),
        )
        .execute();
      batches.push({ key, rows: part.map((r) => ({ ...r, batch_key: key })) });
    }
  }
  return batches;
}

async function finish(db: AnyDb, xspId: number, values: Record<string, unknown>): Promise<PendingRow> {
  return (await db.updateTable(TABLE).set(values).where('xsp_id', '=', xspId).returningAll().executeTakeFirstOrThrow()) as PendingRow;
}

const textOf = (code: XeroCode, detail?: string) => (detail ? `${enText(`xeroCodes.${code}`)} ${detail}` : enText(`xeroCodes.${code}`));

/**
 * Sends one batch of claimed rows (one type) under `key` and records each row's outcome (and, when
 * done, the document on its section). `onlineLinks`: ask for invoices' online links (a person waits).
 */
export async function sendBatch(
  db: AnyDb,
  schema: string,
  api: XeroApi,
  batch: { key: string; rows: PendingRow[] },
  opts: { onlineLinks?: boolean } = {},
): Promise<Exclude<AttemptOutcome, { status: 'busy' }>[]> {
  const outcomes = new Map<number, Exclude<AttemptOutcome, { status: 'busy' }>>();
  const sendable: { row: PendingRow; content: SectionContent; hash: string }[] = [];
  for (const row of batch.rows) {
    const type = row.op as InvoiceType;
    const section = await jobDb(db).selectFrom('job_sales_sections').select(['job_id']).where('jss_id', '=', row.local_id).executeTakeFirst();
    const content = section && INVOICE_TYPES.includes(type) ? await readSection(jobDb(db), section.job_id, row.local_id) : null;
    if (!content) {
      const code: XeroCode = 'XE_INV_NF';
      const text = textOf(code);
      outcomes.set(row.xsp_id, {
        status: 'failed',
        code,
        text,
        row: await finish(db, row.xsp_id, { status: 'failed', batch_key: null, error_code: code, error_text: text }),
      });
    } else sendable.push({ row, content, hash: contentHash(content, type) });
  }
  if (sendable.length > 0) {
    const type = sendable[0].row.op as InvoiceType;
    let results: Awaited<ReturnType<typeof pushBatch>>;
    try {
      results = await pushBatch({
        db,
        schema,
        api,
        type,
        items: sendable.map((s) => ({ content: s.content, issuedAt: s.row.created_at })),
        key: batch.key,
        site: await documentSite(jobDb(db)),
        onlineLinks: opts.onlineLinks ?? false,
        rekey: async (indices, key) => {
          await db
            .updateTable(TABLE)
            .set({ batch_key: key })
            .where(
              'xsp_id',
              'in',
              indices.map((i) => sendable[i].row.xsp_id),
            )
            .execute();
          for (const i of indices) sendable[i].row = { ...sendable[i].row, batch_key: key };
        },
      });
    } catch (error) {
      results = sendable.map(() => ({ ok: false, error }));
    }
    for (const [i, result] of results.entries()) {
      const { row, hash } = sendable[i];
      if (!result.ok) {
        outcomes.set(row.xsp_id, await recordFailure(db, row, result.error));
        continue;
      }
      const document = result.document;
      const done = await db.transaction().execute(async (trx) => {
        await jobDb(trx)
          .updateTable('job_sales_sections')
          .set({
            xero_doc_id: document.id,
            xero_doc_number: document.number,
            xero_doc_type: type,
            xero_doc_url: document.url,
            last_pushed_hash: hash,
            jss_is_final: true,
            updated_at: new Date(),
          })
          .where('jss_id', '=', row.local_id)
          .execute();
        const key = hash === row.payload_hash ? row.idempotency_key : idempotencyKey(schema, row.local_id, type, hash);
        return finish(trx, row.xsp_id, { status: 'done', batch_key: null, payload_hash: hash, idempotency_key: key, error_code: null, error_text: null });
      });
      outcomes.set(row.xsp_id, { status: 'done', row: done, document });
    }
  }
  return batch.rows.map((r) => outcomes.get(r.xsp_id)!);
}

/** No answer was heard (a 429, a 503, a lost answer, a refused grant): the row stays in its batch, whose key a retry repeats. */
const unanswered = (error: unknown) => error instanceof RateLimited || error instanceof Unavailable || error instanceof AuthRefused;

async function recordFailure(db: AnyDb, row: PendingRow, error: unknown): Promise<Exclude<AttemptOutcome, { status: 'busy' }>> {
  if ((error instanceof RateLimited || error instanceof Unavailable) && row.attempts < MAX_ATTEMPTS) {
    const code: XeroCode = 'XE_CONN_ERR';
    const retryAt = (error.retryAt && error.retryAt.getTime() > Date.now() ? error.retryAt : null) ?? new Date(Date.now() + backoffMs(row.attempts));
    const text = textOf(code, error.message);
    const updated = await finish(db, row.xsp_id, { status: 'pending', next_attempt_at: retryAt, error_code: code, error_text: text });
    return { status: 'pending', row: updated, code, retryAt };
  }
  let code: XeroCode;
  let detail: string | undefined;
  if (error instanceof PushRefused) [code, detail] = [error.code, error.message];
  else if (error instanceof AppError && typeof error.code === 'string' && error.code.startsWith('XE_'))
    [code, detail] = [error.code as XeroCode, error.details ?? undefined];
  else {
    code = xeroCodeOf(error);
    if (!(error instanceof AuthRefused)) detail = error instanceof Error ? error.message : undefined;
  }
  const text = textOf(code, detail);
  const values = { status: 'failed', error_code: code, error_text: text, ...(unanswered(error) ? {} : { batch_key: null }) };
  return { status: 'failed', code, text, row: await finish(db, row.xsp_id, values) };
}

/** The brand's Xero client, or null while the brand is not connected (pushes wait: a refused grant pauses them). */
export async function brandXeroApi(db: AnyDb, schema: string): Promise<XeroApi | null> {
  const connection = connectionOf(await latestXeroGrant(db as unknown as OAuthDb));
  return connection.connected ? xeroApi(db as unknown as OAuthDb, schema, connection) : null;
}

/**
 * Claims and sends one row now (generatexeroinvoice's inline attempt, "retry now"): alone, or with
 * the rest of its batch when that batch was never answered. Invoices get their online link.
 */
export async function attemptNow(db: AnyDb, schema: string, api: XeroApi, xspId: number): Promise<AttemptOutcome> {
  const [row] = await claimDue(db, { xspId, limit: 1 });
  if (!row) return { status: 'busy' };
  const [batch] = await formBatches(db, [row]);
  const outcomes = await sendBatch(db, schema, api, batch, { onlineLinks: true });
  return outcomes.find((o) => o.row.xsp_id === xspId) ?? { status: 'busy' };
}

export interface ProcessResult {
  /** False when the brand is not connected (nothing was claimed). */
  connected: boolean;
  outcomes: Exclude<AttemptOutcome, { status: 'busy' }>[];
}

/**
 * Sends the brand's due pushes (the accounting worker calls this per brand on its tick): `db` is
 * the brand's database, `schema` its name; up to `limit` rows, in batches of BATCH_SIZE. Rows
 * another process holds are skipped, not waited for.
 */
export async function processDuePushes(db: unknown, schema: string, opts: { limit?: number; api?: XeroApi } = {}): Promise<ProcessResult> {
  const api = opts.api ?? (await brandXeroApi(dyn(db), schema));
  if (!api) return { connected: false, outcomes: [] };
  const batches = await formBatches(dyn(db), await claimDue(dyn(db), { limit: opts.limit ?? 4 * BATCH_SIZE }));
  const outcomes: ProcessResult['outcomes'] = [];
  // One batch at a time: the brand's rate budget is shared, and a 429 should stop the batches after it too.
  for (const [n, batch] of batches.entries()) {
    const sent = await sendBatch(dyn(db), schema, api, batch);
    outcomes.push(...sent);
    const waiting = sent.find((o) => o.status === 'pending');
    if (waiting?.status === 'pending') {
      // Give the rest of the claim back, due when this batch is (their batches keep their keys).
      const rest = batches.slice(n + 1).flatMap((b) => b.rows.map((r) => r.xsp_id));
      if (rest.length)
        await dyn(db)
          .updateTable(TABLE)
          .set({ next_attempt_at: waiting.retryAt, attempts: sql`attempts - 1` })
          .where('xsp_id', 'in', rest)
          .execute();
      break;
    }
  }
  return { connected: true, outcomes };
}
