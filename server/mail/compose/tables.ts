/** Row shapes of the compose tables (migration 0014) on top of the mail and file tables. */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { FilesTable } from '../../files/tables';
import type { Address, MailTables } from '../tables';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;
type JsonCol<T> = ColumnType<T, string | undefined, string>;

export type ReplyMode = 'reply' | 'replyAll' | 'forward';
export const REPLY_MODES: readonly ReplyMode[] = ['reply', 'replyAll', 'forward'];

export interface MailDraftsTable {
  mdraft_id: Generated<number>;
  mailaccount_id: number;
  mal_id: number | null;
  us_id: number | null;
  mdraft_to_arr: JsonCol<Address[]>;
  mdraft_cc_arr: JsonCol<Address[]>;
  mdraft_bcc_arr: JsonCol<Address[]>;
  mdraft_subject: ColumnType<string, string | undefined, string>;
  mdraft_html: ColumnType<string, string | undefined, string>;
  mdraft_locked: Flag;
  mdraft_lock_reason: string | null;
  reply_ma_id: ColumnType<number | null, number | null | undefined, number | null>;
  reply_mode: ReplyMode | null;
  /** The job a new mail was started from (brand migration 0054); null otherwise. */
  job_id: ColumnType<number | null, number | null | undefined, number | null>;
  mdraft_version: ColumnType<number, number | undefined, number>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface ComposeTables extends MailTables {
  maildrafts: MailDraftsTable;
  maildraft_files: { mdraft_id: number; file_id: number };
  mailsignatures: { ms_id: Generated<number>; mailaccount_id: number; ms_name: string; ms_signature: string };
  mailtemplates: { mtpl_id: Generated<number>; mailaccount_id: number; mtpl_name: string; mtpl_subject: string | null; mtpl_content: string };
  mailtags: { mt_id: Generated<number>; mt_name: string; mt_color: string | null };
  mail_tag_links: { ma_id: number; mt_id: number };
  mailfolders: { mf_id: Generated<number>; mf_name: string };
  mail_folder_links: { ma_id: number; mf_id: number };
  files: FilesTable;
}

export type ComposeDb = Kysely<ComposeTables>;

export function composeDb(db: unknown): ComposeDb {
  if (!db) throw new Error('No brand database on this request');
  return db as ComposeDb;
}
