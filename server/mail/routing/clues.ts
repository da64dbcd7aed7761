/**
 * What a mail offers the router to go on, read from the mail alone (no database): the Message-IDs it
 * answers, the tags of plus-addressed recipients, the numbers its subject names and the numbers its
 * own text names (quoted text left out: a number in a quoted older mail says nothing about this one).
 */
import type { Address } from '../tables';

export interface RoutableMail {
  message_id: string;
  in_reply_to: string | null;
  mail_references: string[];
  mail_subject: string | null;
  mail_from: Address | null;
  mail_to_arr: Address[];
  mail_cc_arr: Address[];
  mail_text: string | null;
}

/** `PLB-000012`, `INV-0042`, `QU-7`: a prefix of letters (digits after the first allowed), a dash, digits. */
const NUMBER = /(?<![A-Z0-9-])([A-Z][A-Z0-9]{0,9}-\d{1,12})(?![A-Z0-9-])/gi;

export function numbersIn(text: string | null): string[] {
  if (!text) return [];
  return [...new Set([...text.matchAll(NUMBER)].map((m) => m[1].toUpperCase()))];
}

/** The Message-IDs the mail answers: In-Reply-To first, then References from the newest back. */
export function repliedIds(mail: RoutableMail): string[] {
  return [...new Set([mail.in_reply_to, ...[...mail.mail_references].reverse()].filter((x): x is string => !!x))];
}

/**
 * The tags of recipients plus-addressed on one of the account's own addresses
 * (`office+PLB-000012@example.com` for `office@example.com`), upper-cased.
 */
export function plusTags(mail: RoutableMail, own: ReadonlySet<string>): { tag: string; address: string }[] {
  const out: { tag: string; address: string }[] = [];
  for (const a of [...mail.mail_to_arr, ...mail.mail_cc_arr]) {
    const m = /^([^+@]+)\+([^@]+)@(.+)$/.exec(a.address.toLowerCase());
    if (m && own.has(`${m[1]}@${m[3]}`)) out.push({ tag: m[2].toUpperCase(), address: a.address.toLowerCase() });
  }
  return out;
}

/** The address a job's mails go out with as their Reply-To: the account's address with the job number as its tag. */
export function jobReplyAddress(accountAddress: string, jobNumber: string): string {
  const at = accountAddress.lastIndexOf('@');
  return at < 1 ? accountAddress : `${accountAddress.slice(0, at)}+${jobNumber.toLowerCase()}${accountAddress.slice(at)}`;
}

/**
 * Where the quoted part of a plain-text mail starts: `>` lines, "On … wrote:", Outlook's
 * "-----Original Message-----" or its "From: … Sent: …" header block, a forward's marker.
 */
const QUOTE_START = [
  /^\s*>/,
  /^\s*On\b.{0,200}\bwrote:\s*$/i,
  /^\s*-{2,}\s*(Original Message|Forwarded message)\s*-{2,}/i,
  /^\s*_{8,}\s*$/,
  /^\s*From:\s.+$/i,
  /^\s*Begin forwarded message:/i,
];

export function ownText(text: string | null): string {
  if (!text) return '';
  const lines = text.split(/\r?\n/);
  const end = lines.findIndex((line) => QUOTE_START.some((re) => re.test(line)));
  return (end < 0 ? lines : lines.slice(0, end)).join('\n');
}

/**
 * The numbers in the Subject of the first quoted header block (Outlook's "From: … Sent: … Subject: …"
 * under its rule or "-----Original Message-----") when that block's From is one of `own`: the brand's
 * own mail this one answers. A quoted mail of anyone else says nothing.
 */
export function quotedOwnSubjectNumbers(mail: RoutableMail, own: ReadonlySet<string>): string[] {
  const lines = (mail.mail_text ?? '').split(/\r?\n/);
  const from = lines.findIndex((line) => /^\s*From:\s/i.test(line));
  if (from < 0) return [];
  const sender = /[\w.+-]+@[\w.-]+/.exec(lines[from])?.[0].toLowerCase();
  if (!sender || !own.has(sender)) return [];
  // The block's lines up to its first empty line.
  const block = lines.slice(from + 1, from + 8);
  const subject = block
    .slice(
      0,
      Math.max(
        0,
        block.findIndex((l) => !l.trim()),
      ) || block.length,
    )
    .find((l) => /^\s*Subject:\s/i.test(l));
  return subject ? numbersIn(subject.replace(/^\s*Subject:\s*/i, '')) : [];
}

/** The numbers a mail names in its subject and in its own (unquoted) text. */
export function namedNumbers(mail: RoutableMail): { subject: string[]; body: string[] } {
  return { subject: numbersIn(mail.mail_subject), body: numbersIn(ownText(mail.mail_text)) };
}
