/**
 * The two-way contact sync (SPEC point 9: 100 a page, the next page kept, 0 = off).
 * 1. Pull: GET /Contacts?page=N with If-Modified-Since (Xero's time at the previous pull's first
 *    page), each contact matched by the stored Xero ContactID, else created (a supplier at Xero
 *    becomes a SUPPLIER here, anyone else a CLIENT). Xero wins over an unsent local change.
 * 2. Push: our clients, suppliers and customers never sent or changed since (xero_hash ≠
 *    xero_pushed_hash, migration 0032), 100 a batch with POST /Contacts?summarizeErrors=false; the
 *    ContactID Xero gives is stored. The batch's Idempotency-Key is made of the contacts and their
 *    hashes, so a batch retried after a lost answer is not created twice. A contact Xero refuses
 *    (its unique-name rule) keeps Xero's reason in a clear sentence on the contact, and the sync
 *    state's notice counts them.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { SYNC_OFF, SYNC_PAGE_SIZE } from '../../../core/accounting/constants';
import { registerAccountingTask } from '../queue/tasks';
import { CountMismatch } from '../xero/api';
import { pullTask, type StepContext, type SyncStep } from './run';
import { ifModifiedSince, xeroDate } from './state';

export const CONTACT_SYNC = 'sync-contacts';
/** The contact types that are Xero contacts (engineers and operators are our staff, not customers or suppliers). */
export const PUSHED_CONTACT_TYPES = ['CLIENT', 'SUPPLIER', 'CUSTOMER'];

