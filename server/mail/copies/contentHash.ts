/**
 * The hash that tells two accounts' copies of a mail apart from two mails reusing one Message-ID
 * (issue 30, "one copy across shared inboxes"): what the sender wrote (addresses, subject, date,
 * text, HTML, attachments), never the headers each inbox's delivery adds (Received, Delivered-To).
 * The sync hashes a parsed mail; the backfill (backfill.ts) hashes the same fields as stored, with
 * each attachment's digest read from its file, and must reach the same value.
 */
import { createHash } from 'node:crypto';
import type { ParsedMessage } from '../sync/parse';

type Fields = Pick<ParsedMessage, 'mail_from' | 'mail_to_arr' | 'mail_cc_arr' | 'mail_subject' | 'mail_date' | 'mail_text' | 'mail_html'>;

/** An attachment's name and the base64 SHA-256 of its bytes. */
export interface FileDigest {
  name: string;
  digest: string;
}

const addr = (a: { address?: string } | null) => (a?.address ?? '').toLowerCase();

export const attachmentDigest = (content: Buffer): string => createHash('sha256').update(content).digest('base64');

export function hashOfFields(p: Fields, files: FileDigest[]): string {
  const parts = [
    addr(p.mail_from),
    p.mail_to_arr.map(addr),
    p.mail_cc_arr.map(addr),
    p.mail_subject,
    p.mail_date?.toISOString() ?? null,
    p.mail_text,
    p.mail_html,
    files.map((f) => [f.name, f.digest]),
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64');
}

export function contentHash(p: Fields & Pick<ParsedMessage, 'attachments'>): string {
  return hashOfFields(
    p,
    p.attachments.map((a) => ({ name: a.name, digest: attachmentDigest(a.content) })),
  );
}
