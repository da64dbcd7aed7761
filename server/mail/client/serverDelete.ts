/**
 * An ordinary delete made in the app goes back to the IMAP server without expunging anything (only
 * a final delete expunges): the mail moves to the account's Trash folder when it has one, else it
 * gets the \Deleted flag. Restoring undoes it: out of Trash (to Sent when the account wrote it,
 * else to the Inbox; the server does not remember where it came from) and \Deleted taken off. As
 * with flags, the server goes first and the row follows only once the server took the change.
 */
import type { MailDb } from '../tables';
import { graphAccount } from '../graph/source';
import { openImap } from '../sync/connect';
import type { AccountLink, MailRow } from './access';
import { moveMail } from './move';

const DELETED = '\\Deleted';

async function folderOfType(db: MailDb, accountId: number, type: string) {
  return db
    .selectFrom('imapfolders')
    .select(['ifolder_id', 'ifolder_path'])
    .where('mailaccount_id', '=', accountId)
    .where('ifolder_type', '=', type)
    .where('is_gone', '=', false)
    .orderBy('ifolder_id')
    .executeTakeFirst();
}

/** Adds or removes \Deleted on every copy of the mail on the server. */
async function setDeletedFlag(db: MailDb, mail: MailRow, on: boolean): Promise<void> {
  const places = await db
    .selectFrom('mail_locations as l')
    .innerJoin('imapfolders as f', 'f.ifolder_id', 'l.ifolder_id')
    .select(['f.ifolder_path', 'l.uid'])
    .where('l.ma_id', '=', Number(mail.ma_id))
    .execute();
  // Graph has no \Deleted flag (and every Graph mailbox has Deleted Items, so a delete is a move there).
  if (!places.length || (await graphAccount(db, mail.mailaccount_id))) return;
  const client = await openImap(db, mail.mailaccount_id);
  try {
    for (const place of places) {
      const lock = await client.getMailboxLock(place.ifolder_path);
      try {
        if (on) await client.messageFlagsAdd(String(place.uid), [DELETED], { uid: true });
        else await client.messageFlagsRemove(String(place.uid), [DELETED], { uid: true });
      } finally {
        lock.release();
      }
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** Where a restored mail goes: Sent when one of the account's addresses wrote it, else the Inbox. */
async function restoreFolder(db: MailDb, mail: MailRow) {
  const from = mail.mail_from?.address?.toLowerCase() ?? '';
  const own = await db
    .selectFrom('mailaccounts as a')
    .leftJoin('mailaliases as al', 'al.mailaccount_id', 'a.mailaccount_id')
    .select(['a.ma_email', 'al.mal_email'])
    .where('a.mailaccount_id', '=', mail.mailaccount_id)
    .execute();
  const wroteIt = from !== '' && own.some((r) => r.ma_email.toLowerCase() === from || r.mal_email?.toLowerCase() === from);
  return (wroteIt && (await folderOfType(db, mail.mailaccount_id, 'sent'))) || folderOfType(db, mail.mailaccount_id, 'inbox');
}

async function isIn(db: MailDb, maId: number, folderId: number): Promise<boolean> {
  return (await db.selectFrom('mail_locations').select('ma_id').where('ma_id', '=', maId).where('ifolder_id', '=', folderId).executeTakeFirst()) !== undefined;
}

/** Sets the app's deleted mark, on the IMAP server first when the account has one. */
export async function setMailDeleted(db: MailDb, mail: MailRow, link: AccountLink, deleted: boolean): Promise<void> {
  const maId = Number(mail.ma_id);
  if (link.has_incoming) {
    const trash = await folderOfType(db, mail.mailaccount_id, 'trash');
    if (deleted) {
      if (trash) await moveMail(db, mail, link, trash.ifolder_id);
      else await setDeletedFlag(db, mail, true);
    } else {
      // A copy flagged while the account had no Trash folder is unflagged in any case.
      await setDeletedFlag(db, mail, false);
      const back = trash && (await isIn(db, maId, trash.ifolder_id)) ? await restoreFolder(db, mail) : undefined;
      if (back) await moveMail(db, mail, link, back.ifolder_id);
    }
  }
  await db.updateTable('mails').set({ is_deleted: deleted }).where('ma_id', '=', maId).execute();
}
