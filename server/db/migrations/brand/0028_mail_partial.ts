/**
 * Hostile mail never stops a folder's sync (server/mail/sync/syncFolder.ts):
 * - `mails.mail_partial`: why a mail could only partly be read (null: fully parsed). Such a mail
 *   keeps its headers, plain text and attachments; `mails.source_file_id` is its raw source, kept
 *   as a `files` row (group EMAILATTACHMENTS) in the FileStore so the user can download it.
 * - `mail_skipped`: a mail the sync could not read or store at all, by folder and UID with the
 *   reason; the folder's cursor moved past it. Shown on the account's folder table.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await sql`alter table ${sql.id(schema, 'mails')} add column mail_partial text, add column source_file_id integer references ${sql.id(schema, 'files')} (file_id) on delete set null`.execute(
    db,
  );
  await s.createIndex('mails_source_file_idx').on('mails').column('source_file_id').where(sql.ref('source_file_id'), 'is not', null).execute();
  await s
    .createTable('mail_skipped')
    .addColumn('ifolder_id', 'integer', (c) => c.notNull().references('imapfolders.ifolder_id').onDelete('cascade'))
    .addColumn('uid', 'bigint', (c) => c.notNull())
    .addColumn('uidvalidity', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('skipped_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('mail_skipped_pk', ['ifolder_id', 'uid'])
    .execute();
}
