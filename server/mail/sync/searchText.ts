/**
 * What the sync hands PostgreSQL to build a mail's full-text vector (`mails.search`, migration
 * 0017): the subject and the names and addresses in full, then each distinct whitespace-separated
 * word of the text once, in the order first seen. PostgreSQL's parser never makes a token across
 * whitespace, so the lexemes are those of the whole text (a compound such as "INV-2041" stays one
 * word and keeps its parts next to each other), while the parse, the most expensive part of
 * storing a mail, reads a few hundred words instead of thousands. What is lost is where later
 * copies of a word stood: the client therefore searches quoted phrases as separate words
 * (server/mail/client/mailList.ts).
 */
import type { Address } from '../tables';

/** As much text as the vector ever covered (the generated column of 0011 took as much). */
const TEXT_LIMIT = 100_000;

/** ASCII whitespace only (space, tab, LF, VT, FF, CR): PostgreSQL's parser takes a no-break or em space as part of a word. */
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);

/** A plain scan rather than split(): this runs over every synced mail's text, and the scan is the cheaper of the two. */
export function distinctWords(text: string): string {
  const seen = new Set<string>();
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || isSpace(text.charCodeAt(i))) {
      if (start >= 0) seen.add(text.slice(start, i));
      start = -1;
    } else if (start < 0) start = i;
  }
  return [...seen].join(' ');
}

export interface SearchSource {
  mail_subject: string | null;
  mail_from: Address | null;
  mail_to_arr: Address[];
  mail_cc_arr: Address[];
  mail_text: string | null;
}

export function searchText(p: SearchSource): string {
  const people = [p.mail_from, ...p.mail_to_arr, ...p.mail_cc_arr].flatMap((a) => (a ? [a.name, a.address] : []));
  return [p.mail_subject ?? '', ...people, distinctWords((p.mail_text ?? '').slice(0, TEXT_LIMIT))].filter(Boolean).join(' ');
}