interface XeroContact {
  ContactID: string;
  Name?: string;
  EmailAddress?: string;
  IsSupplier?: boolean;
  Phones?: { PhoneType?: string; PhoneNumber?: string }[];
  StatusAttributeString?: string;
  ValidationErrors?: { Message?: string }[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAME_TAKEN = /^The contact name (.*) is already assigned to another contact/;

/** Xero's refusal in words a user acts on. */
export function refusalText(messages: string[]): string {
  const taken = messages.map((m) => NAME_TAKEN.exec(m)).find(Boolean);
  if (taken)
    return `Xero already has another contact named "${taken[1]}": contact names must be unique in Xero. Rename this contact (or the one in Xero) and sync again.`;
  return messages.length > 0 ? `Xero refused this contact: ${messages.join(' ')}` : 'Xero refused this contact.';
}

const phoneOf = (c: XeroContact) => c.Phones?.find((p) => p.PhoneNumber)?.PhoneNumber ?? null;

async function pullPage({ trx, api, state }: StepContext): Promise<boolean> {
  const page = state.next_page;
  const since = state.modified_since ? new Date(state.modified_since) : null;
  const answer = await api.call<{ Contacts?: XeroContact[]; DateTimeUTC?: string; pagination?: { itemCount?: number } }>('GET', '/Contacts', {
    query: { page, pageSize: SYNC_PAGE_SIZE },
    headers: since ? { 'If-Modified-Since': ifModifiedSince(since) } : {},
  });
  const rows = (answer.body?.Contacts ?? []).filter((c) => typeof c.ContactID === 'string' && c.ContactID !== '');
  const touched: number[] = [];
  for (const c of rows) {
    const values = { co_name: c.Name?.trim() || c.ContactID, co_email: c.EmailAddress || null, co_phone: phoneOf(c), xero_error: null };
    const updated = await trx.updateTable('contacts').set(values).where('xero_contact_id', '=', c.ContactID.toLowerCase()).returning('co_id').execute();
    if (updated.length > 0) touched.push(...updated.map((u) => u.co_id));
    else {
      const made = await trx
        .insertInto('contacts')
        .values({ ...values, co_type: c.IsSupplier ? 'SUPPLIER' : 'CLIENT', xero_contact_id: c.ContactID.toLowerCase() })
        .returning('co_id')
        .executeTakeFirstOrThrow();
      touched.push(made.co_id);
    }
  }
  // What was pulled is what Xero has: not a change to send back.
  if (touched.length > 0)
    await trx
      .updateTable('contacts')
      .set({ xero_pushed_hash: sql`xero_hash` })
      .where('co_id', 'in', touched)
      .execute();
  const done = state.progress_done + rows.length;
  const startedAt = state.pull_started_at ?? xeroDate(answer.body?.DateTimeUTC) ?? new Date();
  const total = answer.body?.pagination?.itemCount ?? done;
  const last = rows.length < SYNC_PAGE_SIZE;
  await trx
    .updateTable('xero_sync_state')
    .set(
      last
        ? {
            phase: 'push',
            next_page: 1,
            modified_since: startedAt,
            pull_started_at: null,
            progress_done: done,
            progress_total: done + (await toPushCount(trx)),
          }
        : { next_page: page + 1, pull_started_at: startedAt, progress_done: done, progress_total: Math.max(total, done) },
    )
    .where('resource', '=', 'contacts')
    .execute();
  return true;
}

const toPush = (trx: StepContext['trx']) =>
  trx
    .selectFrom('contacts')
    .where('co_type', 'in', PUSHED_CONTACT_TYPES)
    .where(sql<boolean>`xero_pushed_hash is distinct from xero_hash`);

async function toPushCount(trx: StepContext['trx']): Promise<number> {
  const { n } = await toPush(trx)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return n;
}

async function pushBatch({ trx, api, state }: StepContext): Promise<boolean> {
  const batch = await toPush(trx)
    .select(['co_id', 'co_name', 'co_email', 'co_phone', 'xero_contact_id', 'xero_hash'])
    .orderBy('co_id')
    .limit(SYNC_PAGE_SIZE)
    .execute();
  if (batch.length === 0) {
    const { n } = await trx
      .selectFrom('contacts')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('co_type', 'in', PUSHED_CONTACT_TYPES)
      .where('xero_error', 'is not', null)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('xero_sync_state')
      .set({ next_page: SYNC_OFF, phase: null, notice: n > 0 ? `${n} contact(s) not sent to Xero: see each contact's accounting message.` : null })
      .where('resource', '=', 'contacts')
      .execute();
    return false;
  }
  const body = {
    Contacts: batch.map((c) => ({
      ...(c.xero_contact_id && UUID.test(c.xero_contact_id) ? { ContactID: c.xero_contact_id } : {}),
      Name: c.co_name,
      ...(c.co_email ? { EmailAddress: c.co_email } : {}),
      ...(c.co_phone ? { Phones: [{ PhoneType: 'DEFAULT', PhoneNumber: c.co_phone }] } : {}),
    })),
  };
  const key = createHash('sha256')
    .update(batch.map((c) => `${c.co_id}:${c.xero_hash}`).join(','))
    .digest('hex');
  const answer = await api.call<{ Contacts?: XeroContact[] }>('POST', '/Contacts', {
    query: { summarizeErrors: false },
    headers: { 'Idempotency-Key': `contacts-${key}` },
    body,
  });
  const answered = answer.body?.Contacts ?? [];
  if (answered.length !== batch.length) throw new CountMismatch('contacts', batch.length, answered.length);
  for (const [i, c] of batch.entries()) {
    const a = answered[i];
    const failed = !a || a.StatusAttributeString === 'ERROR' || (a.ValidationErrors?.length ?? 0) > 0 || !a.ContactID;
    // The hash sent, not the current one: a change made meanwhile is sent by the next batch.
    await trx
      .updateTable('contacts')
      .set(
        failed
          ? { xero_pushed_hash: c.xero_hash, xero_error: refusalText((a?.ValidationErrors ?? []).map((v) => v.Message ?? '').filter(Boolean)) }
          : { xero_pushed_hash: c.xero_hash, xero_error: null, xero_contact_id: a.ContactID.toLowerCase() },
      )
      .where('co_id', '=', c.co_id)
      .execute();
  }
  await trx
    .updateTable('xero_sync_state')
    .set({ progress_done: state.progress_done + batch.length })
    .where('resource', '=', 'contacts')
    .execute();
  return true;
}

const step: SyncStep = (ctx) => (ctx.state.phase === 'push' ? pushBatch(ctx) : pullPage(ctx));

registerAccountingTask(CONTACT_SYNC, pullTask('contacts', step));
