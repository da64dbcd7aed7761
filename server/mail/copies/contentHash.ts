/**
 * The hash that tells two accounts' copies of a mail apart from two mails reusing one Message-ID
 * (issue 30, "one copy across shared inboxes"): what the sender wrote (addresses, subject, date,
 * text, HTML, attachments), never the headers each inbox's delivery adds (Received, Delivered-To).
 */
import { createHash } from 'node:crypto';
import type { ParsedMessage } from '../sync/parse';

type Hashed = Pick<ParsedMessage, 'mail_from' | 'mail_to_arr' | 'mail_cc_arr' | 'mail_subject' | 'mail_date' | 'mail_text' | 'mail_html' | 'attachments'>;

const addr = (a: { address?: string } | null) => (a?.address ?? '').toLowerCase();

export function contentHash(p: Hashed): string {
  const files = p.attachments.map((a) => [a.name, createHash('sha256').update(a.content).digest('base64')]);
  const parts = [
    addr(p.mail_from),
    p.mail_to_arr.map(addr),
    p.mail_cc_arr.map(addr),
    p.mail_subject,
    p.mail_date?.toISOString() ?? null,
    p.mail_text,
    p.mail_html,
    files,
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64');
}
