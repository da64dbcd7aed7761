/**
 * What the mail compose area keeps (SPEC.md point 3, mail entities): drafts with their lock and a
 * version (two users editing one draft never overwrite each other silently), draft attachments,
 * signatures and templates per account, tags and local folders with their links to mails.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);

  await s
    .createTable('maildrafts')
    .addColumn('mdraft_id', 'serial', (c) => c.primaryKey())
    .addColumn('mailaccount_id', 'integer', (c) => c.notNull().references('mailaccounts.mailaccount_id').onDelete('cascade'))
    .addColumn('mal_id', 'integer', (c) => c.references('mailaliases.mal_id').onDelete('set null'))
    .addColumn('us_id', 'integer', (c) => c.references('users.us_id').onDelete('set null'))
    .addColumn('mdraft_to_arr', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('mdraft_cc_arr', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('mdraft_bcc_arr', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('mdraft_subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mdraft_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mdraft_locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mdraft_lock_reason', 'text')
    .addColumn('reply_ma_id', 'bigint', (c) => c.references('mails.ma_id').onDelete('set null'))
    .addColumn('reply_mode', 'text', (c) => c.check(sql`reply_mode in ('reply', 'replyAll', 'forward')`))
    .addColumn('mdraft_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s.createIndex('maildrafts_account_idx').on('maildrafts').columns(['mailaccount_id', 'updated_at']).execute();
  await s.createIndex('maildrafts_reply_idx').on('maildrafts').columns(['reply_ma_id']).execute();

  await s
    .createTable('maildraft_files')
    .addColumn('mdraft_id', 'integer', (c) => c.notNull().references('maildrafts.mdraft_id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.file_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('maildraft_files_pk', ['mdraft_id', 'file_id'])
    .execute();

  await s
    .createTable('mailsignatures')
    .addColumn('ms_id', 'serial', (c) => c.primaryKey())
    .addColumn('mailaccount_id', 'integer', (c) => c.notNull().references('mailaccounts.mailaccount_id').onDelete('cascade'))
    .addColumn('ms_name', 'text', (c) => c.notNull())
    .addColumn('ms_signature', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('mailtemplates')
    .addColumn('mtpl_id', 'serial', (c) => c.primaryKey())
    .addColumn('mailaccount_id', 'integer', (c) => c.notNull().references('mailaccounts.mailaccount_id').onDelete('cascade'))
    .addColumn('mtpl_name', 'text', (c) => c.notNull())
    .addColumn('mtpl_subject', 'text')
    .addColumn('mtpl_content', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('mailtags')
    .addColumn('mt_id', 'serial', (c) => c.primaryKey())
    .addColumn('mt_name', 'text', (c) => c.notNull().unique())
    .addColumn('mt_color', 'text')
    .execute();
  await s
    .createTable('mail_tag_links')
    .addColumn('ma_id', 'bigint', (c) => c.notNull().references('mails.ma_id').onDelete('cascade'))
    .addColumn('mt_id', 'integer', (c) => c.notNull().references('mailtags.mt_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('mail_tag_links_pk', ['ma_id', 'mt_id'])
    .execute();
  await s.createIndex('mail_tag_links_tag_idx').on('mail_tag_links').columns(['mt_id', 'ma_id']).execute();

  await s
    .createTable('mailfolders')
    .addColumn('mf_id', 'serial', (c) => c.primaryKey())
    .addColumn('mf_name', 'text', (c) => c.notNull().unique())
    .execute();
  await s
    .createTable('mail_folder_links')
    .addColumn('ma_id', 'bigint', (c) => c.notNull().references('mails.ma_id').onDelete('cascade'))
    // restrict: a folder holding mails cannot be deleted (SPEC.md point 5); the route says so first.
    .addColumn('mf_id', 'integer', (c) => c.notNull().references('mailfolders.mf_id').onDelete('restrict'))
    .addPrimaryKeyConstraint('mail_folder_links_pk', ['ma_id', 'mf_id'])
    .execute();
  await s.createIndex('mail_folder_links_folder_idx').on('mail_folder_links').columns(['mf_id', 'ma_id']).execute();
}
