/**
 * Moving a mail to another folder of its account (archive): on the IMAP server by UID MOVE, then
 * its location rows follow the new UIDs; without an incoming server only the location rows move.
 * A move to Junk is marking as spam and a move to Trash is deleting: the same rules apply.
 */
import { sql } from 'kysely';
import { invalidField } from '../../envelope/errors';
import { graphAccount } from '../graph/source';
import { moveOnGraph } from '../graph/writeBack';
import { openImap } from '../sync/connect';
import type { MailDb } from '../tables';
import type { AccountLink, MailRow } from './access';
import { checkDeleteAllowed, checkSpamAllowed } from './deleteRules';

async function targetFolder(db: MailDb, accountId: number, folderId: number) {
  const folder = await db
    .selectFrom('imapfolders')
    .select(['ifolder_id', 'ifolder_path', 'uidvalidity', 'ifolder_type'])
    .where('ifolder_id', '=', folderId)
    .where('mailaccount_id', '=', accountId)
    .where('is_gone', '=', false)
    .executeTakeFirst();
  if (!folder) throw invalidField('ifolder_id');
  return folder;
}

/** The rules of deleteRules.ts for a move into the account's Junk or Trash folder. */
export async function checkMoveAllowed(db: MailDb, mail: MailRow, link: AccountLink, folderId: number): Promise<void> {
  const target = await targetFolder(db, mail.mailaccount_id, folderId);
  if (target.ifolder_type === 'junk') await checkSpamAllowed(db, mail);
  if (target.ifolder_type === 'trash') await checkDeleteAllowed(db, mail, link);
}

export async function moveMail(db: MailDb, mail: MailRow, link: AccountLink, folderId: number): Promise<void> {
  const maId = Number(mail.ma_id);
  const target = await targetFolder(db, mail.mailaccount_id, folderId);
  const places = await db
    .selectFrom('mail_locations as l')
    .innerJoin('imapfolders as f', 'f.ifolder_id', 'l.ifolder_id')
    .select(['l.ifolder_id', 'f.ifolder_path', 'l.uid'])
    .where('l.ma_id', '=', maId)
    .where('l.ifolder_id', '!=', target.ifolder_id)
    .execute();
  if (!places.length) return;
  const graph = link.has_incoming ? await graphAccount(db, mail.mailaccount_id) : null;
  if (graph) return moveOnGraph(db, graph, maId, target.ifolder_id, mail.mail_date);
  const moved: { ifolder_id: number; uid: number; newUid: number | null; uidValidity: number | null }[] = [];
  if (link.has_incoming) {
    const client = await openImap(db, mail.mailaccount_id);
    try {
      for (const place of places) {
        const lock = await client.getMailboxLock(place.ifolder_path);
        try {
          const res = await client.messageMove(String(place.uid), target.ifolder_path, { uid: true });
          const newUid = res && res.uidMap ? (res.uidMap.get(Number(place.uid)) ?? null) : null;
          moved.push({ ifolder_id: place.ifolder_id, uid: Number(place.uid), newUid, uidValidity: res && res.uidValidity ? Number(res.uidValidity) : null });
        } finally {
          lock.release();
        }
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
  }
  await db.transaction().execute(async (trx) => {
    for (const place of places) {
      const done = moved.find((m) => m.ifolder_id === place.ifolder_id && m.uid === Number(place.uid));
      await trx.deleteFrom('mail_locations').where('ifolder_id', '=', place.ifolder_id).where('uid', '=', place.uid).execute();
      // Without UIDPLUS the server did not say the new UID: the next sync of the folder finds it.
      if (link.has_incoming && !done?.newUid) continue;
      const uid =
        done?.newUid ??
        (
          await trx
            .selectFrom('mail_locations')
            .select(sql<number>`coalesce(max(uid), 0) + 1`.as('next'))
            .where('ifolder_id', '=', target.ifolder_id)
            .executeTakeFirstOrThrow()
        ).next;
      await trx
        .insertInto('mail_locations')
        .values({ ifolder_id: target.ifolder_id, uid, uidvalidity: done?.uidValidity ?? target.uidvalidity ?? 1, ma_id: maId, mail_date: mail.mail_date })
        .onConflict((oc) => oc.columns(['ifolder_id', 'uid']).doUpdateSet({ ma_id: maId }))
        .execute();
    }
  });
}
