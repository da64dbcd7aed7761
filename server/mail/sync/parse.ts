/**
 * One fetched mail → the `mails` row the sync stores, its downloadable attachments and the words
 * its full-text vector is built from. Pure CPU work with no I/O: the parse worker runs it
 * (parseBatch.ts), and so does the sync itself for a handful of mails.
 */
import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject } from 'mailparser';
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
  /** Not a column: stored as files beside the row. */
  attachments: ParsedAttachment[];
  /** Not a column: the words `search` is built from (searchText.ts). */
  search_text: string;
}

function addresses(value: AddressObject | AddressObject[] | undefined): Address[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value).filter((a) => a.address).map((a) => ({ name: a.name ?? '', address: a.address!.toLowerCase() }));
}

const idList = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? v.split(/\s+/) : []).filter(Boolean);

export async function parseMessage(m: RawMessage): Promise<ParsedMessage> {
  // The text-as-HTML rendering (and its link finder) is not kept: skipping it saves about a
  // third of the parse.
  const parsed = await simpleParser(m.source, { skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true });
  // Without a Message-ID the content itself identifies the mail, so a second copy is still recognised.
  const messageId = parsed.messageId ?? `<${createHash('sha256').update(m.source).digest('hex')}@no-message-id>`;
  const attachments = downloadableAttachments(parsed.attachments);
  const row = {
    message_id: messageId,
    in_reply_to: parsed.inReplyTo ?? null,
    mail_references: idList(parsed.references),
    mail_subject: parsed.subject ?? null,
    mail_from: addresses(parsed.from)[0] ?? null,
    mail_to_arr: addresses(parsed.to),
    mail_cc_arr: addresses(parsed.cc),
    mail_bcc_arr: addresses(parsed.bcc),
    mail_date: parsed.date ?? m.internalDate ?? null,
    mail_html: typeof parsed.html === 'string' ? parsed.html : null,
    mail_text: parsed.text ?? null,
    mail_size: m.size || m.source.length,
    has_attachments: attachments.length > 0,
  };
  return { ...row, attachments, search_text: searchText(row) };
}

/** One mail at a time: 200 parses under way at once keep their buffers alive longer (more garbage collection). */
export async function parseMessages(messages: RawMessage[]): Promise<ParsedMessage[]> {
  const parsed: ParsedMessage[] = [];
  for (const m of messages) parsed.push(await parseMessage(m));
  return parsed;
}
