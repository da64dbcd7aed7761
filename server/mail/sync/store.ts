/**
 * Stores fetched messages, a batch at a time: one `mails` row per account and Message-ID (a copy in
 * another folder or a retried batch finds the row it already has) and one `mail_locations` row per
 * folder and UID.
 */
import { sql, type ColumnType, type ExpressionBuilder, type Kysely } from 'kysely';
import type { MailDb, MailsTable, MailTables } from '../tables';
import { attachmentDb } from './attachmentTables';
import type { ParsedMessage, RawMessage } from './parse';
import { dropAttachmentFiles, recordAttachments, removeAttachmentFiles, writeAttachmentFiles, type AttachmentTarget } from './attachmentFiles';
import { recordSourceFiles, removeSourceFiles, writeSourceFiles, type PendingSource } from './sourceFiles';
import { routeBatch } from '../routing/route';
import { routingDb } from '../routing/tables';
import { baseThreadKey, fallbackThreadKey } from '../../../core/mail/thread/threadKey';
import { threadsBySubject } from './threadFallback';
import { contentHash } from '../copies/contentHash';
import { handOverOrphanDecisions } from '../copies/copies';

export interface FetchedMessage extends RawMessage {
  uid: number;
  flags: Set<string>;
  /** A Graph message's immutable id (the Graph source, ../graph/sync.ts): kept on its location. */
  graphId?: string;
}

export interface FolderRef {
  ifolder_id: number;
  mailaccount_id: number;
  uidvalidity: number;
  is_default_seen: boolean;
  /** Where the batch's attachments are stored as files. */
  attachments: AttachmentTarget;
}

/** App flags ↔ IMAP flags and keywords. */
export const FLAG_MAP = {
  is_seen: '\\Seen',
  is_flagged: '\\Flagged',
  is_answered: '\\Answered',
  is_ready: '$Ready',
  is_spam: '$Junk',
} as const;
export type AppFlag = keyof typeof FLAG_MAP;

export function flagColumns(flags: Set<string>): Record<AppFlag, boolean> {
  const out = {} as Record<AppFlag, boolean>;
  for (const [col, flag] of Object.entries(FLAG_MAP) as [AppFlag, string][]) out[col] = flags.has(flag);
  return out;
}

const refsOf = (p: ParsedMessage) => [p.in_reply_to, ...p.mail_references].filter((x): x is string => !!x);

/**
 * Thread ids of the brand's mails among the given Message-IDs, in any account (mails_message_id_idx):
 * a reply joins its conversation whichever shared inbox the mail it answers reached. A Message-ID
 * stored in several accounts gives its oldest copy's thread.
 */
async function knownThreads(db: MailDb, ids: string[]): Promise<Map<string, number>> {
  const known = new Map<string, number>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .selectFrom('mails')
      .select(['message_id', 'thread_id'])
      .where('message_id', 'in', ids.slice(i, i + 5000))
      .where('thread_id', 'is not', null)
      .orderBy('ma_id')
      .execute();
    for (const r of rows) if (!known.has(r.message_id)) known.set(r.message_id, Number(r.thread_id));
  }
  return known;
}

type Entry = { p: ParsedMessage; flags: Record<AppFlag, boolean>; source: Buffer };

/** `mails` with its full-text column (migration 0017), which only the sync writes itself. */
type SearchDb = Kysely<Omit<MailTables, 'mails'> & { mails: MailsTable & { search: ColumnType<never, string | undefined, never> } }>;

