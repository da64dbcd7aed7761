/** Wire shapes of the compose calls (server/mail/compose). */
import type { MailAddress } from '../../../core/mail/compose/addresses';

export type ReplyMode = 'reply' | 'replyAll' | 'forward';

export interface DraftAttachment {
  file_id: number;
  f_name: string;
  f_size: number;
  f_type: string;
}

export interface Draft {
  mdraft_id: number;
  mailaccount_id: number;
  mal_id: number | null;
  from: MailAddress;
  mdraft_to_arr: MailAddress[];
  mdraft_cc_arr: MailAddress[];
  mdraft_bcc_arr: MailAddress[];
  mdraft_subject: string;
  mdraft_html: string;
  mdraft_locked: boolean;
  mdraft_lock_reason: string | null;
  reply_ma_id: number | null;
  reply_mode: ReplyMode | null;
  mdraft_version: number;
  updated_at: string;
  attachments: DraftAttachment[];
}

export interface DraftListRow {
  mdraft_id: number;
  mailaccount_id: number;
  mdraft_subject: string;
  mdraft_to_arr: MailAddress[];
  mdraft_locked: boolean;
  reply_ma_id: number | null;
  updated_at: string;
}

export interface FromAlias {
  mal_id: number | null;
  mailaccount_id: number;
  mal_email: string;
  mal_name: string | null;
  mal_is_default: boolean;
  ma_name: string;
  /** false: the account has no outgoing server (a Microsoft mailbox sends through Graph and needs none). */
  can_send: boolean;
}

export interface Signature {
  ms_id: number;
  mailaccount_id: number;
  ms_name: string;
  ms_signature: string;
}

export interface Template {
  mtpl_id: number;
  mailaccount_id: number;
  mtpl_name: string;
  mtpl_subject: string | null;
  mtpl_content: string;
}

export interface Suggestion extends MailAddress {
  source: 'contact' | 'user' | 'mail';
}

/** What the form holds; compared with the last saved copy to decide whether to save. */
export interface DraftState {
  mal_id: number | null;
  mailaccount_id: number;
  mdraft_to_arr: MailAddress[];
  mdraft_cc_arr: MailAddress[];
  mdraft_bcc_arr: MailAddress[];
  mdraft_subject: string;
  mdraft_html: string;
}
