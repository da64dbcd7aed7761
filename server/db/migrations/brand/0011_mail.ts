/**
 * Shared mail accounts and what the sync engine keeps (SPEC.md point 3, mail entities).
 *
 * A mail is stored once per account (`mails`, recognised by Message-ID) and found in one or more
 * IMAP folders through `mail_locations` (folder + UIDVALIDITY + UID), so a retry, a copy in a
 * second folder or a move never duplicates it. Each folder keeps its sync cursor: UIDVALIDITY,
 * the highest UID stored and HIGHESTMODSEQ (as text: a 63-bit value).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);

  await s
    .createTable('mailincomingservers')
    .addColumn('mis_id', 'serial', (c) => c.primaryKey())
    .addColumn('mis_name', 'text', (c) => c.notNull())
    .addColumn('mis_host', 'text', (c) => c.notNull())
    .addColumn('mis_port', 'integer', (c) => c.notNull().check(sql`mis_port between 1 and 65535`))
    .addColumn('mis_secure', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('mis_auth', 'text', (c) =>
      c
        .notNull()
        .defaultTo('plain')
        .check(sql`mis_auth in ('plain', 'oauth')`),
    )
    .addColumn('mis_user', 'text')
    .addColumn('mis_pass', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await s
    .alterTable('mailservers')
    .addColumn('mailserver_auth', 'text', (c) =>
      c
        .notNull()
        .defaultTo('plain')
        .check(sql`mailserver_auth in ('plain', 'oauth')`),
    )
    .execute();

  await s
    .createTable('mailaccounts')
    .addColumn('mailaccount_id', 'serial', (c) => c.primaryKey())
    .addColumn('ma_name', 'text', (c) => c.notNull())
    .addColumn('ma_email', 'text', (c) => c.notNull())
    .addColumn('ma_color', 'text')
    .addColumn('ma_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('mis_id', 'integer', (c) => c.references('mailincomingservers.mis_id').onDelete('set null'))
    .addColumn('mailserver_id', 'integer', (c) => c.references('mailservers.mailserver_id').onDelete('set null'))
    .addColumn('sync_status', 'text', (c) => c.notNull().defaultTo('idle'))
    // A lease: one sync of an account at a time across every process; a crashed one expires.
    .addColumn('sync_started_at', 'timestamptz')
    .addColumn('sync_error', 'text')
    .addColumn('sync_error_at', 'timestamptz')
    .addColumn('last_sync_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await s
    .createTable('mailaccount_users')
    .addColumn('mailaccount_id', 'integer', (c) => c.notNull().references('mailaccounts.mailaccount_id').onDelete('cascade'))
    .addColumn('us_id', 'integer', (c) => c.notNull().references('users.us_id').onDelete('cascade'))
    .addColumn('maxu_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('maxu_user_can_send', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('maxu_user_can_delete', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('mailaccount_users_pk', ['mailaccount_id', 'us_id'])
    .execute();
  await s.createIndex('mailaccount_users_us_idx').on('mailaccount_users').columns(['us_id', 'mailaccount_id']).execute();

  await s
    .createTable('mailaliases')
    .addColumn('mal_id', 'serial', (c) => c.primaryKey())
    .addColumn('mailaccount_id', 'integer', (c) => c.notNull().references('mailaccounts.mailaccount_id').onDelete('cascade'))
    .addColumn('mal_email', 'text', (c) => c.notNull())
    .addColumn('mal_name', 'text')
    .addColumn('mal_is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create unique index mailaliases_one_default on ${sql.id(schema, 'mailaliases')} (mailaccount_id) where mal_is_default`.execute(db);

  await s
    .createTable('imapfolders')
    .addColumn('ifolder_id', 'serial', (c) => c.primaryKey())
    .addColumn('mailaccount_id', 'integer', (c) => c.notNull().references('mailaccounts.mailaccount_id').onDelete('cascade'))
    .addColumn('ifolder_path', 'text', (c) => c.notNull())
    .addColumn('ifolder_name', 'text', (c) => c.notNull())
    .addColumn('ifolder_type', 'text', (c) => c.notNull().defaultTo('other'))
    .addColumn('ifolder_sync_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('ifolder_syncfromdt', 'timestamptz')
    .addColumn('is_default_seen', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ifolder_last_email_date', 'timestamptz')
    .addColumn('uidvalidity', 'bigint')
    .addColumn('last_uid', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('highestmodseq', 'text')
    .addColumn('uidnext', 'bigint')
    .addColumn('messages_on_server', 'integer')
    .addColumn('messages_synced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sync_error', 'text')
    .addColumn('sync_error_at', 'timestamptz')
    .addColumn('last_sync_at', 'timestamptz')
    .addColumn('is_gone', 'boolean', (c) => c.notNull().defaultTo(false))
    .addUniqueConstraint('imapfolders_account_path', ['mailaccount_id', 'ifolder_path'])
    .execute();

  await s
    .createTable('mails')
    .addColumn('ma_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('mailaccount_id', 'integer', (c) => c.notNull().references('mailaccounts.mailaccount_id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('in_reply_to', 'text')
    .addColumn('mail_references', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('thread_id', 'bigint')
    .addColumn('mail_subject', 'text')
    .addColumn('mail_from', 'jsonb')
    .addColumn('mail_to_arr', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('mail_cc_arr', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('mail_bcc_arr', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('mail_date', 'timestamptz')
    .addColumn('mail_html', 'text')
    .addColumn('mail_text', 'text')
    .addColumn('mail_size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_attachments', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_seen', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_flagged', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_answered', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_ready', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_spam', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('job_id', 'integer', (c) => c.references('jobs.job_id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('mails_account_message', ['mailaccount_id', 'message_id'])
    .execute();
  // Full text over subject, addresses and text ('simple': mails come in many languages).
  await sql`alter table ${sql.id(schema, 'mails')} add column search tsvector generated always as (
    to_tsvector('simple', coalesce(mail_subject, '') || ' ' || coalesce(mail_from::text, '') || ' ' || mail_to_arr::text || ' ' || mail_cc_arr::text || ' ' || left(coalesce(mail_text, ''), 100000))
  ) stored`.execute(db);
  await sql`create index mails_search_idx on ${sql.id(schema, 'mails')} using gin (search)`.execute(db);
  await s.createIndex('mails_thread_idx').on('mails').columns(['mailaccount_id', 'thread_id']).execute();
  await s.createIndex('mails_job_idx').on('mails').columns(['job_id']).execute();

  await s
    .createTable('mail_locations')
    .addColumn('ifolder_id', 'integer', (c) => c.notNull().references('imapfolders.ifolder_id').onDelete('cascade'))
    .addColumn('uid', 'bigint', (c) => c.notNull())
    .addColumn('uidvalidity', 'bigint', (c) => c.notNull())
    .addColumn('ma_id', 'bigint', (c) => c.notNull().references('mails.ma_id').onDelete('cascade'))
    .addColumn('mail_date', 'timestamptz')
    .addPrimaryKeyConstraint('mail_locations_pk', ['ifolder_id', 'uid'])
    .execute();
  await s.createIndex('mail_locations_mail_idx').on('mail_locations').columns(['ma_id']).execute();
  await s.createIndex('mail_locations_date_idx').on('mail_locations').columns(['ifolder_id', 'mail_date']).execute();
}
