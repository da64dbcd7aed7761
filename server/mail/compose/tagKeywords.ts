/**
 * Tags made in the app go back to the IMAP server as keywords on every copy of the mail, so other
 * mail clients see them too. The tag links here are the app's truth; the server copy is a mirror,
 * and a server that cannot be reached is reported back, not fatal.
 */
import { mailDb } from '../tables';
import { openImap } from '../sync/connect';
import type { ComposeDb } from './tables';

/** An IMAP keyword is an atom: no spaces, brackets, quotes, wildcards or backslashes. */
export function tagKeyword(name: string): string {
  const atom = name
    .trim()
    .replace(/[\s(){}"%*\\\]\x00-\x1f\x7f]+/g, '_')
    .replace(/^\$+/, '');
  return atom.slice(0, 64) || 'tag';
}

/** Adds or removes the keyword on the server copies of the mails; answers an error text or null. */
export async function pushTagKeyword(db: ComposeDb, maIds: readonly number[], keyword: string, add: boolean): Promise<string | null> {
  if (maIds.length === 0) return null;
  const places = await db
    .selectFrom('mail_locations as l')
    .innerJoin('imapfolders as f', 'f.ifolder_id', 'l.ifolder_id')
    .innerJoin('mailaccounts as a', 'a.mailaccount_id', 'f.mailaccount_id')
    .select(['a.mailaccount_id', 'f.ifolder_path', 'l.uid'])
    .where('l.ma_id', 'in', maIds)
    .where('a.mis_id', 'is not', null)
    .execute();
  const byAccount = new Map<number, Map<string, number[]>>();
  for (const p of places) {
    const folders = byAccount.get(p.mailaccount_id) ?? new Map<string, number[]>();
    folders.set(p.ifolder_path, [...(folders.get(p.ifolder_path) ?? []), p.uid]);
    byAccount.set(p.mailaccount_id, folders);
  }
  const errors: string[] = [];
  for (const [accountId, folders] of byAccount) {
    try {
      const client = await openImap(mailDb(db), accountId);
      try {
        for (const [path, uids] of folders) {
          const lock = await client.getMailboxLock(path);
          try {
            if (add) await client.messageFlagsAdd(uids.join(','), [keyword], { uid: true });
            else await client.messageFlagsRemove(uids.join(','), [keyword], { uid: true });
          } finally {
            lock.release();
          }
        }
      } finally {
        await client.logout().catch(() => client.close());
      }
    } catch (err) {
      errors.push(err instanceof Error ? err.message : String(err));
    }
  }
  return errors.length ? errors.join('; ') : null;
}

/** The mails carrying a tag (for a rename or a delete of the tag). */
export async function taggedMails(db: ComposeDb, mtId: number): Promise<number[]> {
  return (await db.selectFrom('mail_tag_links').select('ma_id').where('mt_id', '=', mtId).execute()).map((r) => r.ma_id);
}
