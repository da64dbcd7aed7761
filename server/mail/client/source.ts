/**
 * Attachments are read from the stored message on the IMAP server (the first folder that holds
 * it), parsed with mailparser; a mail of an account without an incoming server has none.
 */
import { simpleParser, type Attachment } from 'mailparser';
import type { MailAttachmentInfo } from '../../../src/mail/client/types';
import { openImap } from '../sync/connect';
import type { MailDb } from '../tables';

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

/** The attachments a user can download: real attachments, not the images the HTML shows inline. */
export async function mailAttachments(db: MailDb, maId: number, accountId: number): Promise<Attachment[]> {
  const source = await rawSource(db, maId, accountId);
  if (!source) return [];
  const parsed = await simpleParser(source, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  return parsed.attachments.filter((a) => a.contentDisposition === 'attachment' || !a.related);
}

export function describeAttachments(list: Attachment[]): MailAttachmentInfo[] {
  return list.map((a, index) => ({ index, filename: safeFileName(a.filename, index), content_type: a.contentType || 'application/octet-stream', size: a.size ?? a.content.length }));
}

/** A file name with no path, control characters or quotes; a neutral one when there is none. */
export function safeFileName(name: string | undefined, index: number): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f"<>:|?*]/g, '_').replace(/^\.+/, '').trim().slice(0, 200);
  return clean || `attachment-${index + 1}`;
}

/** Content-Disposition that always downloads, with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
