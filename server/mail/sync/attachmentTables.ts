/** Row shapes of brand migration 0015 (mail attachments as files, the account's change mark) seen with the mail and file tables. */
import type { ColumnType, Kysely } from 'kysely';
import type { FileJobLinksTable, FileSiteLinksTable, FilesTable } from '../../files/tables';
import type { MailAccountsTable, MailTables } from '../tables';

type Big = ColumnType<number, number | string | bigint, number | string | bigint>;

export interface MailAttachmentsTable {
  ma_id: Big;
  /** The attachment's place among the mail's downloadable attachments, from 0 (the download index). */
  mat_position: number;
  /** Null once the file was deleted elsewhere: the bytes are then read from the IMAP server. */
  file_id: number | null;
  mat_name: string;
  /** The type the mail declared (shown); the file's own type is the one detected from its bytes. */
  mat_content_type: string;
  mat_size: Big;
}

export interface AttachmentTables extends MailTables {
  mailaccounts: MailAccountsTable & { ma_changed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null> };
  mail_attachments: MailAttachmentsTable;
  files: FilesTable;
  file_job_links: FileJobLinksTable;
  file_site_links: FileSiteLinksTable;
  /** Only the link this area checks before deleting a file (brand migration 0014). */
  maildraft_files: { mdraft_id: number; file_id: number };
}

export type AttachmentDb = Kysely<AttachmentTables>;

/** The same brand-bound instance (or transaction) with the 0015 tables typed. */
export const attachmentDb = (db: Kysely<MailTables>) => db as unknown as AttachmentDb;
