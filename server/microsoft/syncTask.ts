/**
 * The `microsoft-mail-sync` task on the accounting pg-boss queue (server/accounting/queue/; one
 * waiting job per brand and mailbox through `data.singleton`). `POST microsoftaccounts/{id}/sync`
 * queues it with `{ msa_id }`.
 *
 * Until the Graph mail sync lands (server/mail/graph/, which registers its own handler under the
 * same name and so replaces this one), the task checks the mailbox's token (renewing it, or marking
 * the mailbox "needs reconnect" when Microsoft refuses) and sets the mailbox back to idle: it
 * never claims a sync it did not do (last_sync_at stays as it was).
 */
import { MICROSOFT_SYNC_TASK } from '../../core/microsoft/constants';
import { registerAccountingTask, type AccountingTask } from '../accounting/queue/tasks';
import { OAuthRefusedError } from '../integrations/oauth/errors';
import { microsoftAccessToken, type MicrosoftDb } from './accounts';

export const tokenCheckTask: AccountingTask = async ({ db, data }) => {
  const msaId = Number(data.msa_id);
  const mdb = db as unknown as MicrosoftDb;
  const exists = await mdb.selectFrom('microsoft_accounts').select('msa_id').where('msa_id', '=', msaId).executeTakeFirst();
  if (!exists) return { status: 'done' };
  try {
    await microsoftAccessToken(mdb, msaId);
  } catch (error) {
    if (error instanceof OAuthRefusedError) return { status: 'failed', code: 'MICROSOFT_AUTH' };
    throw error;
  } finally {
    await mdb.updateTable('microsoft_accounts').set({ sync_state: 'idle', sync_progress: null }).where('msa_id', '=', msaId).execute();
  }
  return { status: 'done' };
};

registerAccountingTask(MICROSOFT_SYNC_TASK, tokenCheckTask);
