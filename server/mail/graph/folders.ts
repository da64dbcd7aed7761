/**
 * The mailbox's folder tree (mailFolders, then childFolders) mirrored into `imapfolders`, keyed by
 * Graph's folder id; the path is the display names joined by '/'. Folders no longer listed are marked gone.
 */
import type { GraphFolderWire, GraphMailClient } from './client';
import type { MailDb } from '../tables';

/** Well-known folders by their English display names (Graph v1.0 has no wellKnownName on a folder). */
const TYPES: Record<string, string> = {
  inbox: 'inbox',
  'sent items': 'sent',
  'deleted items': 'trash',
  drafts: 'drafts',
  'junk email': 'junk',
  archive: 'archive',
};

export /** Graph's UIDs are ours: one value of UIDVALIDITY for every Graph folder. */
const GRAPH_UIDVALIDITY = 1;

export async function discoverFolders(client: GraphMailClient, db: MailDb, accountId: number): Promise<void> {
  const found: { f: GraphFolderWire; path: string; top: boolean }[] = [];
  const walk = async (list: GraphFolderWire[], parent: string | null) => {
    for (const f of list) {
      const path = parent ? `${parent}/${f.displayName}` : f.displayName;
      found.push({ f, path, top: parent === null });
      if (f.childFolderCount) await walk(await client.childFolders(f.id), path);
    }
  };
  await walk(await client.folders(), null);
  for (const { f, path, top } of found) {
    const type = (top && TYPES[f.displayName.toLowerCase()]) || 'other';
    const known = await db
      .updateTable('imapfolders')
      .set({ ifolder_path: path, ifolder_name: f.displayName, is_gone: false, messages_on_server: f.totalItemCount ?? null })
      .where('mailaccount_id', '=', accountId)
      .where('graph_folder_id', '=', f.id)
      .returning('ifolder_id')
      .executeTakeFirst();
    if (known) continue;
    await db
      .insertInto('imapfolders')
      .values({
        mailaccount_id: accountId,
        ifolder_path: path,
        ifolder_name: f.displayName,
        ifolder_type: type,
        is_default_seen: type === 'sent' || type === 'drafts',
        graph_folder_id: f.id,
        uidvalidity: GRAPH_UIDVALIDITY,
        messages_on_server: f.totalItemCount ?? null,
      })
      // A folder made again under an old name is a new folder: its old cursor means nothing.
      .onConflict((oc) =>
        oc.columns(['mailaccount_id', 'ifolder_path']).doUpdateSet({ graph_folder_id: f.id, graph_delta_link: null, graph_full_since: null, is_gone: false }),
      )
      .execute();
  }
  const ids = found.map((x) => x.f.id);
  let gone = db.updateTable('imapfolders').set({ is_gone: true }).where('mailaccount_id', '=', accountId);
  if (ids.length) gone = gone.where((eb) => eb.or([eb('graph_folder_id', 'is', null), eb('graph_folder_id', 'not in', ids)]));
  await gone.execute();
}
