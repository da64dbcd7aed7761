/**
 * The join between a Microsoft mailbox (this folder, brand migration 0040) and the mail engine's
 * Graph source (server/mail/graph/, 0041): each connected mailbox has one mail account with
 * `ma_source = 'graph'` and its `msa_id`, no servers, whose users are the mailbox's assigned users
 * with the same rights; the Graph sync's token is the mailbox's grant, and each sync's outcome
 * (folders with counts, last sync, last error) is written back on the mailbox for its dashboard.
 */
import { sql } from 'kysely';
import { setGraphAccessTokens, setGraphSyncListener, GraphNotConnected, type GraphAccount } from '../mail/graph/source';
import type { MailDb } from '../mail/tables';
import { microsoftAccessToken, type MicrosoftDb } from './accounts';

const asMail = (db: MicrosoftDb): MailDb => db as unknown as MailDb;
const asMicrosoft = (db: MailDb): MicrosoftDb => db as unknown as MicrosoftDb;

/** The mail account of mailbox `msaId`, or null. */
export async function mailAccountOf(db: MicrosoftDb, msaId: number): Promise<number | null> {
  const row = await asMail(db)
    .selectFrom('mailaccounts')
    .select('mailaccount_id')
    .where('ma_source', '=', 'graph')
    .where('msa_id', '=', msaId)
    .orderBy('mailaccount_id')
    .executeTakeFirst();
  return row?.mailaccount_id ?? null;
}

/**
 * Makes sure mailbox `msaId` has its Graph mail account (on connect, reconnect, the demo's start and
 * before a sync): the one naming it, else one a disconnect left for the same address (kept for its
 * job-linked mails: enabled again with its mail), else a new one. Its users follow the mailbox's.
 */
