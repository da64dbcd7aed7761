/**
 * Mail attachments kept as files at sync time: one `mail_attachments` row per attachment of a mail
 * (its place among the mail's attachments, the name, type and size the mail gave it) pointing at a
 * `files` row of group EMAILATTACHMENTS whose bytes the FileStore holds. The row outlives its file
 * (file_id set null when a user deletes the file, e.g. from a job's documents): the attachment is
 * then read from the IMAP server again. `mailaccounts.ma_changed_at` moves whenever a sync changed
 * the account's mail, so open browsers can ask cheaply whether to refresh their list.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('mail_attachments')
    .addColumn('ma_id', 'bigint', (c) => c.notNull().references('mails.ma_id').onDelete('cascade'))
    .addColumn('mat_position', 'integer', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.references('files.file_id').onDelete('set null'))
    .addColumn('mat_name', 'text', (c) => c.notNull())
    .addColumn('mat_content_type', 'text', (c) => c.notNull())
    .addColumn('mat_size', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_attachments_pk', ['ma_id', 'mat_position'])
    .execute();
  await s.createIndex('mail_attachments_file_idx').on('mail_attachments').column('file_id').execute();
  await sql`alter table ${sql.id(schema, 'mailaccounts')} add column ma_changed_at timestamptz`.execute(db);
}
