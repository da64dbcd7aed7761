/**
 * The draft rules of SPEC.md point 4, on the server: a locked draft is not saved, an update that
 * changes nothing is skipped without a write, the body is touched only when sent, and every write
 * bumps the version so a second user's stale update is refused instead of overwriting.
 */
import { sql } from 'kysely';
import { composeText } from '../../../../core/mail/compose/messages';
import { conflict } from '../../../envelope/errors';
import { mailNotFound, readableMail, sendableAccountIds } from '../access';
import { resolveFrom } from '../aliases';
import type { FileStore } from '../../../files/storage';
import type { ComposeDb } from '../tables';
import { forwardedFiles, linkForwardedFiles, type ForwardedFiles, type ForwardedMail } from './forwardFiles';
import { prefillFrom } from './prefill';
import type { CreateInput, DraftFields, DraftRow } from './wire';

export const draftLocked = () => conflict(composeText('errors.draftLocked'), 'mdraft_locked');
export const draftStale = () => conflict(composeText('errors.draftStale'), 'mdraft_version');

/** The draft if it belongs to an account the user may send on (row-locked inside a transaction when asked). */
export async function accessibleDraft(db: ComposeDb, usId: number, id: number, forUpdate = false): Promise<DraftRow> {
  const accounts = await sendableAccountIds(db, usId);
  let q = db.selectFrom('maildrafts').selectAll().where('mdraft_id', '=', id).where('mailaccount_id', 'in', accounts);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw mailNotFound();
  return row;
}

/** Drafts answering the same mail in the user's accounts: the SPA offers to continue or replace them. */
export async function draftsForReply(db: ComposeDb, usId: number, maId: number): Promise<DraftRow[]> {
  const accounts = await sendableAccountIds(db, usId);
  return db
    .selectFrom('maildrafts')
    .selectAll()
    .where('reply_ma_id', '=', maId)
    .where('mailaccount_id', 'in', accounts)
    .orderBy('updated_at', 'desc')
    .execute();
}

