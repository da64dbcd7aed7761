/**
 * One fetched mail → the `mails` row the sync stores, its downloadable attachments and the words
 * its full-text vector is built from. Pure CPU work with no I/O: the parse worker runs it
 * (parseBatch.ts), and so does the sync itself for a handful of mails.
 *
 * One hostile mail never fails its batch: a mail whose full parse fails (or whose HTML cannot be
 * turned into text) is parsed again without the HTML and kept as `mail_partial` (headers, plain
 * text, attachments; the sync keeps its raw source as a file); one that cannot be read even so
 * comes back as `{ unreadable }` and is recorded as skipped (syncFolder.ts).
 */
import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { Address } from '../tables';
import { downloadableAttachments, type ParsedAttachment } from './attachmentParts';
import { searchText } from './searchText';

export interface RawMessage {
  source: Buffer;
  internalDate: Date | null;
  size: number;
}

export interface ParsedMessage {
  message_id: string;
  in_reply_to: string | null;
  mail_references: string[];
  mail_subject: string | null;
  mail_from: Address | null;
  mail_to_arr: Address[];
  mail_cc_arr: Address[];
  mail_bcc_arr: Address[];
  mail_date: Date | null;
  mail_html: string | null;
  mail_text: string | null;
  mail_size: number;
  has_attachments: boolean;
  /** Why the mail could only partly be read (its HTML is then left out); null when fully parsed. */
  mail_partial: string | null;
  /** Not a column: stored as files beside the row. */
  attachments: ParsedAttachment[];
  /** Not a column: the words `search` is built from (searchText.ts). */
  search_text: string;
}

/** A mail that could not be read at all: recorded as skipped with the reason. */
export interface UnreadableMessage {
  unreadable: string;
}

export type ParseOutcome = ParsedMessage | UnreadableMessage;

export const isUnreadable = (p: ParseOutcome): p is UnreadableMessage => 'unreadable' in p;

/** An error as a short reason to store and show. */
export function failureReason(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text || 'unknown error').replace(/\u0000/g, '').slice(0, 500);
}

/** PostgreSQL's text and jsonb refuse U+0000, which a mail may well hold: it goes, so the row can be stored. */
const noNul = (v: string) => (v.includes('\u0000') ? v.replace(/\u0000/g, '') : v);
const noNulOrNull = (v: string | null) => (v === null ? null : noNul(v));

function addresses(value: AddressObject | AddressObject[] | undefined): Address[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .flatMap((a) => a.value)
    .filter((a) => a.address)
    .map((a) => ({ name: noNul(a.name ?? ''), address: noNul(a.address!.toLowerCase()) }));
}

const idList = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? v.split(/\s+/) : []).map(noNul).filter(Boolean);

/** The options of the full parse: the text-as-HTML rendering (and its link finder) is not kept, skipping it saves about a third of the parse. */
const FULL = { skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true } as const;
/** The fallback: no HTML-to-text conversion, where hostile HTML (nesting, size) breaks a parse. */
const WITHOUT_HTML = { ...FULL, skipHtmlToText: true } as const;

function toRow(m: RawMessage, parsed: ParsedMail, partial: string | null): ParsedMessage {
  // Without a Message-ID the content itself identifies the mail, so a second copy is still recognised.
  const messageId = noNulOrNull(parsed.messageId ?? null) || `<${createHash('sha256').update(m.source).digest('hex')}@no-message-id>`;
  const attachments = downloadableAttachments(parsed.attachments).map((a) => ({ ...a, name: noNul(a.name) }));
  const row = {
    message_id: messageId,
    in_reply_to: noNulOrNull(parsed.inReplyTo ?? null),
    mail_references: idList(parsed.references),
    mail_subject: noNulOrNull(parsed.subject ?? null),
    mail_from: addresses(parsed.from)[0] ?? null,
    mail_to_arr: addresses(parsed.to),
    mail_cc_arr: addresses(parsed.cc),
    mail_bcc_arr: addresses(parsed.bcc),
    mail_date: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : (m.internalDate ?? null),
    // A partly read mail keeps no HTML: what broke its parse would only break its reading.
    mail_html: partial === null && typeof parsed.html === 'string' ? noNul(parsed.html) : null,
    mail_text: noNulOrNull(parsed.text ?? null),
    mail_size: m.size || m.source.length,
    has_attachments: attachments.length > 0,
    mail_partial: partial,
  };
  return { ...row, attachments, search_text: searchText(row) };
}

/** mailparser (3.12+) keeps a mail whose HTML it cannot turn into text and says why here. */
const conversionError = (parsed: ParsedMail) => (parsed as ParsedMail & { textConversionError?: unknown }).textConversionError;

export async function parseMessage(m: RawMessage): Promise<ParseOutcome> {
  let reason: string;
  try {
    const parsed = await simpleParser(m.source, FULL);
    const failed = conversionError(parsed);
    if (!failed) return toRow(m, parsed, null);
    reason = failureReason(failed);
  } catch (err) {
    reason = failureReason(err);
  }
  try {
    return toRow(m, await simpleParser(m.source, WITHOUT_HTML), reason);
  } catch (err) {
    return { unreadable: failureReason(err) };
  }
}

/** One mail at a time: 200 parses under way at once keep their buffers alive longer (more garbage collection). */
export async function parseMessages(messages: RawMessage[]): Promise<ParseOutcome[]> {
  const parsed: ParseOutcome[] = [];
  for (const m of messages) parsed.push(await parseMessage(m));
  return parsed;
}
