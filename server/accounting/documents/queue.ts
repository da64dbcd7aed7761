/**
 * The sales-section pushes in xero_sync_pending (kind 'salessection', op the invoice type): queued
 * by generatexeroinvoice, tried at once, and later by processDuePushes (the accounting worker's
 * tick) until done or failed. A row is claimed by moving its next_attempt_at a lease ahead in one
 * UPDATE whose subquery locks with FOR UPDATE SKIP LOCKED: two processes never send one row at
 * once, and a process that dies mid-push leaves the row due again when the lease ends. The HTTP
 * calls run outside any transaction; the row's Idempotency-Key makes a repeat harmless.
 */
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
import { contentHash, idempotencyKey, invoiceDueDays, readSection } from './payload';
import { pushDocument, PushRefused, type PushedDocument } from './push';

export const PUSH_KIND = 'salessection';
const TABLE = 'xero_sync_pending';
/** After this many attempts a passing error (429, 503, lost answer) fails the row for a person to look at. */
export const MAX_ATTEMPTS = 8;
/** How long a claimed row is ours before another process may take it again (a dead process's row). */
const LEASE_MS = 2 * 60_000;

export interface PendingRow {
  xsp_id: number;
  kind: string;
  local_id: number;
  op: string;
  payload_hash: string | null;
  idempotency_key: string;
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
      return (await trx
        .updateTable(TABLE)
        .set({ op: type, payload_hash, idempotency_key, status: 'pending', next_attempt_at: sql`now()`, error_code: null, error_text: null })
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

/** Claims due pending pushes (or the one given), oldest due first, skipping rows another process holds. */
export async function claimDue(db: AnyDb, opts: { limit?: number; xspId?: number } = {}): Promise<PendingRow[]> {
  const ids = db
    .selectFrom(TABLE)
    .select('xsp_id')
    .where('kind', '=', PUSH_KIND)
    .where('status', '=', 'pending')
    .where('deleted_at', 'is', null)
    .where('next_attempt_at', '<=', sql<Date>`now()`)
    .$if(opts.xspId !== undefined, (q) => q.where('xsp_id', '=', opts.xspId!))
    .orderBy('next_attempt_at')
    .orderBy('xsp_id')
    .limit(opts.limit ?? 10)
    .forUpdate()
    .skipLocked();
  const rows = await db
    .updateTable(TABLE)
    .set({ next_attempt_at: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`, attempts: sql`attempts + 1` })
    .where('xsp_id', 'in', ids)
    .returningAll()
    .execute();
  return (rows as PendingRow[]).sort((a, b) => a.xsp_id - b.xsp_id);
}

async function finish(db: AnyDb, xspId: number, values: Record<string, unknown>): Promise<PendingRow> {
  return (await db.updateTable(TABLE).set(values).where('xsp_id', '=', xspId).returningAll().executeTakeFirstOrThrow()) as PendingRow;
}

const textOf = (code: XeroCode, detail?: string) => (detail ? `${enText(`xeroCodes.${code}`)} ${detail}` : enText(`xeroCodes.${code}`));

/** Sends one claimed row and records the outcome on the row (and, when done, on the section). */
export async function attemptClaimed(db: AnyDb, schema: string, api: XeroApi, row: PendingRow): Promise<AttemptOutcome> {
  const type = row.op as InvoiceType;
  const section = await jobDb(db)
    .selectFrom('job_sales_sections')
    .select(['job_id', 'jss_is_final', 'xero_doc_id'])
    .where('jss_id', '=', row.local_id)
    .executeTakeFirst();
  if (!section || !INVOICE_TYPES.includes(type)) {
    const code: XeroCode = 'XE_INV_NF';
    return { status: 'failed', code, text: textOf(code), row: await finish(db, row.xsp_id, { status: 'failed', error_code: code, error_text: textOf(code) }) };
  }
  try {
    const content = (await readSection(jobDb(db), section.job_id, row.local_id))!;
    // The section changed since it was queued (it is not final yet): a new payload gets a new key.
    const hash = contentHash(content, type);
    const key = hash === row.payload_hash ? row.idempotency_key : idempotencyKey(schema, row.local_id, type, hash);
    const document = await pushDocument({
      db,
      schema,
      api,
      content,
      type,
      key,
      issuedAt: row.created_at,
      invoiceDueDays: await invoiceDueDays(jobDb(db)),
    });
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
      return finish(trx, row.xsp_id, { status: 'done', payload_hash: hash, idempotency_key: key, error_code: null, error_text: null });
    });
    return { status: 'done', row: done, document };
  } catch (error) {
    return recordFailure(db, row, error);
  }
}

async function recordFailure(db: AnyDb, row: PendingRow, error: unknown): Promise<AttemptOutcome> {
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
  return { status: 'failed', code, text, row: await finish(db, row.xsp_id, { status: 'failed', error_code: code, error_text: text }) };
}

/** The brand's Xero client, or null while the brand is not connected (pushes wait: a refused grant pauses them). */
export async function brandXeroApi(db: AnyDb, schema: string): Promise<XeroApi | null> {
  const connection = connectionOf(await latestXeroGrant(db as unknown as OAuthDb));
  return connection.connected ? xeroApi(db as unknown as OAuthDb, schema, connection) : null;
}

/** Claims and sends one row now (generatexeroinvoice's inline attempt, "retry now"). */
export async function attemptNow(db: AnyDb, schema: string, api: XeroApi, xspId: number): Promise<AttemptOutcome> {
  const [row] = await claimDue(db, { xspId, limit: 1 });
  return row ? attemptClaimed(db, schema, api, row) : { status: 'busy' };
}

export interface ProcessResult {
  /** False when the brand is not connected (nothing was claimed). */
  connected: boolean;
  outcomes: Exclude<AttemptOutcome, { status: 'busy' }>[];
}

/**
 * Sends the brand's due pushes (the accounting worker calls this per brand on its tick): `db` is
 * the brand's database, `schema` its name. Rows another process holds are skipped, not waited for.
 */
export async function processDuePushes(db: unknown, schema: string, opts: { limit?: number; api?: XeroApi } = {}): Promise<ProcessResult> {
  const api = opts.api ?? (await brandXeroApi(dyn(db), schema));
  if (!api) return { connected: false, outcomes: [] };
  const rows = await claimDue(dyn(db), { limit: opts.limit ?? 10 });
  const outcomes: ProcessResult['outcomes'] = [];
  // One at a time: the brand's rate budget is shared, and a 429 should stop the rest of the batch too.
  for (const row of rows) {
    const outcome = await attemptClaimed(dyn(db), schema, api, row);
    if (outcome.status !== 'busy') outcomes.push(outcome);
    if (outcome.status === 'pending') {
      // Give the rest of the claim back, due when this one is.
      const rest = rows.filter((r) => r.xsp_id > row.xsp_id).map((r) => r.xsp_id);
      if (rest.length)
        await dyn(db)
          .updateTable(TABLE)
          .set({ next_attempt_at: outcome.retryAt, attempts: sql`attempts - 1` })
          .where('xsp_id', 'in', rest)
          .execute();
      break;
    }
  }
  return { connected: true, outcomes };
}
