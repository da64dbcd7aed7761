/**
 * The brand's Microsoft 365 mailboxes (INTEGRATIONS.md, Microsoft): each beside its grant
 * (oauth_grants, provider 'microsoft', owner_kind 'mailbox', owner 0 = the brand), so a reconnect
 * (the same Microsoft user, the same grant row) keeps the account, its users and its mail.
 * - microsoft_accounts: the address, the brand's default, and how the mail sync stands (state,
 *   progress, last sync, last error); whether the token works is the grant's status.
 * - microsoft_account_users: who may use the mailbox, with the IMAP accounts' rights (can send, can delete).
 * - microsoft_account_disabled: each user's stored disabled list (SPEC point 4: selected unless listed).
 * - microsoft_account_folders: each folder's counts and when it was last synced, written by the mail sync.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('microsoft_accounts')
    .addColumn('msa_id', 'serial', (c) => c.primaryKey())
    .addColumn('og_id', 'integer', (c) => c.notNull().unique().references('oauth_grants.og_id').onDelete('cascade'))
    .addColumn('msa_email', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text')
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sync_state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('idle')
        .check(sql`sync_state in ('idle', 'queued', 'syncing')`),
    )
    .addColumn('sync_progress', 'integer', (c) => c.check(sql`sync_progress between 0 and 100`))
    .addColumn('last_sync_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One default mailbox per brand.
  await sql`create unique index microsoft_accounts_default_idx on ${sql.table(`${schema}.microsoft_accounts`)} ((true)) where is_default`.execute(db);

  await s
    .createTable('microsoft_account_users')
    .addColumn('msa_id', 'integer', (c) => c.notNull().references('microsoft_accounts.msa_id').onDelete('cascade'))
    .addColumn('us_id', 'integer', (c) => c.notNull().references('users.us_id').onDelete('cascade'))
    .addColumn('can_send', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('can_delete', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('microsoft_account_users_pk', ['msa_id', 'us_id'])
    .execute();
  await s.createIndex('microsoft_account_users_us_idx').on('microsoft_account_users').columns(['us_id', 'msa_id']).execute();

  await s
    .createTable('microsoft_account_disabled')
    .addColumn('us_id', 'integer', (c) => c.notNull().references('users.us_id').onDelete('cascade'))
    .addColumn('msa_id', 'integer', (c) => c.notNull().references('microsoft_accounts.msa_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('microsoft_account_disabled_pk', ['us_id', 'msa_id'])
    .execute();

  await s
    .createTable('microsoft_account_folders')
    .addColumn('msa_id', 'integer', (c) => c.notNull().references('microsoft_accounts.msa_id').onDelete('cascade'))
    .addColumn('folder_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('synced_at', 'timestamptz')
    .addPrimaryKeyConstraint('microsoft_account_folders_pk', ['msa_id', 'folder_id'])
    .execute();
}
