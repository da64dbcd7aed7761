/**
 * The fallback conversation key for a reply whose client dropped In-Reply-To and References (issue
 * 30): the subject without its reply/forward prefixes and list tags, and the conversation's
 * participants. Only a mail whose subject carries a reply or forward prefix gets one, so two
 * unrelated mails that merely share a subject ("Invoice") never join; the mail it answers is found
 * by its base key (baseThreadKey), which every mail has. Plus-tags are dropped from addresses, so an
 * answer to `office+PLB-000012@…` meets the mail sent from `office@…`.
 */

/** Reply and forward prefixes of the languages the product ships in and of common clients ("AW", "SV", "Antw", "Vá"). */
const PREFIX = /^\s*(?:(?:re|fw|fwd|aw|wg|sv|vs|antw|tr|rif|vá|továbbítás|fv)\s*(?:\[\d+\])?\s*:\s*|\[[^\]]*\]\s*)/i;
const REPLY_PREFIX = /^\s*(?:re|fw|fwd|aw|wg|sv|vs|antw|tr|rif|vá|továbbítás|fv)\s*(?:\[\d+\])?\s*:/i;

/** The subject without its prefixes and list tags, whitespace folded, lower case. */
export function baseSubject(subject: string | null): string {
  let s = subject ?? '';
  for (let before = ''; before !== s;) {
    before = s;
    s = s.replace(PREFIX, '');
  }
  return s.replace(/\s+/g, ' ').trim().toLowerCase();
}

export const isReplySubject = (subject: string | null) => REPLY_PREFIX.test(subject ?? '') || /^\s*\[[^\]]*\]\s*(re|fwd?)\s*:/i.test(subject ?? '');

/** An address without its plus-tag, lower case. */
export function plainAddress(address: string): string {
  const a = address.trim().toLowerCase();
  const at = a.lastIndexOf('@');
  if (at < 0) return a;
  const local = a.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus < 0 ? local : local.slice(0, plus)}${a.slice(at)}`;
}

export interface KeyedMail {
  mail_subject: string | null;
  mail_from: { address: string } | null;
  mail_to_arr: { address: string }[];
  mail_cc_arr: { address: string }[];
}

/** Subject and participants (sender, To and Cc, de-duplicated and sorted): the key of the conversation this mail starts or continues; null without a subject or participants. */
export function baseThreadKey(mail: KeyedMail): string | null {
  const subject = baseSubject(mail.mail_subject);
  const people = [
    ...new Set([mail.mail_from, ...mail.mail_to_arr, ...mail.mail_cc_arr].filter((a) => !!a?.address).map((a) => plainAddress(a!.address))),
  ].sort();
  if (!subject || people.length < 2) return null;
  return `${subject}\n${people.join(' ')}`;
}

/** The key a header-less reply looks its conversation up by: its base key, when the subject says it is a reply or forward. */
export function fallbackThreadKey(mail: KeyedMail): string | null {
  return isReplySubject(mail.mail_subject) ? baseThreadKey(mail) : null;
}
