/**
 * A forward carries the forwarded mail's attachments (a reply or reply-all does not, as desktop
 * clients do). The draft links the files the sync stored for the mail, so no byte is copied and
 * the user removes one from the draft like any other attachment (only the link goes).
 * - A mail synced before attachments were stored (has_attachments, no mail_attachments rows) has
 *   them read from the IMAP server now and stored for the mail, with the sync's own two steps.
 * - An attachment whose stored file was deleted since (e.g. from a job's documents) is read from
 *   the server into a file of the draft alone: putting it back among the mail's files would undo
 *   the user's delete. Its bytes are written before the draft's transaction, its row inside it.
 */
import { composeText } from '../../../../core/mail/compose/messages';
import { conflict } from '../../../envelope/errors';
import type { FileStore } from '../../../files/storage';
import { imapAttachments } from '../../client/source';
import {
  attachmentTarget,
  recordAttachments,
  removeAttachmentFiles,
  storeAttachmentBytes,
  writeAttachmentFiles,
  type AttachmentTarget,
  type StoredBytes,
} from '../../sync/attachmentFiles';
import type { ParsedAttachment } from '../../sync/attachmentParts';
import { attachmentDb } from '../../sync/attachmentTables';
import { mailDb } from '../../tables';
import type { ComposeDb } from '../tables';

export interface ForwardedMail {
  ma_id: number;
  mailaccount_id: number;
  has_attachments: boolean;
}

export interface ForwardedFiles {
  /** The mail's stored files, in the mail's order. */
  fileIds: number[];
  /** Bytes written for this draft alone; their `files` rows are made with the draft. */
  written: StoredBytes[];
  /** Removes the written bytes when the draft is not made after all. */
  discard(): Promise<void>;
}

const NONE: ForwardedFiles = { fileIds: [], written: [], discard: async () => undefined };

const storedRows = (db: ComposeDb, maId: number) =>
  attachmentDb(mailDb(db)).selectFrom('mail_attachments').select(['mat_position', 'file_id']).where('ma_id', '=', maId).orderBy('mat_position').execute();

async function fromServer(db: ComposeDb, mail: ForwardedMail): Promise<ParsedAttachment[]> {
  try {
    return await imapAttachments(mailDb(db), mail.ma_id, mail.mailaccount_id);
  } catch (err) {
    // Forwarding without them would silently drop what the user means to pass on.
    throw conflict(composeText('errors.forwardAttachments', { reason: err instanceof Error ? err.message : String(err) }), 'attachments');
  }
}

/** The sync's steps for one mail: bytes first, then the rows (the mail row locked, so two forwards store them once). */
async function storeForMail(db: ComposeDb, target: AttachmentTarget, maId: number, attachments: ParsedAttachment[]): Promise<void> {
  const pending = await writeAttachmentFiles(mailDb(db), target, [{ maId, attachments }]);
  let unused = pending;
  try {
    unused = await db.transaction().execute(async (trx) => {
      await trx.selectFrom('mails').select('ma_id').where('ma_id', '=', maId).forUpdate().executeTakeFirst();
      return recordAttachments(mailDb(trx), pending);
    });
  } finally {
    await removeAttachmentFiles(target, unused);
  }
}

/** What a forward of `mail` attaches; `store` is the app's (the configured one when absent, as for the sync). */
export async function forwardedFiles(db: ComposeDb, store: FileStore | undefined, mail: ForwardedMail): Promise<ForwardedFiles> {
  if (!mail.has_attachments) return NONE;
  const target = () => attachmentTarget(mailDb(db), store);
  let parsed: Promise<ParsedAttachment[]> | null = null;
  const imap = () => (parsed ??= fromServer(db, mail));
  let rows = await storedRows(db, mail.ma_id);
  if (!rows.length) {
    const attachments = await imap();
    if (!attachments.length) return NONE;
    await storeForMail(db, target(), mail.ma_id, attachments);
    rows = await storedRows(db, mail.ma_id);
  }
  const fileIds: number[] = [];
  const written: StoredBytes[] = [];
  const discard = async () => {
    if (written.length)
      await target()
        .store.remove(written.map((w) => w.key))
        .catch(() => undefined);
  };
  try {
    const added = new Date();
    for (const r of rows) {
      if (r.file_id !== null) fileIds.push(r.file_id);
      else {
        const a = (await imap())[r.mat_position];
        if (a) written.push(await storeAttachmentBytes(target(), a, added));
      }
    }
  } catch (err) {
    await discard();
    throw err;
  }
  return { fileIds, written, discard };
}

/** In the draft's transaction: the links to the mail's files and the rows of the draft's own. */
export async function linkForwardedFiles(trx: ComposeDb, draftId: number, files: ForwardedFiles): Promise<void> {
  const ids = [...files.fileIds];
  if (files.written.length) {
    const rows = await trx
      .insertInto('files')
      .values(
        files.written.map((w) => ({
          f_grp_id: 'EMAILATTACHMENTS',
          f_name: w.name,
          f_storage_name: w.storageName,
          f_size: w.size,
          f_type: w.mime,
          f_added: w.added,
        })),
      )
      .returning('file_id')
      .execute();
    ids.push(...rows.map((r) => r.file_id));
  }
  if (ids.length)
    await trx
      .insertInto('maildraft_files')
      .values(ids.map((file_id) => ({ mdraft_id: draftId, file_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
}
