/**
 * One folder's sync, resumable at every batch:
 * 1. UIDVALIDITY changed → the folder's old UIDs mean nothing: drop its locations and start over
 *    (Message-IDs keep the mails themselves from doubling).
 * 2. Nothing changed (same UIDVALIDITY, UIDNEXT and HIGHESTMODSEQ) → done, no fetch at all.
 * 3. New mail by UID above the cursor, in batches; each batch's locations commit with the new cursor, so a
 *    restart continues where it stopped. What is new is never judged from \Seen.
 * 4. Flag changes since the stored HIGHESTMODSEQ (CONDSTORE), or all flags without it.
 * 5. UIDs gone from the server lose their location here (the mails go once no folder has them).
 * The folder is opened read-only: syncing never changes anything on the server.
 * One hostile mail never stops the folder: a mail that cannot be fully parsed is stored partly
 * (parse.ts), one that cannot be read is recorded in `mail_skipped`; a batch that still fails to
 * store because PostgreSQL refused what a mail holds is stored again a mail at a time, and a mail
 * refused alone is stored with its headers only or else skipped; the cursor moves past it. Passing
 * trouble (the file store, the connection) fails the folder as before, to be stored whole next time.
 */
import type { ImapFlow, MailboxObject } from 'imapflow';
import { sql } from 'kysely';
import type { ImapFoldersTable, MailDb } from '../tables';
import type { Selectable } from 'kysely';
import type { FileStore } from '../../files/storage';
import { attachmentTarget } from './attachmentFiles';
import { attachmentDb } from './attachmentTables';
import { failureReason, isUnreadable, type ParsedMessage, type ParseOutcome } from './parse';
import { searchText } from './searchText';
import { parseBatch } from './parseBatch';
import { flagColumns, storeBatch, type AppFlag, type FetchedMessage, type FolderRef } from './store';

/** Mails per fetch and per transaction: large enough that round trips do not dominate, small enough to hold in memory twice. */
const DEFAULT_BATCH = 200;

export interface FolderSyncResult {
  added: number;
  flagsUpdated: number;
  removed: number;
  skipped: boolean;
}

type Folder = Selectable<ImapFoldersTable>;

