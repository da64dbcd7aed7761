/** Wire shapes of the mail settings calls (server/mail/compose: mailtags, mailfolders). */
export type { Signature, Template } from '../compose/types';

export interface MailTag {
  mt_id: number;
  mt_name: string;
  /** '#rrggbb', or null when the tag has no colour. */
  mt_color: string | null;
}

export interface MailFolder {
  mf_id: number;
  mf_name: string;
  mail_count: number;
}

/** A mail account the user is linked to, as the account picker shows it. */
export interface LinkedAccount {
  mailaccount_id: number;
  ma_name: string;
}