/** The Drafts folder: newest first; `stext` matches the subject, the recipients' names and addresses, and the body. */
export async function searchDrafts(db: ComposeDb, accounts: number[], stext: string | null): Promise<DraftRow[]> {
  let q = db.selectFrom('maildrafts').selectAll().where('mailaccount_id', 'in', accounts);
  if (stext) {
    const like = `%${stext.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('mdraft_subject', 'ilike', like),
        eb(sql`mdraft_to_arr::text`, 'ilike', like),
        eb(sql`mdraft_cc_arr::text`, 'ilike', like),
        eb('mdraft_html', 'ilike', like),
      ]),
    );
  }
  return q.orderBy('updated_at', 'desc').limit(500).execute();
}

async function ownAddresses(db: ComposeDb, accountId: number): Promise<string[]> {
  const account = await db.selectFrom('mailaccounts').select('ma_email').where('mailaccount_id', '=', accountId).executeTakeFirst();
  const aliases = await db.selectFrom('mailaliases').select('mal_email').where('mailaccount_id', '=', accountId).execute();
  return [...(account ? [account.ma_email] : []), ...aliases.map((a) => a.mal_email)];
}

/** A new draft; a forward also links the forwarded mail's attachments (`store` holds their bytes). */
export async function createDraft(db: ComposeDb, usId: number, input: CreateInput, store?: FileStore): Promise<DraftRow> {
  let values: DraftFields = {};
  let forwarding: ForwardedMail | null = null;
  let fromChoice: { mal_id?: number | null; mailaccount_id?: number | null } = { mal_id: input.mal_id, mailaccount_id: input.mailaccount_id };
  if (input.reply_ma_id !== null && input.reply_ma_id !== undefined && input.mode) {
    const mail = await readableMail(db, usId, input.reply_ma_id);
    values = prefillFrom(mail, input.mode, await ownAddresses(db, mail.mailaccount_id), { images: input.images === true });
    // A reply goes out from the account it answers, when the user may send there.
    if (fromChoice.mal_id == null && fromChoice.mailaccount_id == null) {
      const sendable = await sendableAccountIds(db, usId);
      if (sendable.includes(mail.mailaccount_id)) fromChoice = { mailaccount_id: mail.mailaccount_id };
    }
    if (input.mode === 'forward') forwarding = mail;
  }
  const from = await resolveFrom(db, usId, fromChoice);
  const fields = { ...values, ...stripFrom(input) };
  let forwarded: ForwardedFiles | null = null;
  if (forwarding) {
    // Checked again in the transaction; here it spares reading attachments for a draft refused anyway.
    if (!input.replace_id) await refuseSecondDraft(db, usId, forwarding.ma_id);
    forwarded = await forwardedFiles(db, store, forwarding);
  }
  try {
    return await db.transaction().execute((trx) => insertDraft(trx, usId, input, from, fields, forwarded));
  } catch (err) {
    await forwarded?.discard();
    throw err;
  }
}

async function refuseSecondDraft(db: ComposeDb, usId: number, maId: number): Promise<void> {
  const existing = await draftsForReply(db, usId, maId);
  if (existing.length) throw conflict(composeText('errors.draftExists'), String(existing[0].mdraft_id));
}

async function insertDraft(
  trx: ComposeDb,
  usId: number,
  input: CreateInput,
  from: { mailaccount_id: number; mal_id: number | null },
  fields: DraftFields,
  forwarded: ForwardedFiles | null,
): Promise<DraftRow> {
  if (input.replace_id) {
    // Replacing deletes the existing draft (SPEC.md point 4), in the same transaction as the new one.
    await accessibleDraft(trx, usId, input.replace_id, true);
    await trx.deleteFrom('maildrafts').where('mdraft_id', '=', input.replace_id).execute();
  } else if (input.reply_ma_id) {
    await refuseSecondDraft(trx, usId, input.reply_ma_id);
  }
  const row = await trx
    .insertInto('maildrafts')
    .values({
      mailaccount_id: from.mailaccount_id,
      mal_id: from.mal_id,
      us_id: usId,
      mdraft_to_arr: JSON.stringify(fields.mdraft_to_arr ?? []),
      mdraft_cc_arr: JSON.stringify(fields.mdraft_cc_arr ?? []),
      mdraft_bcc_arr: JSON.stringify(fields.mdraft_bcc_arr ?? []),
      mdraft_subject: fields.mdraft_subject ?? '',
      mdraft_html: fields.mdraft_html ?? '',
      reply_ma_id: input.reply_ma_id ?? null,
      reply_mode: input.mode ?? null,
      job_id: input.job_id ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (forwarded) await linkForwardedFiles(trx, row.mdraft_id, forwarded);
  return row;
}

function stripFrom(f: DraftFields & { images?: boolean }): DraftFields {
  const { mal_id: _m, mailaccount_id: _a, images: _i, ...rest } = f;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface SaveResult {
  row: DraftRow;
  /** Nothing changed: no write was made. */
  skipped: boolean;
}

/** Saves the sent fields onto the draft; refuses a locked draft and a stale version. */
export async function saveDraft(db: ComposeDb, usId: number, id: number, version: number, fields: DraftFields): Promise<SaveResult> {
  const from =
    fields.mal_id !== undefined || fields.mailaccount_id !== undefined
      ? await resolveFrom(db, usId, { mal_id: fields.mal_id, mailaccount_id: fields.mailaccount_id })
      : null;
  return db.transaction().execute(async (trx) => {
    const row = await accessibleDraft(trx, usId, id, true);
    if (row.mdraft_locked) throw draftLocked();
    if (row.mdraft_version !== version) throw draftStale();
    const changes: Record<string, unknown> = {};
    if (from && (from.mailaccount_id !== row.mailaccount_id || from.mal_id !== row.mal_id)) {
      changes.mailaccount_id = from.mailaccount_id;
      changes.mal_id = from.mal_id;
    }
    for (const name of ['mdraft_to_arr', 'mdraft_cc_arr', 'mdraft_bcc_arr'] as const) {
      if (fields[name] !== undefined && !same(fields[name], row[name])) changes[name] = JSON.stringify(fields[name]);
    }
    if (fields.mdraft_subject !== undefined && fields.mdraft_subject !== row.mdraft_subject) changes.mdraft_subject = fields.mdraft_subject;
    if (fields.mdraft_html !== undefined && fields.mdraft_html !== row.mdraft_html) changes.mdraft_html = fields.mdraft_html;
    if (Object.keys(changes).length === 0) return { row, skipped: true };
    const saved = await trx
      .updateTable('maildrafts')
      .set({ ...changes, mdraft_version: sql<number>`mdraft_version + 1`, updated_at: sql<Date>`now()` })
      .where('mdraft_id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row: saved, skipped: false };
  });
}

/** Takes the draft for sending: locked, so no one edits (or sends) it while the SMTP call runs. */
export async function lockForSending(db: ComposeDb, id: number, version: number): Promise<DraftRow> {
  const row = await db
    .updateTable('maildrafts')
    .set({ mdraft_locked: true, mdraft_lock_reason: 'sending', mdraft_version: sql<number>`mdraft_version + 1`, updated_at: sql<Date>`now()` })
    .where('mdraft_id', '=', id)
    .where('mdraft_version', '=', version)
    .where('mdraft_locked', '=', false)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw draftLocked();
  return row;
}

export async function lockAfterFailure(db: ComposeDb, id: number, reason: string): Promise<void> {
  await db
    .updateTable('maildrafts')
    .set({ mdraft_locked: true, mdraft_lock_reason: reason.slice(0, 1000), updated_at: sql<Date>`now()` })
    .where('mdraft_id', '=', id)
    .execute();
}

export async function unlockDraft(db: ComposeDb, usId: number, id: number): Promise<DraftRow> {
  await accessibleDraft(db, usId, id);
  return db
    .updateTable('maildrafts')
    .set({ mdraft_locked: false, mdraft_lock_reason: null, mdraft_version: sql<number>`mdraft_version + 1`, updated_at: sql<Date>`now()` })
    .where('mdraft_id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteDrafts(db: ComposeDb, usId: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const accounts = await sendableAccountIds(db, usId);
  const res = await db.deleteFrom('maildrafts').where('mdraft_id', 'in', ids).where('mailaccount_id', 'in', accounts).executeTakeFirst();
  return Number(res.numDeletedRows);
}
