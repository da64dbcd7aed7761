/** Row shapes of the mail tables (migrations 0004 and 0011) and the typed brand database. */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { JobTables } from '../jobs/tables';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type MaybeStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;
/** bigint columns come back as numbers (server/db/kysely.ts); UIDs and UIDVALIDITY fit. */
type Big = ColumnType<number, number | string | bigint, number | string | bigint>;
type JsonCol<T> = ColumnType<T, string | undefined, string>;

export interface Address {
  name: string;
  address: string;
}

export interface MailIncomingServersTable {
  mis_id: Generated<number>;
  mis_name: string;
  mis_host: string;
  mis_port: number;
  mis_secure: Flag;
  mis_auth: ColumnType<'plain' | 'oauth', 'plain' | 'oauth' | undefined, 'plain' | 'oauth'>;
  mis_user: string | null;
  mis_pass: string | null;
  created_at: Stamp;
}

export interface MailServersTable {
  mailserver_id: Generated<number>;
  mailserver_name: string;
  mailserver_host: string;
  mailserver_port: number;
  mailserver_secure: Flag;
  mailserver_user: string | null;
  mailserver_pass: string | null;
  mailserver_from: string;
  mailserver_is_default: Flag;
  mailserver_auth: ColumnType<'plain' | 'oauth', 'plain' | 'oauth' | undefined, 'plain' | 'oauth'>;
  created_at: Stamp;
}

export interface MailAccountsTable {
  mailaccount_id: Generated<number>;
  ma_name: string;
  ma_email: string;
  ma_color: string | null;
  ma_enabled: Flag;
  mis_id: number | null;
  mailserver_id: number | null;
  sync_status: ColumnType<string, string | undefined, string>;
  sync_started_at: MaybeStamp;
  /** The running sync's last lease renewal (brand migration 0055). */
  sync_alive_at: MaybeStamp;
  sync_error: string | null;
  sync_error_at: MaybeStamp;
  last_sync_at: MaybeStamp;
  created_at: Stamp;
  /** Where the account's mail comes from (brand migration 0041): an IMAP server, or Microsoft Graph. */
  ma_source: ColumnType<'imap' | 'graph', 'imap' | 'graph' | undefined, 'imap' | 'graph'>;
  /** A Graph account's Microsoft account (0041); null for IMAP. */
  msa_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface MailAccountUsersTable {
  mailaccount_id: number;
  us_id: number;
  maxu_default: Flag;
  maxu_user_can_send: Flag;
  maxu_user_can_delete: Flag;
}

export interface MailAliasesTable {
  mal_id: Generated<number>;
  mailaccount_id: number;
  mal_email: string;
  mal_name: string | null;
  mal_is_default: Flag;
}

export interface ImapFoldersTable {
  ifolder_id: Generated<number>;
  mailaccount_id: number;
  ifolder_path: string;
  ifolder_name: string;
  ifolder_type: ColumnType<string, string | undefined, string>;
  ifolder_sync_enabled: Flag;
  ifolder_syncfromdt: MaybeStamp;
  is_default_seen: Flag;
  ifolder_last_email_date: MaybeStamp;
  uidvalidity: ColumnType<number | null, number | string | bigint | null | undefined, number | string | bigint | null>;
  last_uid: ColumnType<number, number | string | bigint | undefined, number | string | bigint>;
  highestmodseq: string | null;
  uidnext: ColumnType<number | null, number | string | bigint | null | undefined, number | string | bigint | null>;
  messages_on_server: number | null;
  messages_synced: ColumnType<number, number | undefined, number>;
  sync_error: string | null;
  sync_error_at: MaybeStamp;
  last_sync_at: MaybeStamp;
  is_gone: Flag;
  /** A Graph folder's id and delta cursor (0041); null for IMAP folders. */
  graph_folder_id: ColumnType<string | null, string | null | undefined, string | null>;
  graph_delta_link: ColumnType<string | null, string | null | undefined, string | null>;
  graph_full_since: MaybeStamp;
}

export interface MailsTable {
  ma_id: Generated<number>;
  mailaccount_id: number;
  message_id: string;
  in_reply_to: string | null;
  mail_references: ColumnType<string[], string[] | undefined, string[]>;
  thread_id: ColumnType<number | null, number | null | undefined, number | null>;
  mail_subject: string | null;
  mail_from: JsonCol<Address | null>;
  mail_to_arr: JsonCol<Address[]>;
  mail_cc_arr: JsonCol<Address[]>;
  mail_bcc_arr: JsonCol<Address[]>;
  mail_date: MaybeStamp;
  mail_html: string | null;
  mail_text: string | null;
  mail_size: ColumnType<number, number | undefined, number>;
  has_attachments: Flag;
  is_seen: Flag;
  is_flagged: Flag;
  is_answered: Flag;
  is_ready: Flag;
  is_spam: Flag;
  is_deleted: Flag;
  created_at: Stamp;
  /** Why the mail could only partly be read at sync time (brand migration 0028); null when fully parsed. */
  mail_partial: ColumnType<string | null, string | null | undefined, string | null>;
  /** A partly read mail's raw source, kept as a file (0028). */
  source_file_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** What the sender wrote, hashed (0053): rows of other accounts with the same Message-ID and hash are copies of one message (copies.ts). */
  ma_content_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A mail's link to a job (brand migration 0045): a mail may belong to several jobs. */
export interface MailJobLinksTable {
  ma_id: ColumnType<number, number, number>;
  job_id: number;
  /** The router's reason code, `sent_from_job`, or `manual`. */
  mjl_reason: string;
  /** null: the router (or the send of a job's mail) linked it. */
  mjl_by_us_id: ColumnType<number | null, number | null | undefined, number | null>;
  mjl_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A mail the sync could not read or store at all: the folder's cursor moved past it (0028). */
export interface MailSkippedTable {
  ifolder_id: number;
  uid: Big;
  uidvalidity: Big;
  reason: string;
  skipped_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** A Graph message's id (0041). */
  graph_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MailLocationsTable {
  ifolder_id: number;
  uid: Big;
  uidvalidity: Big;
  ma_id: Big;
  mail_date: MaybeStamp;
  /** A Graph message's immutable id (0041), and when a whole-folder pass last saw it. */
  graph_id: ColumnType<string | null, string | null | undefined, string | null>;
  graph_seen_at: MaybeStamp;
}

/**
 * Each user's switched-off Microsoft mailboxes (brand migration 0040, owned by server/microsoft): the
 * stored disabled list of SPEC point 4, which the mail client's selection honours for Graph accounts.
 */
export interface MicrosoftAccountDisabledTable {
  us_id: number;
  msa_id: number;
}

export interface MailTables extends JobTables {
  mail_skipped: MailSkippedTable;
  mailincomingservers: MailIncomingServersTable;
  mailservers: MailServersTable;
  mailaccounts: MailAccountsTable;
  mailaccount_users: MailAccountUsersTable;
  mailaliases: MailAliasesTable;
  imapfolders: ImapFoldersTable;
  mails: MailsTable;
  mail_job_links: MailJobLinksTable;
  mail_locations: MailLocationsTable;
  microsoft_account_disabled: MicrosoftAccountDisabledTable;
}

export type MailDb = Kysely<MailTables>;

/** The brand-bound instance with the mail tables typed; the schema binding is unchanged. */
export function mailDb(db: unknown): MailDb {
  if (!db) throw new Error('No brand database on this request');
  return db as MailDb;
}
