/**
 * Syncs one account: takes the account's lease (one sync per account across every process, renewed
 * while it runs: lease.ts), mirrors the folder list, syncs each enabled folder, then drops the mails
 * no folder holds any more and hashes some mails stored before content hashes (../copies/backfill.ts).
 * A failing folder is recorded and the others go on; a failing account is recorded on the account.
 */
import { sql } from 'kysely';
import type { MailDb } from '../tables';
import { attachmentTarget } from './attachmentFiles';
import { attachmentDb } from './attachmentTables';
import { openImap } from './connect';
import { discoverFolders } from './folders';
import { keepLease, takeLease } from './lease';
import { syncGraphAccount } from '../graph/sync';
import { removeOrphans } from './store';
import { backfillContentHashes } from '../copies/backfill';
import { syncFolder, type FolderSyncResult, type SyncOptions } from './syncFolder';

export interface AccountSyncResult {
  ran: boolean;
  /** When this sync held the account's lease (ms since epoch): the next holder starts after `heldUntil`. */
  heldFrom?: number;
  heldUntil?: number;
  folders: Record<string, FolderSyncResult | { error: string }>;
  orphansRemoved: number;
  error?: string;
}

/** Open browsers compare this mark (GET mails/changes) to know their list is stale; set as each changed folder commits. */
export async function markChanged(db: MailDb, accountId: number): Promise<void> {
  await attachmentDb(db)
    .updateTable('mailaccounts')
    .set({ ma_changed_at: sql`clock_timestamp()` })
    .where('mailaccount_id', '=', accountId)
    .execute();
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

export async function syncAccount(db: MailDb, accountId: number, opts: SyncOptions & { onFolder?: (path: string) => void } = {}): Promise<AccountSyncResult> {
  const source = await db.selectFrom('mailaccounts').select('ma_source').where('mailaccount_id', '=', accountId).executeTakeFirst();
  // A Microsoft mailbox: the Graph source (../graph/sync.ts) writes the same rows.
  if (source?.ma_source === 'graph') return syncGraphAccount(db, accountId, opts);
  const result: AccountSyncResult = { ran: false, folders: {}, orphansRemoved: 0 };
  if (!(await takeLease(db, accountId))) return result;
  result.ran = true;
  result.heldFrom = Date.now();
  const releaseLease = keepLease(db, accountId);
  let client: Awaited<ReturnType<typeof openImap>> | null = null;
  try {
    client = await openImap(db, accountId);
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
      .orderBy('ifolder_id')
      .execute();
    for (const folder of folders) {
      opts.onFolder?.(folder.ifolder_path);
      try {
        const done = await syncFolder(client, db, folder, opts);
        result.folders[folder.ifolder_path] = done;
        if (done.added || done.flagsUpdated || done.removed) await markChanged(db, accountId);
      } catch (err) {
        result.folders[folder.ifolder_path] = { error: message(err) };
        await db
          .updateTable('imapfolders')
          .set({ sync_error: message(err), sync_error_at: new Date() })
          .where('ifolder_id', '=', folder.ifolder_id)
          .execute();
        if (!client.usable) throw err;
      }
    }
    result.orphansRemoved = await removeOrphans(db, accountId, attachmentTarget(db, opts.fileStore));
    if (result.orphansRemoved) await markChanged(db, accountId);
    await backfillContentHashes(db, accountId, attachmentTarget(db, opts.fileStore));
  } catch (err) {
    result.error = message(err);
  } finally {
    // Logged out before the lease goes, so two IMAP sessions of one account's sync never overlap.
    await client?.logout().catch(() => client?.close());
    releaseLease();
  }
  result.heldUntil = Date.now();
  const done = result.error
    ? { sync_status: 'error', sync_error: result.error, sync_error_at: new Date() }
    : { sync_status: 'idle', sync_error: null, sync_error_at: null, last_sync_at: new Date() };
  await db.updateTable('mailaccounts').set(done).where('mailaccount_id', '=', accountId).execute();
  return result;
}