export interface SyncOptions {
  batchSize?: number;
  /** Where attachments are stored as files; default the data folder's store (as the app's). */
  fileStore?: FileStore;
  /** Called after each committed batch (progress for the UI, and for tests that stop midway). */
  onBatch?: (done: number, total: number) => Promise<void> | void;
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

async function resetFolder(db: MailDb, folder: Folder, uidValidity: number): Promise<Folder> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('mail_locations').where('ifolder_id', '=', folder.ifolder_id).execute();
    await trx.deleteFrom('mail_skipped').where('ifolder_id', '=', folder.ifolder_id).execute();
    return trx
      .updateTable('imapfolders')
      .set({ uidvalidity: uidValidity, last_uid: 0, highestmodseq: null, uidnext: null, messages_synced: 0 })
      .where('ifolder_id', '=', folder.ifolder_id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

async function fetchBatch(client: ImapFlow, batch: number[]): Promise<FetchedMessage[]> {
  const fetched = await client.fetchAll(batch.join(','), { uid: true, flags: true, source: true, internalDate: true, size: true }, { uid: true });
  return fetched
    .filter((f) => f.source)
    .map((f) => ({
      uid: f.uid,
      flags: f.flags ?? new Set(),
      source: f.source!,
      internalDate: f.internalDate ? new Date(f.internalDate) : null,
      size: f.size ?? 0,
    }));
}

/** A step started now and awaited later: its failure must not count as unhandled meanwhile. */
function started<T>(work: Promise<T>): Promise<T> {
  work.catch(() => undefined);
  return work;
}

interface Skip {
  uid: number;
  reason: string;
}

/**
 * In a batch's transaction: the folder's cursor moves to `upTo`, `count` mails more are done (stored
 * or skipped), the skipped mails are recorded, and open browsers learn of the change.
 */
async function advance(trx: MailDb, ref: FolderRef, upTo: number, count: number, parsed: ParsedMessage[], skipped: Skip[]) {
  const newest = parsed.reduce<Date | null>((max, p) => (p.mail_date && (!max || p.mail_date > max) ? p.mail_date : max), null);
  await trx
    .updateTable('imapfolders')
    .set({
      last_uid: sql`greatest(last_uid, ${upTo})`,
      messages_synced: sql`messages_synced + ${count}`,
      ...(newest ? { ifolder_last_email_date: sql`greatest(ifolder_last_email_date, ${newest})` } : {}),
    })
    .where('ifolder_id', '=', ref.ifolder_id)
    .execute();
  if (skipped.length) {
    await trx
      .insertInto('mail_skipped')
      .values(skipped.map((k) => ({ ifolder_id: ref.ifolder_id, uid: k.uid, uidvalidity: ref.uidvalidity, reason: k.reason })))
      .onConflict((oc) =>
        oc
          .columns(['ifolder_id', 'uid'])
          .doUpdateSet((eb) => ({ reason: eb.ref('excluded.reason'), uidvalidity: eb.ref('excluded.uidvalidity'), skipped_at: sql`now()` })),
      )
      .execute();
  }
  // New mail shows in open browsers as its batch commits, not only when a long first sync ends.
  await attachmentDb(trx)
    .updateTable('mailaccounts')
    .set({ ma_changed_at: sql`clock_timestamp()` })
    .where('mailaccount_id', '=', ref.mailaccount_id)
    .execute();
}

/** What is left of a mail the database would not take as parsed: its headers, and why. */
function headersOnly(p: ParsedMessage, reason: string): ParsedMessage {
  const row = { ...p, mail_html: null, mail_text: null, has_attachments: false, attachments: [], mail_partial: reason };
  return { ...row, search_text: searchText(row) };
}

/**
 * Stores one batch; the folder's cursor moves past it in the same transaction as its locations.
 * Unreadable mails (and UIDs the server sent no source for) are recorded as skipped. Should the
 * batch fail to store, its mails are stored one at a time (`oneByOne`).
 */
async function commitBatch(db: MailDb, ref: FolderRef, batch: number[], messages: FetchedMessage[], outcomes: ParseOutcome[]) {
  const fetched = new Set(messages.map((m) => m.uid));
  const skipped: Skip[] = batch.filter((uid) => !fetched.has(uid)).map((uid) => ({ uid, reason: 'The server sent no source for this UID' }));
  const readable: FetchedMessage[] = [];
  const parsed: ParsedMessage[] = [];
  messages.forEach((m, i) => {
    const o = outcomes[i];
    if (isUnreadable(o)) skipped.push({ uid: m.uid, reason: o.unreadable });
    else {
      readable.push(m);
      parsed.push(o);
    }
  });
  try {
    await storeBatch(db, ref, readable, parsed, (trx) => advance(trx, ref, batch[batch.length - 1], messages.length, parsed, skipped));
  } catch (err) {
    if (!readable.length || !refusedData(err)) throw err;
    await oneByOne(db, ref, batch, messages, outcomes, skipped);
  }
}

/**
 * Whether PostgreSQL refused what a mail holds (a data exception, a constraint, a value over a
 * limit): that mail's fault, so it is set apart and the folder goes on. Anything else (the file
 * store, the connection, a restart) is passing trouble: the folder fails with its cursor where it
 * was, and the next sync stores the mails whole.
 */
function refusedData(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && /^(22|23|54)/.test(code);
}

/**
 * A batch that failed to store, a mail per transaction in UID order, each moving the cursor to its
 * UID: a mail the database refuses is stored with its headers only, else recorded as skipped. A
 * failure to record even that (the database is away) fails the folder with the cursor before it.
 */
async function oneByOne(db: MailDb, ref: FolderRef, batch: number[], messages: FetchedMessage[], outcomes: ParseOutcome[], skipped: Skip[]) {
  const items = [
    ...messages.map((m, i) => ({ uid: m.uid, m, o: outcomes[i] })),
    ...skipped.filter((k) => !messages.some((m) => m.uid === k.uid)).map((k) => ({ uid: k.uid, m: null, o: { unreadable: k.reason } as ParseOutcome })),
  ].sort((a, b) => a.uid - b.uid);
  for (const { uid, m, o } of items) {
    const skip = (reason: string) => db.transaction().execute((trx) => advance(trx, ref, uid, 1, [], [{ uid, reason }]));
    if (!m || isUnreadable(o)) {
      await skip(isUnreadable(o) ? o.unreadable : 'unreadable');
      continue;
    }
    let reason: string;
    try {
      await storeBatch(db, ref, [m], [o], (trx) => advance(trx, ref, uid, 1, [o], []));
      continue;
    } catch (err) {
      if (!refusedData(err)) throw err;
      reason = failureReason(err);
    }
    try {
      const bare = headersOnly(o, `Could not be stored: ${reason}`);
      await storeBatch(db, ref, [m], [bare], (trx) => advance(trx, ref, uid, 1, [bare], []));
      continue;
    } catch (err) {
      if (!refusedData(err)) throw err;
      reason = failureReason(err);
    }
    await skip(reason);
  }
  // UIDs of the batch above the last one handled (none fetched): the cursor still moves past them.
  await db.transaction().execute((trx) => advance(trx, ref, batch[batch.length - 1], 0, [], []));
}

async function fetchNew(client: ImapFlow, db: MailDb, folder: Folder, ref: FolderRef, opts: SyncOptions): Promise<number> {
  const query = folder.last_uid > 0 ? { uid: `${folder.last_uid + 1}:*` } : folder.ifolder_syncfromdt ? { since: folder.ifolder_syncfromdt } : { all: true };
  // "n:*" always matches the highest UID, even below n: keep only the truly new ones.
  const uids = ((await client.search(query, { uid: true })) || []).filter((u) => u > folder.last_uid).sort((a, b) => a - b);
  const batches = chunks(uids, opts.batchSize ?? DEFAULT_BATCH);
  let done = 0;
  // A pipeline: batch n+1 downloads (Dovecot) and is parsed (parseBatch.ts) while batch n is stored
  // (PostgreSQL). Batches still commit one after the other, so the cursor only moves forward.
  let fetching = batches.length ? started(fetchBatch(client, batches[0])) : null;
  let storing: Promise<void> | null = null;
  try {
    for (const [i, batch] of batches.entries()) {
      const messages = await fetching!;
      fetching = i + 1 < batches.length ? started(fetchBatch(client, batches[i + 1])) : null;
      const parsed = await parseBatch(messages);
      await storing;
      storing = started(
        commitBatch(db, ref, batch, messages, parsed).then(async () => {
          done += batch.length;
          await opts.onBatch?.(done, uids.length);
        }),
      );
    }
    await storing;
  } finally {
    // Whatever is still under way must settle before the mailbox lock goes.
    await Promise.allSettled([fetching, storing]);
  }
  return done;
}

async function updateFlags(client: ImapFlow, db: MailDb, folder: Folder, lastUid: number, box: MailboxObject): Promise<number> {
  if (lastUid === 0) return 0;
  const since = folder.highestmodseq && box.highestModseq ? BigInt(folder.highestmodseq) : undefined;
  const changed = await client.fetchAll(`1:${lastUid}`, { uid: true, flags: true }, { uid: true, ...(since ? { changedSince: since } : {}) });
  let n = 0;
  for (const msg of changed) {
    if (msg.uid > lastUid) continue;
    const flags = flagColumns(msg.flags ?? new Set());
    const res = await db
      .updateTable('mails')
      .set(flags)
      .where('ma_id', '=', (eb) => eb.selectFrom('mail_locations').select('ma_id').where('ifolder_id', '=', folder.ifolder_id).where('uid', '=', msg.uid))
      // Only a real change counts (and is written): it is what tells open browsers to refresh.
      .where((eb) => eb.or((Object.keys(flags) as AppFlag[]).map((c) => eb(c, '!=', flags[c]))))
      .executeTakeFirst();
    n += Number(res.numUpdatedRows);
  }
  return n;
}

async function removeVanished(client: ImapFlow, db: MailDb, folder: Folder, box: MailboxObject): Promise<number> {
  const held = await db
    .selectFrom('mail_locations')
    .select(db.fn.countAll<number>().as('n'))
    .where('ifolder_id', '=', folder.ifolder_id)
    .executeTakeFirstOrThrow();
  const skipped = await db
    .selectFrom('mail_skipped')
    .select(db.fn.countAll<number>().as('n'))
    .where('ifolder_id', '=', folder.ifolder_id)
    .executeTakeFirstOrThrow();
  // Every UID up to the cursor is held (or skipped) unless a sync-from date left some out; equal counts then mean equal sets.
  if (!folder.ifolder_syncfromdt && Number(held.n) + Number(skipped.n) === box.exists) return 0;
  const onServer = new Set(((await client.search({ all: true }, { uid: true })) || []).map(Number));
  if (Number(skipped.n)) {
    const skippedUids = await db.selectFrom('mail_skipped').select('uid').where('ifolder_id', '=', folder.ifolder_id).execute();
    const goneSkipped = skippedUids.map((r) => Number(r.uid)).filter((uid) => !onServer.has(uid));
    for (const batch of chunks(goneSkipped, 1000))
      await db.deleteFrom('mail_skipped').where('ifolder_id', '=', folder.ifolder_id).where('uid', 'in', batch).execute();
  }
  const ours = await db.selectFrom('mail_locations').select('uid').where('ifolder_id', '=', folder.ifolder_id).execute();
  const gone = ours.map((r) => Number(r.uid)).filter((uid) => !onServer.has(uid));
  for (const batch of chunks(gone, 1000)) await db.deleteFrom('mail_locations').where('ifolder_id', '=', folder.ifolder_id).where('uid', 'in', batch).execute();
  return gone.length;
}

export async function syncFolder(client: ImapFlow, db: MailDb, start: Folder, opts: SyncOptions = {}): Promise<FolderSyncResult> {
  const lock = await client.getMailboxLock(start.ifolder_path, { readOnly: true });
  try {
    const box = client.mailbox as MailboxObject;
    const uidValidity = Number(box.uidValidity);
    let folder = start;
    if (folder.uidvalidity !== null && Number(folder.uidvalidity) !== uidValidity) folder = await resetFolder(db, folder, uidValidity);
    else if (folder.uidvalidity === null) folder = { ...folder, uidvalidity: uidValidity };
    const modseq = box.highestModseq !== undefined ? box.highestModseq.toString() : null;
    const unchanged = modseq !== null && folder.highestmodseq === modseq && Number(folder.uidnext) === box.uidNext && folder.last_uid > 0;
    if (!unchanged) {
      const ref: FolderRef = {
        ifolder_id: folder.ifolder_id,
        mailaccount_id: folder.mailaccount_id,
        uidvalidity: uidValidity,
        is_default_seen: folder.is_default_seen,
        attachments: attachmentTarget(db, opts.fileStore),
      };
      const added = await fetchNew(client, db, folder, ref, opts);
      // Mail fetched just now came with its flags; only the older mail needs a flag check.
      const flagsUpdated = await updateFlags(client, db, folder, Number(folder.last_uid), box);
      const removed = await removeVanished(client, db, folder, box);
      await finish(db, folder.ifolder_id, { uidvalidity: uidValidity, highestmodseq: modseq, uidnext: box.uidNext, messages_on_server: box.exists });
      return { added, flagsUpdated, removed, skipped: false };
    }
    await finish(db, folder.ifolder_id, { messages_on_server: box.exists });
    return { added: 0, flagsUpdated: 0, removed: 0, skipped: true };
  } finally {
    lock.release();
  }
}

async function finish(
  db: MailDb,
  folderId: number,
  values: Partial<{ uidvalidity: number; highestmodseq: string | null; uidnext: number; messages_on_server: number }>,
) {
  await db
    .updateTable('imapfolders')
    .set({ ...values, last_sync_at: new Date(), sync_error: null, sync_error_at: null })
    .where('ifolder_id', '=', folderId)
    .execute();
}
