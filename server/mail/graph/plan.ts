/**
 * A delta page of the Graph sync (./sync.ts) sorted out against what the folder and the account
 * hold, and the MIME downloads of what is new: the plan `applyPage` makes after the page before
 * committed, and the read-ahead's guess made before it, with its downloads begun at once.
 */
import { NotFound } from '../../integrations/http/errors';
import type { Selectable } from 'kysely';
import type { ImapFoldersTable, MailDb } from '../tables';
import type { GraphMailClient, GraphMessageWire } from './client';

type Folder = Selectable<ImapFoldersTable>;

/** What a delta page's items are for the folder: stored here (flags), set apart, stored elsewhere (a move or copy), or new (to download). */
export interface PagePlan {
  present: Map<string, GraphMessageWire>;
  removedIds: string[];
  ids: string[];
  here: { graph_id: string | null; ma_id: number | string; is_seen: boolean; is_flagged: boolean }[];
  elsewhere: Map<string, number>;
  download: string[];
}

export async function planPage(db: MailDb, folder: Folder, items: GraphMessageWire[]): Promise<PagePlan> {
  const accountId = folder.mailaccount_id;
  const present = new Map<string, GraphMessageWire>();
  const removedIds: string[] = [];
  for (const m of items) {
    if (m['@removed']) {
      removedIds.push(m.id);
      present.delete(m.id);
    } else present.set(m.id, m);
  }
  const ids = [...present.keys()];
  const here = ids.length
    ? await db
        .selectFrom('mail_locations as l')
        .innerJoin('mails as m', 'm.ma_id', 'l.ma_id')
        .select(['l.graph_id', 'l.ma_id', 'm.is_seen', 'm.is_flagged'])
        .where('l.ifolder_id', '=', folder.ifolder_id)
        .where('l.graph_id', 'in', ids)
        .execute()
    : [];
  const skippedHere = ids.length
    ? new Set(
        (await db.selectFrom('mail_skipped').select('graph_id').where('ifolder_id', '=', folder.ifolder_id).where('graph_id', 'in', ids).execute()).map(
          (r) => r.graph_id,
        ),
      )
    : new Set();
  const known = new Set(here.map((r) => r.graph_id));
  const fresh = ids.filter((id) => !known.has(id) && !skippedHere.has(id));

  // Stored already: under the same id in another folder (a move), or by internetMessageId (a copy).
  const elsewhere = new Map<string, number>();
  if (fresh.length) {
    const moved = await db
      .selectFrom('mail_locations as l')
      .innerJoin('imapfolders as f', 'f.ifolder_id', 'l.ifolder_id')
      .select(['l.graph_id', 'l.ma_id'])
      .where('f.mailaccount_id', '=', accountId)
      .where('l.graph_id', 'in', fresh)
      .execute();
    for (const r of moved) elsewhere.set(r.graph_id!, Number(r.ma_id));
    const byMessageId = fresh.filter((id) => !elsewhere.has(id) && present.get(id)!.internetMessageId);
    if (byMessageId.length) {
      const rows = await db
        .selectFrom('mails')
        .select(['message_id', 'ma_id'])
        .where('mailaccount_id', '=', accountId)
        .where(
          'message_id',
          'in',
          byMessageId.map((id) => present.get(id)!.internetMessageId!),
        )
        .execute();
      const ma = new Map(rows.map((r) => [r.message_id, Number(r.ma_id)]));
      for (const id of byMessageId) {
        const found = ma.get(present.get(id)!.internetMessageId!);
        if (found !== undefined) elsewhere.set(id, found);
      }
    }
  }
  return { present, removedIds, ids, here, elsewhere, download: fresh.filter((id) => !elsewhere.has(id)) };
}

/** A MIME download under way (or done); a message gone meanwhile is null. */
export type Download = Promise<Buffer | null>;

export function startDownload(client: GraphMailClient, id: string): Download {
  const source = client.mime(id).catch((err: unknown) => {
    if (err instanceof NotFound) return null;
    throw err;
  });
  // Awaited later (or settled at the folder's end): a failure is never an unhandled rejection meanwhile.
  source.catch(() => undefined);
  return source;
}
