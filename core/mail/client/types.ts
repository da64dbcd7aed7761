/** Wire shapes of the mail client calls (server/mail/client) shared by server and SPA. */
import type { DateGroup } from './dateGroups';

export interface MailAddress {
  name: string;
  address: string;
}

export interface MailFolderInfo {
  ifolder_id: number;
  ifolder_name: string;
  ifolder_path: string;
  ifolder_type: string;
  unread: number;
}

export interface MailAccountInfo {
  mailaccount_id: number;
  ma_name: string;
  ma_email: string;
  ma_color: string | null;
  can_send: boolean;
  can_delete: boolean;
  /** A Microsoft mailbox's id (a Graph account): its selection is the user's stored one, not the client's storage. */
  msa_id: number | null;
  /** False when the user switched the Microsoft mailbox off (SPEC point 4); IMAP accounts are always true here. */
  selected: boolean;
  unread: number;
  folders: MailFolderInfo[];
}

export interface MailListRow {
  ma_id: number;
  mailaccount_id: number;
  ma_color: string | null;
  mail_subject: string | null;
  mail_from: MailAddress | null;
  mail_to_arr: MailAddress[];
  mail_date: string | null;
  date_group: DateGroup;
  is_seen: boolean;
  is_flagged: boolean;
  is_answered: boolean;
  is_ready: boolean;
  is_spam: boolean;
  is_deleted: boolean;
  has_attachments: boolean;
  mail_size: number;
  /** A job the mail is linked to (the first of several), null when none. */
  job_id: number | null;
  thread_id: number | null;
  snippet: string;
  /** Tags (mailtags) and local folders (mailfolders) the mail is in; the list answers them, the details do not. */
  tag_ids?: number[];
  mf_ids?: number[];
  /** A job's mails only: each copy of the message in the user's accounts (one entry per message across shared inboxes, issue 30). */
  accounts?: { ma_id: number; mailaccount_id: number }[];
}

export interface MailDetails extends MailListRow {
  mail_cc_arr: MailAddress[];
  /** Blind copies: known only for mails the account sent (its Sent copy keeps them); empty otherwise. */
  mail_bcc_arr: MailAddress[];
  /** The number of the list row's `job_id`; every job is in `GET mails/{id}/routing`'s `job_ids`. */
  job_number: string | null;
  can_delete: boolean;
  /** True when the mail is over the confirmation size and the body was not asked for. */
  too_large: boolean;
  /** The sanitised HTML body (SPEC.md's mail_html); null when there is none or it was not asked for. */
  mail_html: string | null;
  text: string | null;
  /** Remote images replaced by a placeholder (0 when images were allowed). */
  images_blocked: number;
  /** Why the sync could only partly read the mail (null: fully read); its raw source is then at mails/{id}/source. */
  partial?: string | null;
}

export interface MailAttachmentInfo {
  index: number;
  filename: string;
  content_type: string;
  size: number;
}

export interface MailFilter {
  mailaccount_ids?: number[];
  ifolder_id?: number | null;
  stext?: string | null;
  is_seen?: boolean | null;
  is_flagged?: boolean | null;
  is_deleted?: boolean | null;
  /** Keyset paging: rows older than this one (the last row of the page before); pagenumber is then ignored. */
  before?: { mail_date: string; ma_id: number } | null;
}

/** The list's filter with a tag (mailtags) or a local folder (mailfolders): only the mails in it. */
export interface MailListFilter extends MailFilter {
  mt_id?: number | null;
  mf_id?: number | null;
}

/** Flags one PATCH may change (SPEC.md point 4). */
export const MAIL_FLAGS = ['is_seen', 'is_flagged', 'is_ready', 'is_spam', 'is_deleted'] as const;
export type MailFlag = (typeof MAIL_FLAGS)[number];

/** 'A mail over 5MB asks for confirmation before loading.' */
export const LARGE_MAIL_BYTES = 5 * 1024 * 1024;
/** New mail is looked for this often (the mail refresh interval modifier, default 60 s). */
export const MAIL_REFRESH_MS = 60_000;
export const MAIL_PAGE_SIZE = 100;
/** A search that is a mail domain ('example.com', '@example.com'): it also finds every sender of that domain. */
export const DOMAIN_SEARCH = /^@?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,})$/i;

/** `images`: the user chose to show the mail's remote images, so the quoted mail keeps them; otherwise they stay blocked. */
export const replyUrl = (id: number, mode: 'reply' | 'replyAll' | 'forward', images = false) =>
  `/email/draft/new?mode=${mode}&ma_id=${id}${images ? '&images=1' : ''}`;
export const NEW_MAIL_URL = '/email/draft/new';
