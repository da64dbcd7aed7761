/**
 * What the product changes on a Graph account's mail goes back to Graph before the rows follow
 * (as with IMAP, the mailbox stays the truth the next sync reads): read and flagged (PATCH), a move
 * (POST move: the immutable id stays, the location moves to the target folder), a delete (DELETE:
 * Graph moves the message to Deleted Items, or removes it from there), and sending (sendMail with
 * saveToSentItems, so the message lands in Sent Items and the next sync places it there).
 * The IMAP paths call these when the account's `ma_source` is 'graph' (pushFlags.ts, move.ts,
 * serverDelete.ts, writeRoutes.ts, drafts/send.ts).
 */
import { sql } from 'kysely';
import type { AppFlag } from '../sync/store';
import type { MailDb } from '../tables';
import type { GraphOutgoing } from './client';
import { graphClientFor, type GraphAccount } from './source';

async function graphPlaces(db: MailDb, maId: number) {
  return db
    .selectFrom('mail_locations as l')
    .select(['l.ifolder_id', 'l.uid', 'l.graph_id'])
    .where('l.ma_id', '=', maId)
    .where('l.graph_id', 'is not', null)
    .execute();
}

/** isRead and the follow-up flag; the app's other flags (answered, ready, spam) have no Graph property and stay local. */
export async function pushGraphFlags(db: MailDb, account: GraphAccount, maId: number, changes: Partial<Record<AppFlag, boolean>>): Promise<void> {
  const body: { isRead?: boolean; flag?: { flagStatus: 'flagged' | 'notFlagged' } } = {};
  if (changes.is_seen !== undefined) body.isRead = changes.is_seen;
  if (changes.is_flagged !== undefined) body.flag = { flagStatus: changes.is_flagged ? 'flagged' : 'notFlagged' };
  if (!Object.keys(body).length) return;
  const client = graphClientFor(db, account);
  const ids = new Set((await graphPlaces(db, maId)).map((p) => p.graph_id!));
  await Promise.all([...ids].map((id) => client.patch(id, body)));
}

/** Moves every Graph copy of the mail to the target folder; its locations follow. */
export async function moveOnGraph(db: MailDb, account: GraphAccount, maId: number, targetFolderId: number, mailDate: Date | null): Promise<void> {
  const target = await db
    .selectFrom('imapfolders')
    .select(['ifolder_id', 'graph_folder_id'])
    .where('ifolder_id', '=', targetFolderId)
    .executeTakeFirstOrThrow();
  if (!target.graph_folder_id) throw new Error(`Folder ${targetFolderId} is not a Graph folder`);
  const places = (await graphPlaces(db, maId)).filter((p) => p.ifolder_id !== target.ifolder_id);
  const client = graphClientFor(db, account);
  for (const place of places) {
    const newId = await client.move(place.graph_id!, target.graph_folder_id);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('mail_locations').where('ifolder_id', '=', place.ifolder_id).where('uid', '=', place.uid).execute();
      const next = await trx
        .updateTable('imapfolders')
        .set({ last_uid: sql`last_uid + 1` })
        .where('ifolder_id', '=', target.ifolder_id)
        .returning('last_uid')
        .executeTakeFirstOrThrow();
      // The sync may have placed it already (same immutable id): then nothing more.
      await trx
        .insertInto('mail_locations')
        .values({
          ifolder_id: target.ifolder_id,
          uid: next.last_uid,
          uidvalidity: 1,
          ma_id: maId,
          mail_date: mailDate,
          graph_id: newId,
          graph_seen_at: sql`now()`,
        })
        .onConflict((oc) => oc.columns(['ifolder_id', 'graph_id']).where('graph_id', 'is not', null).doNothing())
        .execute();
    });
  }
}

/** Deletes every Graph copy (a final delete made in the app); the caller removes the row. */
export async function deleteOnGraph(db: MailDb, account: GraphAccount, maId: number): Promise<void> {
  const client = graphClientFor(db, account);
  const ids = new Set((await graphPlaces(db, maId)).map((p) => p.graph_id!));
  for (const id of ids) await client.remove(id);
}

export interface GraphSendInput {
  subject: string;
  html: string;
  to: { name?: string; address: string }[];
  cc: { name?: string; address: string }[];
  bcc: { name?: string; address: string }[];
  /** The Message-ID the product stored the mail under: the Sent Items copy is recognised by it. */
  messageId: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /** A job's mail asks for answers at the job's plus-address (issue 30), as the SMTP path's Reply-To does. */
  replyTo?: string | null;
}

const recipients = (list: { name?: string; address: string }[]) =>
  list.map((a) => ({ emailAddress: { address: a.address, ...(a.name ? { name: a.name } : {}) } }));

/** sendMail with saveToSentItems: the message lands in Sent Items, where the next sync finds it by its Message-ID. */
export async function sendThroughGraph(db: MailDb, account: GraphAccount, m: GraphSendInput): Promise<void> {
  const message: GraphOutgoing & { internetMessageId: string } = {
    subject: m.subject,
    body: { contentType: 'html', content: m.html },
    toRecipients: recipients(m.to),
    ccRecipients: recipients(m.cc),
    bccRecipients: recipients(m.bcc),
    internetMessageId: m.messageId,
    ...(m.replyTo ? { replyTo: recipients([{ address: m.replyTo }]) } : {}),
    attachments: m.attachments.map((a) => ({
      '@odata.type': '#microsoft.graph.fileAttachment',
      name: a.filename,
      contentType: a.contentType,
      contentBytes: a.content.toString('base64'),
    })),
  };
  await graphClientFor(db, account).send(message);
}