/** Upserts `mails` rows; a row seen before keeps everything but refreshes its flags. */
async function upsertMails(db: MailDb, accountId: number, entries: Entry[]) {
  if (!entries.length) return [];
  return (db as unknown as SearchDb)
    .insertInto('mails')
    .values(
      entries.map(({ p: { attachments, search_text, ...p }, flags }) => ({
        mailaccount_id: accountId,
        ...p,
        search: sql<string>`to_tsvector('simple', ${search_text})`,
        mail_from: JSON.stringify(p.mail_from),
        mail_to_arr: JSON.stringify(p.mail_to_arr),
        mail_cc_arr: JSON.stringify(p.mail_cc_arr),
        mail_bcc_arr: JSON.stringify(p.mail_bcc_arr),
        ma_content_hash: contentHash({ ...p, attachments }),
        ...flags,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['mailaccount_id', 'message_id']).doUpdateSet(
        (eb) =>
          ({
            is_seen: eb.ref('excluded.is_seen'),
            is_flagged: eb.ref('excluded.is_flagged'),
            is_answered: eb.ref('excluded.is_answered'),
            is_ready: eb.ref('excluded.is_ready'),
            is_spam: eb.ref('excluded.is_spam'),
          }) satisfies Record<AppFlag, unknown>,
      ),
    )
    .returning(['ma_id', 'message_id', 'thread_id', 'source_file_id'])
    .execute();
}

/** Parallel statements for a batch's `mails` rows: the full-text column PostgreSQL computes on insert is most of a sync's cost, and one statement uses one core. */
const INSERT_PARALLEL = 2;

/**
 * Stores a batch of messages found in one folder in a few statements whatever its size. First the
 * `mails` rows, one per Message-ID (a copy in another folder or a retried batch finds the row it
 * already has), in parallel statements, and the bytes of attachments not stored yet
 * (attachmentFiles.ts). Then in one transaction the attachment rows, the threads, one
 * `mail_locations` row per UID and `andThen` (the folder's cursor). A stop between the two leaves
 * rows without a location or thread (and files without a row): the retried batch finds and
 * completes them, and a row never retried goes with the orphans at the end of the account's sync. A
 * mail joins the thread of its copy in another of the brand's inboxes, else of a mail it answers or
 * references (in any of the brand's inboxes or earlier in the batch), else, a reply without those
 * headers, the thread of the account's mail with its subject and participants (threadFallback.ts),
 * else starts its own.
 */
export async function storeBatch(
  db: MailDb,
  folder: FolderRef,
  messages: FetchedMessage[],
  parsed: ParsedMessage[],
  andThen: (trx: MailDb) => Promise<void>,
): Promise<void> {
  // One row per Message-ID: one statement may not upsert the same row twice, nor two statements
  // wait on each other's rows. A later copy's flags win, as they would stored one after the other.
  const byId = new Map<string, Entry>();
  messages.forEach((m, i) => {
    const flags = flagColumns(m.flags);
    if (folder.is_default_seen) flags.is_seen = true;
    const first = byId.get(parsed[i].message_id);
    byId.set(parsed[i].message_id, { p: first?.p ?? parsed[i], flags, source: first?.source ?? m.source });
  });
  const entries = [...byId.values()];
  const parts = Array.from({ length: INSERT_PARALLEL }, (_, k) => entries.filter((_, i) => i % INSERT_PARALLEL === k));
  const rows = (await Promise.all(parts.map((part) => upsertMails(db, folder.mailaccount_id, part)))).flat();
  const stored = new Map(rows.map((r) => [r.message_id, r]));
  const files = await writeAttachmentFiles(
    db,
    folder.attachments,
    [...byId].map(([messageId, { p }]) => ({ maId: Number(stored.get(messageId)!.ma_id), attachments: p.attachments })),
  );
  // A partly read mail keeps its whole source as a file (once: a copy or a retry finds it set).
  let sources: PendingSource[] = [];
  try {
    const partial = [...byId].filter(([messageId, { p }]) => p.mail_partial !== null && stored.get(messageId)!.source_file_id === null);
    sources = await writeSourceFiles(
      folder.attachments,
      partial.map(([messageId, { source }]) => ({ maId: Number(stored.get(messageId)!.ma_id), source })),
    );
  } catch (err) {
    await removeAttachmentFiles(folder.attachments, files);
    throw err;
  }

  let unused: typeof files = [];
  let unusedSources: PendingSource[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      unused = await recordAttachments(trx, files);
      unusedSources = await recordSourceFiles(trx, sources);
      await storeRows(trx, folder, messages, parsed, byId, stored, andThen);
    });
  } catch (err) {
    // No row points at the files written: they go (were any left, they would only take room).
    await removeAttachmentFiles(folder.attachments, files);
    await removeSourceFiles(folder.attachments, sources);
    throw err;
  }
  await removeAttachmentFiles(folder.attachments, unused);
  await removeSourceFiles(folder.attachments, unusedSources);
}

