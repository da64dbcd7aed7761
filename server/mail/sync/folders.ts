/** Mirrors the account's IMAP folder list into `imapfolders`; a folder gone from the server is marked so. */
import type { ImapFlow } from 'imapflow';
import type { MailDb } from '../tables';

const TYPES: Record<string, string> = {
  '\\Inbox': 'inbox',
  '\\Sent': 'sent',
  '\\Trash': 'trash',
  '\\Drafts': 'drafts',
  '\\Junk': 'junk',
  '\\Archive': 'archive',
};

export async function discoverFolders(client: ImapFlow, db: MailDb, mailaccountId: number): Promise<void> {
  const listed = (await client.list()).filter((f) => !f.flags.has('\\Noselect') && !f.flags.has('\\NonExistent'));
  for (const f of listed) {
    const type = (f.specialUse && TYPES[f.specialUse]) || (f.path.toUpperCase() === 'INBOX' ? 'inbox' : 'other');
    await db
      .insertInto('imapfolders')
      .values({
        mailaccount_id: mailaccountId,
        ifolder_path: f.path,
        ifolder_name: f.name,
        ifolder_type: type,
        // Sent mail was read by whoever wrote it.
        is_default_seen: type === 'sent' || type === 'drafts',
      })
      .onConflict((oc) => oc.columns(['mailaccount_id', 'ifolder_path']).doUpdateSet({ ifolder_name: f.name, is_gone: false }))
      .execute();
  }
  const paths = listed.map((f) => f.path);
  let gone = db.updateTable('imapfolders').set({ is_gone: true }).where('mailaccount_id', '=', mailaccountId);
  if (paths.length) gone = gone.where('ifolder_path', 'not in', paths);
  await gone.execute();
}
