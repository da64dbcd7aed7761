/**
 * Flags set in the app go back to the IMAP server, to every folder that holds the mail, and are
 * stored here only once the server took them (the server stays the truth the next sync reads).
 */
import type { MailDb } from '../tables';
import { graphAccount } from '../graph/source';
import { pushGraphFlags } from '../graph/writeBack';
import { openImap } from './connect';
import { FLAG_MAP, type AppFlag } from './store';

export async function pushFlags(db: MailDb, maId: number, changes: Partial<Record<AppFlag, boolean>>): Promise<void> {
  const mail = await db.selectFrom('mails').select(['mailaccount_id']).where('ma_id', '=', maId).executeTakeFirstOrThrow();
  const graph = await graphAccount(db, mail.mailaccount_id);
  if (graph) {
    await pushGraphFlags(db, graph, maId, changes);
    await db.updateTable('mails').set(changes).where('ma_id', '=', maId).execute();
    return;
  }
  const places = await db
    .selectFrom('mail_locations as l')
    .innerJoin('imapfolders as f', 'f.ifolder_id', 'l.ifolder_id')
    .select(['f.ifolder_path', 'l.uid'])
    .where('l.ma_id', '=', maId)
    .execute();
  const add = Object.entries(changes)
    .filter(([, on]) => on)
    .map(([k]) => FLAG_MAP[k as AppFlag]);
  const remove = Object.entries(changes)
    .filter(([, on]) => !on)
    .map(([k]) => FLAG_MAP[k as AppFlag]);
  if (places.length) {
    const client = await openImap(db, mail.mailaccount_id);
    try {
      for (const place of places) {
        const lock = await client.getMailboxLock(place.ifolder_path);
        try {
          if (add.length) await client.messageFlagsAdd(String(place.uid), add, { uid: true });
          if (remove.length) await client.messageFlagsRemove(String(place.uid), remove, { uid: true });
        } finally {
          lock.release();
        }
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
  }
  await db.updateTable('mails').set(changes).where('ma_id', '=', maId).execute();
}