/** The batch's threads, locations and `andThen`, in the batch's transaction. */
async function storeRows(
  trx: MailDb,
  folder: FolderRef,
  messages: FetchedMessage[],
  parsed: ParsedMessage[],
  byId: Map<string, Entry>,
  stored: Map<string, { ma_id: number; thread_id: number | null }>,
  andThen: (trx: MailDb) => Promise<void>,
): Promise<void> {
  // The batch's own Message-IDs too: a copy of a mail another inbox stored first joins its thread.
  const known = await knownThreads(trx, [...new Set([...byId.keys(), ...[...byId.values()].flatMap(({ p }) => refsOf(p))])]);
  const threads: { id: number; thread: number }[] = [];
  // Replies that name no known mail and whose subject says they are replies: by subject and participants.
  const headerless = [...byId].filter(
    ([id, { p }]) => stored.get(id)!.thread_id === null && !known.has(id) && fallbackThreadKey(p) && !refsOf(p).some((r) => known.has(r)),
  );
  const bySubject = headerless.length
    ? await threadsBySubject(
        trx,
        folder.mailaccount_id,
        headerless.map(([, { p }]) => p.mail_subject),
      )
    : new Map<string, number>();
  for (const [messageId, { p }] of byId) {
    const row = stored.get(messageId)!;
    const base = baseThreadKey(p);
    if (row.thread_id !== null) {
      known.set(messageId, Number(row.thread_id));
      if (base && !bySubject.has(base)) bySubject.set(base, Number(row.thread_id));
      continue;
    }
    const fallback = fallbackThreadKey(p);
    const thread =
      known.get(messageId) ??
      refsOf(p)
        .map((ref) => known.get(ref))
        .find((t) => t !== undefined) ??
      (fallback ? bySubject.get(fallback) : undefined) ??
      Number(row.ma_id);
    known.set(messageId, thread);
    if (base && !bySubject.has(base)) bySubject.set(base, thread);
    threads.push({ id: Number(row.ma_id), thread });
  }
  if (threads.length) {
    const cases = sql.join(
      threads.map((t) => sql`when ${t.id}::bigint then ${t.thread}::bigint`),
      sql` `,
    );
    await trx
      .updateTable('mails')
      .set({ thread_id: sql<number>`case ma_id ${cases} end` })
      .where(
        'ma_id',
        'in',
        threads.map((t) => t.id),
      )
      .where('thread_id', 'is', null)
      .execute();
  }
  if (messages.length) {
    await trx
      .insertInto('mail_locations')
      .values(
        messages.map((m, i) => ({
          ifolder_id: folder.ifolder_id,
          uid: m.uid,
          uidvalidity: folder.uidvalidity,
          ma_id: stored.get(parsed[i].message_id)!.ma_id,
          mail_date: parsed[i].mail_date,
          ...(m.graphId ? { graph_id: m.graphId, graph_seen_at: sql<Date>`now()` } : {}),
        })),
      )
      .onConflict((oc) =>
        oc.columns(['ifolder_id', 'uid']).doUpdateSet((eb) => ({ ma_id: eb.ref('excluded.ma_id'), uidvalidity: eb.ref('excluded.uidvalidity') })),
      )
      .execute();
  }
  // Issue 30: every incoming mail (IMAP and Graph) meets the router in this same transaction.
  await routeBatch(
    routingDb(trx),
    folder.mailaccount_id,
    [...byId].map(([messageId, { p }]) => ({ ma_id: Number(stored.get(messageId)!.ma_id), mail: p })),
  );
  await andThen(trx);
}

/**
 * Mails of an account found in no folder any more (deleted or moved away on the server), with
 * their stored attachments unless something else (a job, a draft) uses those files.
 */
export async function removeOrphans(db: MailDb, accountId: number, files: AttachmentTarget): Promise<number> {
  const orphan = ({ not, exists, selectFrom }: ExpressionBuilder<MailTables, 'mails'>) =>
    not(exists(selectFrom('mail_locations as l').select(sql.lit(1).as('one')).whereRef('l.ma_id', '=', 'mails.ma_id')));
  const { removed, keys } = await db.transaction().execute(async (trx) => {
    // A message this account held for other inboxes too stays on its jobs through another copy.
    await handOverOrphanDecisions(trx, accountId, orphan);
    // Read before the delete: the attachment rows go with their mails (cascade).
    const attached = await attachmentDb(trx)
      .selectFrom('mail_attachments as m')
      .select('m.file_id')
      .where('m.file_id', 'is not', null)
      .where('m.ma_id', 'in', trx.selectFrom('mails').select('ma_id').where('mailaccount_id', '=', accountId).where('has_attachments', '=', true).where(orphan))
      .execute();
    // A partly read mail's raw source (migration 0028) goes with it too.
    const sources = await trx
      .selectFrom('mails')
      .select('source_file_id')
      .where('mailaccount_id', '=', accountId)
      .where('source_file_id', 'is not', null)
      .where(orphan)
      .execute();
    const res = await trx.deleteFrom('mails').where('mailaccount_id', '=', accountId).where(orphan).executeTakeFirst();
    const fileIds = [...attached.map((a) => a.file_id!), ...sources.map((m) => m.source_file_id!)];
    return { removed: Number(res.numDeletedRows), keys: await dropAttachmentFiles(trx, files.schema, fileIds) };
  });
  if (keys.length) await files.store.remove(keys).catch(() => undefined);
  return removed;
}
