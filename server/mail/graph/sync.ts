/**
 * The Graph source of the mail engine: one Microsoft mailbox's sync, writing the same `mails`,
 * `imapfolders` and `mail_locations` rows as the IMAP sync (syncAccount.ts dispatches here for an
 * account whose `ma_source` is 'graph'), through the same parse and store pipeline.
 *
 * - Folders: the mailbox's folder tree mirrored into `imapfolders` first (folders.ts).
 * - Per folder, Graph's delta: from the stored link (a nextLink while a pass is under way, else the
 *   deltaLink), page after page; each page commits with the link that follows it, so a restart
 *   resumes at the page it reached. A 410 (SyncStateNotFound / resyncRequired) restarts that folder's
 *   delta from scratch; what is already stored is found by Graph id (nothing doubled), and at the end
 *   of such a whole-folder pass the locations it did not see go (`graph_seen_at` < `graph_full_since`).
 * - A new message is first looked for among the account's stored locations (immutable ids: a move
 *   to another folder keeps the id) and mails (by internetMessageId); only then is its MIME fetched
 *   ($value, at most 4 requests in flight per mailbox: client.ts) and parsed by parseBatch/storeBatch.
 *   A mail that cannot be read is recorded in `mail_skipped` and the folder goes on.
 * - A pipeline, as the IMAP sync's: while a page is parsed and stored, the next is read and what
 *   looks new on it downloaded (plan.ts); that page is planned again once the one before committed,
 *   so the guess decides nothing, and pages still commit one after the other.
 * - `@removed` drops the folder's location only; a mail goes once no folder holds it, at the end of a
 *   sync in which every folder synced (a move seen half-way is never a delete).
 * - A 429 blocks the mailbox's budget key until Retry-After (providerClient) and ends the sync with its
 *   cursors where they were; the queue runs it again.
 */
import { sql, type Selectable } from 'kysely';
import { RateLimited, ProviderCallError } from '../../integrations/http/errors';
import { attachmentTarget } from '../sync/attachmentFiles';
import { failureReason, isUnreadable, type ParsedMessage, type ParseOutcome } from '../sync/parse';
import { parseBatch } from '../sync/parseBatch';
import { removeOrphans, storeBatch, type FetchedMessage, type FolderRef } from '../sync/store';
import { keepLease, takeLease } from '../sync/lease';
import { backfillContentHashes } from '../copies/backfill';
import { markChanged, type AccountSyncResult } from '../sync/syncAccount';
import type { FolderSyncResult, SyncOptions } from '../sync/syncFolder';
import type { ImapFoldersTable, MailDb } from '../tables';
import type { DeltaPage, GraphMailClient, GraphMessageWire } from './client';
import { planPage, startDownload, type Download } from './plan';
import { GRAPH_UIDVALIDITY, discoverFolders } from './folders';
import { graphAccount, graphClientFor, notifyGraphSync, type GraphClientOverrides } from './source';

type Folder = Selectable<ImapFoldersTable>;