export async function linkMailAccount(db: MicrosoftDb, msaId: number): Promise<number> {
  const id = await db.transaction().execute(async (mtrx) => {
    // The mailbox's row locked: two links at once (a connect and its first sync) make one account.
    const box = await mtrx
      .selectFrom('microsoft_accounts')
      .select(['msa_email', 'display_name'])
      .where('msa_id', '=', msaId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const trx = asMail(mtrx);
    const mine = await mailAccountOf(mtrx, msaId);
    if (mine !== null) {
      await trx.updateTable('mailaccounts').set({ ma_email: box.msa_email }).where('mailaccount_id', '=', mine).execute();
      return mine;
    }
    const kept =
      (
        await trx
          .selectFrom('mailaccounts')
          .select('mailaccount_id')
          .where('ma_source', '=', 'graph')
          .where('msa_id', 'is', null)
          .where(sql<string>`lower(ma_email)`, '=', box.msa_email.toLowerCase())
          .orderBy('mailaccount_id')
          .forUpdate()
          .executeTakeFirst()
      )?.mailaccount_id ?? null;
    // One a disconnect kept (a job's mail in it) comes back enabled; an admin's own disabling of a linked one stays.
    if (kept !== null) {
      await trx.updateTable('mailaccounts').set({ msa_id: msaId, ma_email: box.msa_email, ma_enabled: true }).where('mailaccount_id', '=', kept).execute();
      return kept;
    }
    const made = await trx
      .insertInto('mailaccounts')
      .values({
        ma_name: box.display_name?.trim() || box.msa_email,
        ma_email: box.msa_email,
        ma_source: 'graph',
        msa_id: msaId,
        mis_id: null,
        mailserver_id: null,
      })
      .returning('mailaccount_id')
      .executeTakeFirstOrThrow();
    // Its address is its default From, as the mail admin's create makes it.
    await trx
      .insertInto('mailaliases')
      .values({ mailaccount_id: made.mailaccount_id, mal_email: box.msa_email, mal_name: box.display_name?.trim() || box.msa_email, mal_is_default: true })
      .execute();
    return made.mailaccount_id;
  });
  await mirrorUsers(db, msaId, id);
  return id;
}

/** The mail account's users become the mailbox's, with its can-send and can-delete (each user's default choice kept). */
export async function mirrorUsers(db: MicrosoftDb, msaId: number, mailaccountId?: number): Promise<void> {
  const id = mailaccountId ?? (await mailAccountOf(db, msaId));
  if (id === null) return;
  const users = await db.selectFrom('microsoft_account_users').select(['us_id', 'can_send', 'can_delete']).where('msa_id', '=', msaId).execute();
  await asMail(db)
    .transaction()
    .execute(async (trx) => {
      let gone = trx.deleteFrom('mailaccount_users').where('mailaccount_id', '=', id);
      if (users.length)
        gone = gone.where(
          'us_id',
          'not in',
          users.map((u) => u.us_id),
        );
      await gone.execute();
      if (!users.length) return;
      await trx
        .insertInto('mailaccount_users')
        .values(users.map((u) => ({ mailaccount_id: id, us_id: u.us_id, maxu_user_can_send: u.can_send, maxu_user_can_delete: u.can_delete })))
        .onConflict((oc) =>
          oc.columns(['mailaccount_id', 'us_id']).doUpdateSet((eb) => ({
            maxu_user_can_send: eb.ref('excluded.maxu_user_can_send'),
            maxu_user_can_delete: eb.ref('excluded.maxu_user_can_delete'),
          })),
        )
        .execute();
    });
}

/**
 * On disconnect: the mail account goes with its folders and mails (as the mail admin's delete), unless
 * a mail of it is linked to a job; then it is kept, disabled (no sync, not listed to anyone) and no
 * longer names the mailbox, so the job keeps its mail and a reconnect of the address takes it back.
 */
export async function unlinkMailAccount(db: MicrosoftDb, msaId: number): Promise<'deleted' | 'disabled' | null> {
  const id = await mailAccountOf(db, msaId);
  if (id === null) return null;
  const mdb = asMail(db);
  const linked = await mdb
    .selectFrom('mails as m')
    .innerJoin('mail_job_links as l', 'l.ma_id', 'm.ma_id')
    .select('m.ma_id')
    .where('m.mailaccount_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  if (linked) {
    await mdb.updateTable('mailaccounts').set({ ma_enabled: false, msa_id: null }).where('mailaccount_id', '=', id).execute();
    return 'disabled';
  }
  await mdb.deleteFrom('mailaccounts').where('mailaccount_id', '=', id).execute();
  return 'deleted';
}

/** The mailbox's folders (their paths) with what the product holds of each, for `details` and the dashboard. */
export async function recordFolders(db: MicrosoftDb, msaId: number, mailaccountId: number): Promise<void> {
  const mdb = asMail(db);
  const folders = await mdb
    .selectFrom('imapfolders as f')
    .leftJoin('mail_locations as l', 'l.ifolder_id', 'f.ifolder_id')
    .leftJoin('mails as m', 'm.ma_id', 'l.ma_id')
    .select(['f.graph_folder_id', 'f.ifolder_path', 'f.last_sync_at'])
    .select((eb) => [eb.fn.count<string>('l.ma_id').as('total'), sql<string>`count(m.ma_id) filter (where not m.is_seen)`.as('unread')])
    .where('f.mailaccount_id', '=', mailaccountId)
    .where('f.is_gone', '=', false)
    .where('f.graph_folder_id', 'is not', null)
    .groupBy(['f.ifolder_id', 'f.graph_folder_id', 'f.ifolder_path', 'f.last_sync_at'])
    .execute();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('microsoft_account_folders').where('msa_id', '=', msaId).execute();
    if (folders.length)
      await trx
        .insertInto('microsoft_account_folders')
        .values(
          folders.map((f) => ({
            msa_id: msaId,
            folder_id: f.graph_folder_id!,
            name: f.ifolder_path,
            total: Number(f.total),
            unread: Number(f.unread),
            synced_at: f.last_sync_at,
          })),
        )
        .execute();
  });
}

/** After a Graph sync (the ticker's or the mailbox's sync task): folders, last sync and last error on the mailbox. */
export async function recordSync(db: MailDb, account: GraphAccount, result: { error?: string; retryAt?: Date }): Promise<void> {
  if (account.msa_id === null) return;
  const mdb = asMicrosoft(db);
  await recordFolders(mdb, account.msa_id, account.mailaccount_id);
  await mdb
    .updateTable('microsoft_accounts')
    .set(result.error ? { last_error: result.error } : { last_error: null, last_sync_at: new Date() })
    .where('msa_id', '=', account.msa_id)
    .execute();
}

/** At start (and in tests): the Graph source's token is the mailbox's grant; its syncs are recorded on the mailbox. */
export function registerMicrosoftMail(): void {
  setGraphAccessTokens(async (db, msaId) => {
    if (msaId === null) throw new GraphNotConnected('The Graph mail account names no Microsoft mailbox');
    return microsoftAccessToken(asMicrosoft(db), msaId);
  });
  setGraphSyncListener(recordSync);
}
