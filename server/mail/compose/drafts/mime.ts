/**
 * One MIME message built once with Nodemailer's MailComposer, so the bytes that go out over SMTP
 * are the bytes appended to the Sent folder. Bcc is not in the headers (only in the envelope).
 */
import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { formatAddress } from '../../../../core/mail/compose/addresses';
import { htmlToText } from '../../../../core/mail/compose/plainText';
import type { Address } from '../../tables';

export interface OutgoingMail {
  from: Address;
  to: Address[];
  cc: Address[];
  bcc: Address[];
  subject: string;
  html: string;
  inReplyTo: string | null;
  references: string[];
  /** A job's mail asks for answers at the job's plus-address (server/mail/routing/clues.ts). */
  replyTo?: string | null;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

export interface BuiltMail {
  raw: Buffer;
  messageId: string;
  date: Date;
  text: string;
  envelope: { from: string; to: string[] };
}

export async function buildMail(m: OutgoingMail): Promise<BuiltMail> {
  const domain = m.from.address.split('@')[1] || 'localhost';
  const messageId = `<${randomUUID()}@${domain}>`;
  const date = new Date();
  const text = htmlToText(m.html);
  const composer = new MailComposer({
    from: formatAddress(m.from),
    to: m.to.map(formatAddress),
    cc: m.cc.map(formatAddress),
    ...(m.replyTo ? { replyTo: m.replyTo } : {}),
    subject: m.subject,
    html: m.html,
    text,
    messageId,
    date,
    inReplyTo: m.inReplyTo ?? undefined,
    references: m.references.length ? m.references : undefined,
    attachments: m.attachments,
  });
  const raw = await composer.compile().build();
  const envelope = { from: m.from.address, to: [...m.to, ...m.cc, ...m.bcc].map((a) => a.address) };
  return { raw, messageId, date, text, envelope };
}