export interface GraphSyncOptions extends SyncOptions, GraphClientOverrides {
  onFolder?: (path: string) => void;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

const flagsOf = (m: GraphMessageWire) => ({ is_seen: m.isRead === true, is_flagged: m.flag?.flagStatus === 'flagged' });

function imapFlags(m: GraphMessageWire): Set<string> {
  const flags = new Set<string>();
  if (m.isRead) flags.add('\\Seen');
  if (m.flag?.flagStatus === 'flagged') flags.add('\\Flagged');
  return flags;
}

/** Whether PostgreSQL refused what a mail holds (as syncFolder.ts): that mail is set apart. */
const refusedData = (err: unknown) => /^(22|23|54)/.test(String((err as { code?: unknown })?.code ?? ''));

/** A delta page read ahead, with the downloads begun for it and their parse (by Graph id) once they are in. */
interface Ahead {
  page: DeltaPage;
  downloads: Map<string, Download>;
  parsed: Promise<Map<string, ParseOutcome>>;
}

interface FolderRun {
  db: MailDb;
  client: GraphMailClient;
  folder: Folder;
  ref: FolderRef;
  nextUid: number;
}

/**
 * One delta page: flags of known messages, locations of messages stored elsewhere, MIME of new ones;
 * commits with `link`. The plan is made here, after the page before committed; `ahead` holds the
 * downloads (and parses) the read-ahead began for this page, and only those the plan wants are used.
 */
async function applyPage(run: FolderRun, items: GraphMessageWire[], link: string | null, endsPass: boolean, ahead?: Ahead): Promise<FolderSyncResult> {
  const { db, folder } = run;
  const result: FolderSyncResult = { added: 0, flagsUpdated: 0, removed: 0, skipped: false };
  const { present, removedIds, ids, here, elsewhere, download } = await planPage(db, folder, items);
  const flagChanges: { maId: number; flags: { is_seen: boolean; is_flagged: boolean } }[] = [];
  for (const row of here) {
    const flags = flagsOf(present.get(row.graph_id!)!);
    if (folder.is_default_seen) flags.is_seen = true;
    if (flags.is_seen !== row.is_seen || flags.is_flagged !== row.is_flagged) flagChanges.push({ maId: Number(row.ma_id), flags });
  }

  // MIME of the new ones (client.ts lets 4 through at once); one gone meanwhile is simply not stored.
  const fetched: FetchedMessage[] = [];
  const sources = await Promise.all(download.map((id) => ahead?.downloads.get(id) ?? startDownload(run.client, id)));
  download.forEach((id, i) => {
    const source = sources[i];
    if (!source) return;
    const m = present.get(id)!;
    fetched.push({
      uid: run.nextUid++,
      graphId: id,
      flags: imapFlags(m),
      source,
      internalDate: m.receivedDateTime ? new Date(m.receivedDateTime) : null,
      size: source.length,
    });
  });
  // Parsed already by the read-ahead (a parse depends on the bytes only), else here.
  const early = ahead && fetched.length ? await ahead.parsed.catch(() => null) : null;
  const late = fetched.filter((m) => !early?.has(m.graphId!));
  const lateOutcomes = late.length ? await parseBatch(late) : [];
  const outcomes: ParseOutcome[] = fetched.map((m) => early?.get(m.graphId!) ?? lateOutcomes[late.indexOf(m)]);
  const readable: FetchedMessage[] = [];
  const parsed: ParsedMessage[] = [];
  const skipped: { uid: number; graphId: string; reason: string }[] = [];
  fetched.forEach((m, i) => {
    const o = outcomes[i];
    if (isUnreadable(o)) skipped.push({ uid: m.uid, graphId: m.graphId!, reason: o.unreadable });
    else {
      readable.push(m);
      parsed.push(o);
    }
  });
  const linked = [...elsewhere].map(([graphId, maId]) => ({ graphId, maId, uid: run.nextUid++, m: present.get(graphId)! }));

  let stored = readable.length;
  const finish = async (trx: MailDb) => {
    for (const c of flagChanges) await trx.updateTable('mails').set(c.flags).where('ma_id', '=', c.maId).execute();
    result.flagsUpdated = flagChanges.length;
    if (linked.length) {
      await trx
        .insertInto('mail_locations')
        .values(
          linked.map((l) => ({
            ifolder_id: folder.ifolder_id,
            uid: l.uid,
            uidvalidity: GRAPH_UIDVALIDITY,
            ma_id: l.maId,
            mail_date: l.m.receivedDateTime ? new Date(l.m.receivedDateTime) : null,
            graph_id: l.graphId,
          })),
        )
        .execute();
    }
    if (skipped.length) {
      await trx
        .insertInto('mail_skipped')
        .values(skipped.map((k) => ({ ifolder_id: folder.ifolder_id, uid: k.uid, uidvalidity: GRAPH_UIDVALIDITY, reason: k.reason, graph_id: k.graphId })))
        .execute();
    }
    if (removedIds.length) {
      const res = await trx.deleteFrom('mail_locations').where('ifolder_id', '=', folder.ifolder_id).where('graph_id', 'in', removedIds).executeTakeFirst();
      result.removed += Number(res.numDeletedRows);
      await trx.deleteFrom('mail_skipped').where('ifolder_id', '=', folder.ifolder_id).where('graph_id', 'in', removedIds).execute();
    }
    if (ids.length) {
      await trx
        .updateTable('mail_locations')
        .set({ graph_seen_at: sql`now()` })
        .where('ifolder_id', '=', folder.ifolder_id)
        .where('graph_id', 'in', ids)
        .execute();
    }
    if (endsPass && folder.graph_full_since) {
      // The end of a whole-folder pass: what it did not see is no longer in the folder.
      const res = await trx
        .deleteFrom('mail_locations')
        .where('ifolder_id', '=', folder.ifolder_id)
        .where('graph_id', 'is not', null)
        .where((eb) => eb.or([eb('graph_seen_at', 'is', null), eb('graph_seen_at', '<', folder.graph_full_since!)]))
        .executeTakeFirst();
      result.removed += Number(res.numDeletedRows);
    }
    result.added = stored + linked.length;
    await trx
      .updateTable('imapfolders')
      .set({
        graph_delta_link: link,
        last_uid: sql`greatest(last_uid, ${run.nextUid - 1})`,
        messages_synced: sql`messages_synced + ${fetched.length + linked.length}`,
        ...(endsPass ? { graph_full_since: null } : {}),
      })
      .where('ifolder_id', '=', folder.ifolder_id)
      .execute();
  };

  if (!readable.length) {
    await db.transaction().execute(finish);
    return result;
  }
  try {
    await storeBatch(db, run.ref, readable, parsed, finish);
  } catch (err) {
    if (!refusedData(err)) throw err;
    // One mail the database refuses never blocks the rest: each alone, and one refused alone is skipped.
    stored = 0;
    for (const [i, m] of readable.entries()) {
      try {
        await storeBatch(db, run.ref, [m], [parsed[i]], async () => undefined);
        stored += 1;
      } catch (one) {
        if (!refusedData(one)) throw one;
        skipped.push({ uid: m.uid, graphId: m.graphId!, reason: failureReason(one) });
      }
    }
    await db.transaction().execute(finish);
  }
  return result;
}

/** The read-ahead's downloads parsed as they come in (a message gone meanwhile has no outcome). */
async function parseAhead(page: DeltaPage, downloads: Map<string, Download>): Promise<Map<string, ParseOutcome>> {
  const items = new Map(page.value.map((m) => [m.id, m]));
  const ids = [...downloads.keys()];
  const sources = await Promise.all(ids.map((id) => downloads.get(id)!));
  const got = ids.flatMap((id, i) => {
    const source = sources[i];
    const received = items.get(id)?.receivedDateTime;
    return source ? [{ id, source, internalDate: received ? new Date(received) : null, size: source.length }] : [];
  });
  const outcomes = got.length ? await parseBatch(got) : [];
  return new Map(got.map((m, i) => [m.id, outcomes[i]]));
}

async function syncGraphFolder(client: GraphMailClient, db: MailDb, start: Folder, opts: GraphSyncOptions): Promise<FolderSyncResult> {
  let folder = start;
  const total: FolderSyncResult = { added: 0, flagsUpdated: 0, removed: 0, skipped: false };
  const beginPass = async () => {
    folder = await db
      .updateTable('imapfolders')
      .set({ graph_delta_link: null, graph_full_since: sql`now()` })
      .where('ifolder_id', '=', folder.ifolder_id)
      .returningAll()
      .executeTakeFirstOrThrow();
  };
  // Never enumerate a folder again merely because a cursor is missing: only a first pass or a 410 does.
  if (!folder.graph_delta_link && !folder.graph_full_since) await beginPass();
  const run: FolderRun = {
    db,
    client,
    folder,
    nextUid: Number(folder.last_uid) + 1,
    ref: {
      ifolder_id: folder.ifolder_id,
      mailaccount_id: folder.mailaccount_id,
      uidvalidity: GRAPH_UIDVALIDITY,
      is_default_seen: folder.is_default_seen,
      attachments: attachmentTarget(db, opts.fileStore),
    },
  };
  /**
   * The page at `from`, and the downloads of what looks new on it (not on the page `before`, not
   * stored), begun at once: read ahead while the page before is parsed and stored, as the IMAP sync
   * fetches its next batch. Its plan is a guess made before that page committed: `applyPage` plans
   * again after the commit and uses only the downloads its own plan wants.
   */
  const readAhead = (from: string | null, before: ReadonlySet<string>): Promise<Ahead> => {
    const reading = (async () => {
      const page = await client.delta(from, folder.graph_folder_id!);
      const guess = await planPage(
        db,
        run.folder,
        page.value.filter((m) => !m['@removed'] && !before.has(m.id)),
      );
      const downloads = new Map(guess.download.map((id) => [id, startDownload(client, id)]));
      const parsed = parseAhead(page, downloads);
      parsed.catch(() => undefined);
      return { page, downloads, parsed };
    })();
    reading.catch(() => undefined);
    return reading;
  };
  const settle = async (reading: Promise<Ahead> | null) => {
    if (reading)
      await reading.then(
        (a) => Promise.allSettled([...a.downloads.values(), a.parsed]),
        () => undefined,
      );
  };
  let link = folder.graph_delta_link;
  let restarted = false;
  let current: Promise<Ahead> | null = null;
  let coming: Promise<Ahead> | null = null;
  try {
    for (;;) {
      current = coming ?? readAhead(link, new Set());
      coming = null;
      let ahead: Ahead;
      try {
        ahead = await current;
      } catch (err) {
        if (err instanceof ProviderCallError && err.status === 410 && !restarted) {
          restarted = true;
          await beginPass();
          run.folder = folder;
          link = null;
          continue;
        }
        throw err;
      }
      const { page } = ahead;
      const next = page['@odata.nextLink'] ?? null;
      if (next !== null) coming = readAhead(next, new Set(page.value.map((m) => m.id)));
      const done = await applyPage(run, page.value, next ?? page['@odata.deltaLink'] ?? null, next === null, ahead);
      total.added += done.added;
      total.flagsUpdated += done.flagsUpdated;
      total.removed += done.removed;
      if (done.added || done.flagsUpdated || done.removed) await markChanged(db, folder.mailaccount_id);
      await opts.onBatch?.(total.added, folder.messages_on_server ?? total.added);
      if (next === null) break;
      link = next;
    }
  } finally {
    // What was read ahead (a guess the plan did not take, or the page after a stop) settles before the folder is left.
    await Promise.all([settle(current), settle(coming)]);
  }
  await db
    .updateTable('imapfolders')
    .set({ last_sync_at: new Date(), sync_error: null, sync_error_at: null })
    .where('ifolder_id', '=', folder.ifolder_id)
    .execute();
  return total;
}

export async function syncGraphAccount(db: MailDb, accountId: number, opts: GraphSyncOptions = {}): Promise<AccountSyncResult & { retryAt?: Date }> {
  const result: AccountSyncResult & { retryAt?: Date } = { ran: false, folders: {}, orphansRemoved: 0 };
  const account = await graphAccount(db, accountId);
  if (!account) throw new Error(`Mail account ${accountId} is not a Graph account`);
  if (!(await takeLease(db, accountId))) return result;
  result.ran = true;
  result.heldFrom = Date.now();
  const releaseLease = keepLease(db, accountId);
  try {
    const client = graphClientFor(db, account, opts);
    await discoverFolders(client, db, accountId);
    await db
      .deleteFrom('mail_locations')
      .where('ifolder_id', 'in', (eb) => eb.selectFrom('imapfolders').select('ifolder_id').where('mailaccount_id', '=', accountId).where('is_gone', '=', true))
      .execute();
    const folders = await db
      .selectFrom('imapfolders')
      .selectAll()
      .where('mailaccount_id', '=', accountId)
      .where('is_gone', '=', false)
      .where('ifolder_sync_enabled', '=', true)
      .where('graph_folder_id', 'is not', null)
      .orderBy('ifolder_id')
      .execute();
    let complete = true;
    for (const folder of folders) {
      opts.onFolder?.(folder.ifolder_path);
      try {
        result.folders[folder.ifolder_path] = await syncGraphFolder(client, db, folder, opts);
      } catch (err) {
        complete = false;
        result.folders[folder.ifolder_path] = { error: message(err) };
        await db
          .updateTable('imapfolders')
          .set({ sync_error: message(err), sync_error_at: new Date() })
          .where('ifolder_id', '=', folder.ifolder_id)
          .execute();
        // Throttled or refused: the other folders would be too; the queue comes back later.
        if (err instanceof RateLimited || (err instanceof ProviderCallError && err.status === 401)) throw err;
      }
    }
    // A message that left one folder may have reached one not synced yet: mails go only after a whole sync.
    if (complete) {
      result.orphansRemoved = await removeOrphans(db, accountId, attachmentTarget(db, opts.fileStore));
      if (result.orphansRemoved) await markChanged(db, accountId);
      await backfillContentHashes(db, accountId, attachmentTarget(db, opts.fileStore));
    }
  } catch (err) {
    result.error = message(err);
    if (err instanceof RateLimited) result.retryAt = err.retryAt;
  } finally {
    releaseLease();
  }
  result.heldUntil = Date.now();
  const done = result.error
    ? { sync_status: 'error', sync_error: result.error, sync_error_at: new Date() }
    : { sync_status: 'idle', sync_error: null, sync_error_at: null, last_sync_at: new Date() };
  await db.updateTable('mailaccounts').set(done).where('mailaccount_id', '=', accountId).execute();
  await notifyGraphSync(db, account, result);
  return result;
}
