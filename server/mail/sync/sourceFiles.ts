/**
 * The raw source of a partly read mail (`mails.mail_partial`, brand migration 0028) kept as a file,
 * so the user can still download the whole message: written to the FileStore before the batch's
 * transaction like the attachments (attachmentFiles.ts), its `files` row and `mails.source_file_id`
 * in the transaction. A retried batch or a second copy finds `source_file_id` set and writes nothing.
 */
import type { MailDb } from '../tables';
import { storeAttachmentBytes, type AttachmentTarget, type StoredBytes } from './attachmentFiles';
import { attachmentDb } from './attachmentTables';

export interface PendingSource extends StoredBytes {
  maId: number;
}

/** The file name a raw source is stored and downloaded under. */
export const sourceFileName = (maId: number) => `message-${maId}.eml`;

export async function writeSourceFiles(target: AttachmentTarget, mails: { maId: number; source: Buffer }[]): Promise<PendingSource[]> {
  const added = new Date();
  const written: PendingSource[] = [];
  try {
    for (const m of mails) {
      const bytes = await storeAttachmentBytes(target, { name: sourceFileName(m.maId), contentType: 'message/rfc822', content: m.source }, added);
      // Always a mail source, whatever its bytes look like to type detection.
      written.push({ ...bytes, mime: 'message/rfc822', maId: m.maId });
    }
  } catch (err) {
    await removeSourceFiles(target, written);
    throw err;
  }
  return written;
}

/** In the batch's transaction: the rows of the files written. Returns the files no mail took (to remove). */
export async function recordSourceFiles(trx: MailDb, pending: PendingSource[]): Promise<PendingSource[]> {
  const db = attachmentDb(trx);
  const unused: PendingSource[] = [];
  for (const p of pending) {
    const file = await db
      .insertInto('files')
      .values({ f_grp_id: 'EMAILATTACHMENTS', f_name: p.name, f_storage_name: p.storageName, f_size: p.size, f_type: p.mime, f_added: p.added })
      .returning('file_id')
      .executeTakeFirstOrThrow();
    const set = await trx
      .updateTable('mails')
      .set({ source_file_id: file.file_id })
      .where('ma_id', '=', p.maId)
      .where('source_file_id', 'is', null)
      .executeTakeFirst();
    if (Number(set.numUpdatedRows) === 0) {
      await db.deleteFrom('files').where('file_id', '=', file.file_id).execute();
      unused.push(p);
    }
  }
  return unused;
}

export async function removeSourceFiles(target: AttachmentTarget, files: PendingSource[]): Promise<void> {
  if (files.length) await target.store.remove(files.map((f) => f.key)).catch(() => undefined);
}
