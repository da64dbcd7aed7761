/**
 * The `microsoft-mail-sync` task on the accounting pg-boss queue (server/accounting/queue/; one
 * waiting job per brand and mailbox through `data.singleton`). `POST microsoftaccounts/{id}/sync`
 * queues it with `{ msa_id }`.
 *
 * It runs the mail engine's Graph sync (server/mail/graph/sync.ts) of the mailbox's mail account
 * (made first when missing: ./mailLink.ts) with the mailbox's own token, under the account's sync
 * lease: `sync_state` is 'syncing' with `sync_progress` (the share of the mailbox's mail taken) while it runs,
 * then 'idle' with the folders' counts, `last_sync_at` (or `last_error`) written. A grant Microsoft
 * refuses marks the mailbox "needs reconnect" (microsoftAccessToken) and fails the task; a sync the
 * mail ticker is running already, or a 429, is retried later.
 */
import { MICROSOFT_SYNC_TASK } from '../../core/microsoft/constants';
import { registerAccountingTask, type AccountingTask } from '../accounting/queue/tasks';
import { OAuthRefusedError } from '../integrations/oauth/errors';
import { graphAccount } from '../mail/graph/source';
import { syncGraphAccount } from '../mail/graph/sync';
import { mailDb } from '../mail/tables';
import { microsoftAccessToken, type MicrosoftDb } from './accounts';
import { linkMailAccount, recordSync } from './mailLink';
import { syncProgress } from './syncProgress';

/** Seconds before a sync that found the account busy (the ticker's sync) is tried again. */
const BUSY_RETRY_S = 5;

export const graphMailSyncTask: AccountingTask = async ({ db, data }) => {
  const msaId = Number(data.msa_id);
  const mdb = db as unknown as MicrosoftDb;
  const exists = await mdb.selectFrom('microsoft_accounts').select('msa_id').where('msa_id', '=', msaId).executeTakeFirst();
  if (!exists) return { status: 'done' };
  const state = (sync_state: 'idle' | 'queued' | 'syncing', sync_progress: number | null = null) =>
    mdb.updateTable('microsoft_accounts').set({ sync_state, sync_progress }).where('msa_id', '=', msaId).execute();
  try {
    await microsoftAccessToken(mdb, msaId);
  } catch (error) {
    await state('idle');
    if (error instanceof OAuthRefusedError) return { status: 'failed', code: 'MICROSOFT_AUTH' };
    throw error;
  }
  const accountId = await linkMailAccount(mdb, msaId);
  const maildb = mailDb(db);
  await state('syncing', 0);
  // Progress by mail (./syncProgress.ts): the folders' sizes, as the sync's discovery stored them, read
  // when the first folder begins; each write waits for the one before and all are awaited before the end.
  let progress: Promise<unknown> = Promise.resolve();
  let sizes: Promise<{ path: string; size: number }[]> | null = null;
  let current = '';
  const write = (path: string, taken: number) => {
    progress = progress.then(async () => {
      const list = await sizes!;
      const index = list.findIndex((f) => f.path === path);
      await state(
        'syncing',
        syncProgress(
          list.map((f) => f.size),
          index,
          taken,
        ),
      );
    });
  };
  const onFolder = (path: string) => {
    // The folders the Graph sync goes through, in its order (syncGraphAccount).
    sizes ??= maildb
      .selectFrom('imapfolders')
      .select(['ifolder_path', 'messages_on_server'])
      .where('mailaccount_id', '=', accountId)
      .where('is_gone', '=', false)
      .where('ifolder_sync_enabled', '=', true)
      .where('graph_folder_id', 'is not', null)
      .orderBy('ifolder_id')
      .execute()
      .then((rows) => rows.map((r) => ({ path: r.ifolder_path, size: Number(r.messages_on_server ?? 0) })));
    current = path;
    write(path, 0);
  };
  const onBatch = (taken: number) => {
    if (current) write(current, taken);
  };
  let result: Awaited<ReturnType<typeof syncGraphAccount>>;
  try {
    result = await syncGraphAccount(maildb, accountId, { getAccessToken: () => microsoftAccessToken(mdb, msaId), onFolder, onBatch });
  } catch (error) {
    await progress.catch(() => undefined);
    await state('idle');
    throw error;
  }
  await progress.catch(() => undefined);
  if (!result.ran) {
    await state('queued');
    return { status: 'retry', retryAt: new Date(Date.now() + BUSY_RETRY_S * 1000) };
  }
  const account = await graphAccount(maildb, accountId);
  if (account) await recordSync(maildb, account, result);
  await state('idle');
  if (result.retryAt) return { status: 'retry', retryAt: result.retryAt };
  return { status: 'done' };
};

registerAccountingTask(MICROSOFT_SYNC_TASK, graphMailSyncTask);
