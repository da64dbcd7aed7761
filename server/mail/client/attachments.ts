/**
 * A mail's attachments as the client sees them: the files the sync stored (mail_attachments), or,
 * for a mail synced before attachments were stored (has_attachments without rows) and for a stored
 * file deleted since, the attachment read from the IMAP server. Positions are the download indexes.
 */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MailAttachmentInfo } from '../../../core/mail/client/types';
import { originalKey, type FileStore } from '../../files/storage';
import { attachmentDb } from '../sync/attachmentTables';
import { safeFileName, type ParsedAttachment } from '../sync/attachmentParts';
import type { MailDb } from '../tables';
import type { MailRow } from './access';
import { imapAttachments } from './source';

export interface MailAttachment extends MailAttachmentInfo {
  /** The stored file, or null when the bytes come from the IMAP server. */
  file_id: number | null;
  /** The bytes: the stored file's stream, or the attachment read from the server. */
  read(): Promise<Buffer | Readable | null>;
}

export interface AttachmentSource {
  db: MailDb;
  store: FileStore;
  schema: string;
}

/** The stored files of the request's brand, through the app's FileStore. */
export const attachmentSource = (req: FastifyRequest, db: MailDb): AttachmentSource => ({ db, store: req.server.fileStore, schema: req.brand!.schema });

const info = (index: number, name: string, type: string, size: number): MailAttachmentInfo => ({
  index,
  filename: safeFileName(name, index),
  content_type: type || 'application/octet-stream',
  size,
});

export async function mailAttachmentList(
  src: AttachmentSource,
  mail: Pick<MailRow, 'ma_id' | 'mailaccount_id' | 'has_attachments'>,
): Promise<MailAttachment[]> {
  if (!mail.has_attachments) return [];
  const maId = Number(mail.ma_id);
  // One IMAP read per call at most, shared by every attachment that needs it.
  let fromServer: Promise<ParsedAttachment[]> | null = null;
  const imap = () => (fromServer ??= imapAttachments(src.db, maId, mail.mailaccount_id));
  const rows = await attachmentDb(src.db)
    .selectFrom('mail_attachments as m')
    .leftJoin('files as f', 'f.file_id', 'm.file_id')
    .select(['m.mat_position', 'm.mat_name', 'm.mat_content_type', 'm.mat_size', 'f.file_id', 'f.f_storage_name', 'f.f_added'])
    .where('m.ma_id', '=', maId)
    .orderBy('m.mat_position')
    .execute();
  if (!rows.length) {
    return (await imap()).map((a, index) => ({ ...info(index, a.name, a.contentType, a.content.length), file_id: null, read: async () => a.content }));
  }
  return rows.map((r) => {
    const fromImap = async () => (await imap())[r.mat_position]?.content ?? null;
    const stored = r.file_id !== null && r.f_storage_name && r.f_added ? { key: originalKey(src.schema, r.f_added, r.f_storage_name) } : null;
    return {
      ...info(r.mat_position, r.mat_name, r.mat_content_type, Number(r.mat_size)),
      file_id: stored ? r.file_id : null,
      read: async () => (stored ? ((await src.store.open(stored.key))?.stream ?? (await fromImap())) : fromImap()),
    };
  });
}
