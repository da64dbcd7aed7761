/**
 * Attachments read from the message on the IMAP server (the first folder that holds it), parsed
 * with mailparser: for mails synced before attachments were stored as files, and for a stored
 * file deleted since. A mail of an account without an incoming server has none there.
 */
import { simpleParser } from 'mailparser';
import { downloadableAttachments, safeFileName, type ParsedAttachment } from '../sync/attachmentParts';
import { openImap } from '../sync/connect';
import type { Readable } from 'node:stream';
import { originalKey } from '../../files/storage';
import { attachmentDb } from '../sync/attachmentTables';
import type { MailDb } from '../tables';
import type { AttachmentSource } from './attachments';

async function rawSource(db: MailDb, maId: number, accountId: number): Promise<Buffer | null> {
  const place = await db
    .selectFrom('mail_locations as l')
    .innerJoin('imapfolders as f', 'f.ifolder_id', 'l.ifolder_id')
    .innerJoin('mailaccounts as a', 'a.mailaccount_id', 'f.mailaccount_id')
    .select(['f.ifolder_path', 'l.uid'])
    .where('l.ma_id', '=', maId)
    .where('a.mis_id', 'is not', null)
    .where('f.is_gone', '=', false)
    .limit(1)
    .executeTakeFirst();
  if (!place) return null;
  const client = await openImap(db, accountId);
  try {
    const lock = await client.getMailboxLock(place.ifolder_path);
    try {
      const msg = await client.fetchOne(String(place.uid), { source: true }, { uid: true });
      return msg && msg.source ? msg.source : null;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

export { safeFileName };

/** The attachments a user can download (the sync's rule), in the order the stored rows number them. */
export async function imapAttachments(db: MailDb, maId: number, accountId: number): Promise<ParsedAttachment[]> {
  const source = await rawSource(db, maId, accountId);
  if (!source) return [];
  const parsed = await simpleParser(source, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  return downloadableAttachments(parsed.attachments);
}

/**
 * A mail's raw source: the file a partly read mail keeps (brand migration 0028), else (or when that
 * file was deleted since) the message on the IMAP server.
 */
export async function mailSource(
  src: AttachmentSource,
  mail: { ma_id: number; mailaccount_id: number; source_file_id: number | null },
): Promise<Buffer | Readable | null> {
  if (mail.source_file_id !== null) {
    const file = await attachmentDb(src.db)
      .selectFrom('files')
      .select(['f_storage_name', 'f_added'])
      .where('file_id', '=', mail.source_file_id)
      .executeTakeFirst();
    const opened = file ? await src.store.open(originalKey(src.schema, file.f_added, file.f_storage_name)) : null;
    if (opened) return opened.stream;
  }
  return rawSource(src.db, Number(mail.ma_id), mail.mailaccount_id);
}

/** Content-Disposition that always downloads, with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
